import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { personKey } from "./names.js";
import { firstIssueOf } from "./problem-schema.js";
import type { Member, Problem } from "./types.js";

/** The file in CORPUS_DIR that lists the group's members. */
export const MEMBERS_FILE_NAMES = ["members.yml", "members.yaml"];

const memberSchema = z.object({
  name: z.string().trim().min(1),
  aliases: z.array(z.string().trim().min(1)).optional(),
  slack: z
    .string()
    .regex(/^[UW][A-Z0-9]{2,}$/, "a Slack user id looks like U012AB3CD")
    .optional(),
});

/** The members listed in a members.yml text; a member that does not fit the schema is skipped with a problem. */
export function parseMembersFile(fileName: string, text: string): { members: Member[]; problems: Problem[] } {
  const problems: Problem[] = [];
  let raw: unknown;
  try {
    raw = parseYaml(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
    return {
      members: [],
      problems: [{ file: fileName, line: 0, message: `not valid YAML (${reason}); file skipped` }],
    };
  }
  const file = z.object({ members: z.array(z.unknown()) }).safeParse(raw);
  if (!file.success) {
    return {
      members: [],
      problems: [
        { file: fileName, line: 0, message: 'expected "members:" and a list of members; file skipped' },
      ],
    };
  }
  const members: Member[] = [];
  const seen = new Set<string>();
  file.data.members.forEach((entry, at) => {
    const member = memberSchema.safeParse(entry);
    if (!member.success) {
      const where = firstIssueOf(member.error, "member");
      problems.push({ file: fileName, line: 0, message: `member ${at + 1} is not valid${where}; skipped` });
      return;
    }
    const key = personKey(member.data.name);
    if (key.length === 0 || seen.has(key)) {
      problems.push({
        file: fileName,
        line: 0,
        message: `member ${at + 1} (${member.data.name}) is listed twice; skipped`,
      });
      return;
    }
    seen.add(key);
    members.push({
      name: member.data.name,
      key,
      aliases: member.data.aliases ?? [],
      ...(member.data.slack === undefined ? {} : { slack: member.data.slack }),
    });
  });
  return { members, problems };
}
