import { isNode, isSeq, LineCounter, parseDocument } from "yaml";
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

/** A member as people write one by hand: a bare name, or one alias not in a list. */
const writtenMemberSchema = z.preprocess(
  (entry) => (typeof entry === "string" ? { name: entry } : entry),
  z.object({
    name: memberSchema.shape.name,
    aliases: z.preprocess(
      (aliases) => (typeof aliases === "string" ? [aliases] : aliases),
      memberSchema.shape.aliases,
    ),
    slack: z.unknown().optional(),
  }),
);

/**
 * The members listed in a members.yml text, each problem with its line: a member that does not fit is skipped, a
 * member with a Slack id that is none is kept without it (nobody is @-mentioned by a wrong id).
 */
export function parseMembersFile(fileName: string, text: string): { members: Member[]; problems: Problem[] } {
  const lineCounter = new LineCounter();
  const problem = (message: string, line = 0): Problem => ({ file: fileName, line, message });
  const document = parseDocument(text, { lineCounter });
  const [error] = document.errors;
  if (error !== undefined) {
    const reason = error.message.split("\n")[0];
    return {
      members: [],
      problems: [problem(`not valid YAML (${reason}); file skipped`, error.linePos?.[0].line)],
    };
  }
  const file = z.object({ members: z.array(z.unknown()) }).safeParse(document.toJS());
  if (!file.success) {
    return { members: [], problems: [problem('expected "members:" and a list of members; file skipped')] };
  }
  const listed = document.get("members");
  const lineOf = (at: number) => {
    const item = isSeq(listed) ? listed.items[at] : undefined;
    const offset = isNode(item) ? item.range?.[0] : undefined;
    return offset === undefined ? 0 : lineCounter.linePos(offset).line;
  };
  const members: Member[] = [];
  const problems: Problem[] = [];
  file.data.members.forEach((entry, at) => {
    const line = lineOf(at);
    const written = writtenMemberSchema.safeParse(entry);
    if (!written.success) {
      problems.push(
        problem(`member ${at + 1} is not valid${firstIssueOf(written.error, "member")}; skipped`, line),
      );
      return;
    }
    const { aliases, slack } = written.data;
    const name = nameAsWritten(written.data.name);
    const key = personKey(name);
    if (key.length === 0) {
      problems.push(problem(`member ${at + 1} has no name; skipped`, line));
      return;
    }
    if (members.some((known) => known.key === key)) {
      problems.push(problem(`member ${at + 1} (${name}) is listed twice; skipped`, line));
      return;
    }
    // A mention copied from Slack (`<@U012AB3CD>`, `<@U012AB3CD|enyu>`) holds the id.
    const slackId = memberSchema.shape.slack.safeParse(
      typeof slack === "string"
        ? (/^<@([UW][A-Z0-9]+)(?:\|[^>]*)?>$/.exec(slack.trim())?.[1] ?? slack)
        : slack,
    );
    if (!slackId.success)
      problems.push(problem(`${name}'s slack id is not a Slack user id (U012AB3CD); kept without it`, line));
    members.push({ name, aliases, key, ...(slackId.success && slackId.data ? { slack: slackId.data } : {}) });
  });
  // An alias that is another member's name would make the two one person.
  for (const member of members) {
    const others = member.aliases.filter((alias) =>
      members.some((other) => other !== member && other.key === personKey(alias)),
    );
    for (const alias of others)
      problems.push(problem(`${member.name}'s alias ${alias} is another member's name; alias ignored`));
    member.aliases = member.aliases.filter((alias) => !others.includes(alias));
  }
  return { members, problems };
}

/** A name as written in a list: "Zhou, Enyu" is Enyu Zhou; an e-mail (<…>) or a note ("(PhD student)") is no part of it. */
function nameAsWritten(written: string): string {
  const name = written
    .replace(/<[^<>]*>|\([^()]*\)|\S+@\S+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const parts = name.split(",").map((part) => part.trim());
  return parts.length === 2 && parts.every((part) => part.length > 0) ? `${parts[1]} ${parts[0]}` : name;
}
