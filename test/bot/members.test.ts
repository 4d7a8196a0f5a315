import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answer } from "../../src/bot/answer.js";
import type { BotDeps } from "../../src/bot/ports.js";
import type { Reply } from "../../src/bot/reply.js";
import type { BotRequest } from "../../src/bot/request.js";
import { peopleLinesOf } from "../../src/bot/who-answer.js";
import { loadCorpus } from "../../src/corpus/load.js";
import { createFollowControl } from "../../src/follow/controls.js";
import { renderSlackMessage } from "../../src/render/blocks.js";
import { slackMention } from "../../src/render/escape.js";
import { renderTerminal } from "../../src/render/terminal.js";
import type { SearchIndex } from "../../src/search/types.js";
import { servedIndex, servedIndexOf } from "../helpers/served-index.js";
import { freshStates } from "../helpers/stores.js";

// The seeds with a members.yml: three members with a Slack id, one known by an alias, one without an id.
const MEMBERS_YML = `members:
  - name: Enyu Zhou
    slack: U0ENYU001
  - name: Senjie Jin
    aliases: [Jin Senjie]
    slack: U0SENJIE2
  - name: Rui Zheng
    slack: W0RUIZHE3
  - name: Shihan Dou
`;

let dir: string;
let withMembers: SearchIndex;
let seedsOnly: SearchIndex;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "paperbot-members-"));
  cpSync("seeds", dir, { recursive: true });
  writeFileSync(join(dir, "members.yml"), MEMBERS_YML);
  withMembers = await servedIndexOf(await loadCorpus(dir));
  seedsOnly = await servedIndex("seeds");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const depsOf = (index: SearchIndex): BotDeps => ({
  index: () => index,
  random: () => 0.42,
  now: () => new Date("2025-03-03T08:00:00Z"),
  defaultTimeZone: "UTC",
});
const slash = (text: string): BotRequest => ({
  source: "slash",
  text,
  userId: "U0ASKER1",
  channelId: "C0PAPERS",
});
const replyTo = async (index: SearchIndex, text: string): Promise<Reply> =>
  (await answer(depsOf(index), slash(text))).reply;
const slackText = (reply: Reply) => JSON.stringify(renderSlackMessage(reply).blocks);
const mentionsIn = (text: string) => [...text.matchAll(/<[@!#][^>]*>/g)].map((m) => m[0]);

describe("members.yml in answers", () => {
  const freshState = freshStates("sqlite");
  it("mentions the members with a Slack id in a who answer, and lists people outside the group after them", async () => {
    const reply = await replyTo(withMembers, "who has worked on reward models?");
    if (reply.kind !== "people") throw new Error(`expected people, got ${reply.kind}`);
    const shown = slackText(reply);
    expect(shown).toContain("Enyu Zhou <@U0ENYU001>");
    expect(mentionsIn(shown).every((m) => ["<@U0ENYU001>", "<@U0SENJIE2>", "<@W0RUIZHE3>"].includes(m))).toBe(
      true,
    );
    // Shihan Dou is a member without an id: in the group, never mentioned.
    const shihan = reply.lines.find((line) => line.people.some((p) => p.name === "Shihan Dou"));
    expect(shihan?.outside).toBeUndefined();
    expect(shihan?.people[0]?.slack).toBeUndefined();
    const outsideAt = reply.lines.findIndex((line) => line.outside);
    expect(outsideAt).toBeGreaterThan(0);
    expect(reply.lines.slice(outsideAt).every((line) => line.outside)).toBe(true);
    // A line never mixes members and people outside the group.
    for (const line of reply.lines.slice(outsideAt))
      for (const person of line.people) expect(person.slack).toBeUndefined();
    expect(shown).toContain("Outside the group");
    // The notification text (the fallback) pings nobody.
    expect(mentionsIn(renderSlackMessage(reply).text)).toEqual([]);
  });

  it("makes members the owners of their papers without an author file, found under an alias too", async () => {
    const reply = await replyTo(withMembers, "author Rui Zheng");
    if (reply.kind !== "author") throw new Error(`expected author, got ${reply.kind}`);
    expect(reply.summary.profiled).toBe(true);
    expect(reply.members?.ruizheng).toEqual({ slack: "W0RUIZHE3" });
    const alias = await replyTo(withMembers, "author Jin Senjie");
    expect(alias.kind === "author" && alias.summary.name).toBe("Senjie Jin");
  });

  it("mentions the member an author summary is about and their member co-authors, the others apart", async () => {
    const reply = await replyTo(withMembers, "author Enyu Zhou");
    if (reply.kind !== "author") throw new Error(`expected author, got ${reply.kind}`);
    const shown = slackText(reply);
    expect(shown).toContain("Member of the group <@U0ENYU001>");
    expect(shown).toMatch(/Often with\* {2}[^·]*Rui Zheng <@W0RUIZHE3> \(\d+\)/);
    expect(shown).toMatch(/Outside the group\* {2}[^·]*Zhiheng Xi \(\d+\)/);
    expect(renderTerminal(reply).text).toContain("Member of the group @U0ENYU001");
  });

  it("answers as before without a members.yml: nobody mentioned, no member lines", async () => {
    const who = await replyTo(seedsOnly, "who has worked on reward models?");
    const author = await replyTo(seedsOnly, "author Enyu Zhou");
    expect(mentionsIn(slackText(who))).toEqual([]);
    expect(author.kind === "author" && author.members).toBeUndefined();
    expect(mentionsIn(slackText(author))).toEqual([]);
  });

  it("never turns anything but a Slack user id into a mention", () => {
    for (const forged of ["<!channel>", "!here", "U0AB>|x<!channel", "C0CHANNEL", "u0lower", "U"])
      expect(slackMention(forged)).toBe("");
    expect(slackMention("U012AB3CD")).toBe("<@U012AB3CD>");
    const [line] = peopleLinesOf(
      [{ key: "eve", name: "<!channel> Eve", score: 1, profiled: true, papers: [] }],
      {
        members: new Map([["eve", { name: "Eve", key: "eve", aliases: [], slack: "<!channel>" }]]),
        any: true,
      },
    );
    const shown = slackText({
      kind: "people",
      topic: "x",
      lines: line ? [line] : [],
      firstLine: 0,
      lineTotal: 1,
    });
    expect(mentionsIn(shown)).toEqual([]);
  });

  it("follows the member a slightly wrong name or alias means, and says so; never a topic that cannot match", async () => {
    const store = await (await freshState()).open();
    const follows = createFollowControl(store, { now: () => new Date(0), whatsNewWindowMs: 1 });
    const deps = { ...depsOf(withMembers), follows };
    const said = async (text: string) => (await answer(deps, slash(text))).reply;
    const enyu = await said("follow Enyu Zhuo");
    expect(enyu.kind === "followed" && [enyu.target.label, enyu.nearOf]).toEqual(["Enyu Zhou", "Enyu Zhuo"]);
    // "Jin Senjei": the alias "Jin Senjie" with two letters swapped.
    const senjie = await said("follow Jin Senjei");
    expect(senjie.kind === "followed" && senjie.target.label).toBe("Senjie Jin");
    expect(slackText(senjie)).toContain("the closest name to “Jin Senjei”");
    const shihan = await said("follow Shihan Duo");
    expect(shihan.kind === "followed" && shihan.target.label).toBe("Shihan Dou");
    expect((await follows.list("U0ASKER1")).every((follow) => follow.kind === "author")).toBe(true);
    await store.close();
  });
});
