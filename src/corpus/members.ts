import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { personKey } from "./names.js";
import { firstIssueOf } from "./problem-schema.js";
import type { Member, Problem } from "./types.js";

/** The file in CORPUS_DIR that lists the group's members. */
export const MEMBERS_FILE_NAMES = ["members.yml", "members.yaml"];

/** A member as members.yml lists one (the index keeps them with their keys). */
export const memberSchema = z.object({
  name: z.string().trim().min(1),
  aliases: z.array(z.string().trim().min(1)).default([]),
  slack: z
    .string()
    .regex(/^[UW][A-Z0-9]{2,}$/, "a Slack user id looks like U012AB3CD")
    .optional(),
});

/** The members listed in a members.yml text; a member that does not fit the schema is skipped with a problem. */
export function parseMembersFile(fileName: string, text: string): { members: Member[]; problems: Problem[] } {
  const problem = (message: string): Problem => ({ file: fileName, line: 0, message });
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return { members: [], problems: [problem(`not valid YAML (${reason}); file skipped`)] };
  }
  const file = z.object({ members: z.array(z.unknown()) }).safeParse(raw);
  if (!file.success) {
    return { members: [], problems: [problem('expected "members:" and a list of members; file skipped')] };
  }
  const members: Member[] = [];
  const problems: Problem[] = [];
  file.data.members.forEach((entry, at) => {
    const member = memberSchema.safeParse(entry);
    const key = member.success ? personKey(member.data.name) : "";
    if (!member.success) {
      problems.push(problem(`member ${at + 1} is not valid${firstIssueOf(member.error, "member")}; skipped`));
    } else if (key.length === 0 || members.some((known) => known.key === key)) {
      problems.push(problem(`member ${at + 1} (${member.data.name}) is listed twice; skipped`));
    } else members.push({ ...member.data, key });
  });
  return { members, problems };
}
