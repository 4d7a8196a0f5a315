import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { savedEntryOf } from "../../src/bot/saved-answers.js";
import { runCli } from "../../src/cli/commands.js";
import { loadCorpus } from "../../src/corpus/load.js";
import { createReadingList } from "../../src/follow/controls.js";
import { createSearchEngine } from "../../src/search/engine.js";
import type { PaperLookups } from "../../src/search/types.js";
import { paperIdWith } from "../follow/helpers.js";
import { childEnv } from "../helpers/child-env.js";
import { childOutput, type ProcessOutput } from "../helpers/console-process.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { freshStates, type TestState } from "../helpers/stores.js";

/** `paperbot …` as installed, with this environment; resolves when it exits (the loopback Slack keeps serving). */
function paperbot(args: string[], env: Record<string, string>): Promise<ProcessOutput> {
  const child = spawn(process.execPath, ["bin/paperbot.js", ...args], {
    env: childEnv({ TMPDIR: process.env.TMPDIR ?? "", ...env }),
  });
  return childOutput(child);
}

describe("paperbot saved export", () => {
  const freshState = freshStates("sqlite");
  let state: TestState;
  let seeds: PaperLookups;
  let slack: FakeSlackApi;
  let ids: string[];

  beforeEach(async () => {
    slack = await startFakeSlackApi();
    state = await freshState();
    seeds = createSearchEngine(await loadCorpus("seeds"));
    ids = [paperIdWith(seeds, "SafeAligner"), paperIdWith(seeds, "PPO-max")];
    const store = await state.open();
    const list = createReadingList(store);
    for (const [i, id] of ids.entries()) {
      const paper = seeds.paper(id);
      if (paper) await list.save("U0READER", savedEntryOf(paper, 1_767_000_000_000 + i));
    }
    // A paper that has since left the corpus is exported under what it was when saved.
    await list.save("U0READER", {
      paperId: "gone123",
      savedAt: 1_766_000_000_000,
      headline: "A *paper* that left",
      authors: "Someone Else",
      owners: [],
      abstract: "It was here once.",
    });
    await store.close();
  });
  afterEach(async () => {
    await slack.close();
  });

  const env = () => ({ STATE_PATH: state.location, CACHE_DIR: join(state.location, "..", "cache") });

  // A load that takes over a second (a busy machine) tells its progress on stderr, a line each; nothing else may.
  const progressLine =
    /^(?:Reading the corpus: [\d,]+ files|Parsing [\d,]+ files|Indexing [\d,]+ of [\d,]+ papers .*|Indexed [\d,]+ papers; finishing the index)$/;
  const besideProgress = (stderr: string) =>
    stderr.split("\n").filter((line) => line !== "" && !progressLine.test(line));

  it("without a bot token prints the Markdown: headline, authors, owners, id and abstract, newest first", async () => {
    const { code, stdout, stderr } = await paperbot(["saved", "export", "--user", "U0READER"], env());
    expect(besideProgress(stderr)).toEqual([]);
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^# Reading list\n\nExported from Paperbot on \d{4}-\d{2}-\d{2}: 3 papers, newest first\./,
    );
    for (const id of ids) {
      const paper = seeds.paper(id);
      expect(stdout).toContain(`- Id: \`${id}\``);
      expect(stdout).toContain(paper?.abstract.slice(0, 30));
    }
    expect(stdout.indexOf(ids[1] ?? "")).toBeLessThan(stdout.indexOf(ids[0] ?? ""));
    expect(stdout).toContain("- Group members: ");
    expect(stdout).toContain("## A \\*paper\\* that left");
    expect(stdout).toContain("(no longer in the corpus)");
  });

  it("with SLACK_BOT_TOKEN uploads the Markdown and .bib files to the person's DM with files.uploadV2", async () => {
    const { code, stdout } = await paperbot(["saved", "export", "--user", "U0READER"], {
      ...env(),
      SLACK_BOT_TOKEN: "xoxb-3-3-clitoken",
      SLACK_API_URL: slack.apiUrl,
    });
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /^Sent 3 saved papers to U0READER's DM as reading-list-\d{4}-\d{2}-\d{2}\.md and reading-list-\d{4}-\d{2}-\d{2}\.bib\n$/,
    );
    expect(slack.callsOf("conversations.open")[0]?.args.users).toBe("U0READER");
    expect(slack.callsOf("files.getUploadURLExternal")).toHaveLength(2);
    const [file] = slack.files;
    expect(file?.channel).toBe("D0READER");
    expect(file?.content).toContain(`- Id: \`${ids[0]}\``);
    // The seeds' papers have no title: each entry made for one says so, as Copy BibTeX does.
    const bib =
      slack.files.find((uploaded) => uploaded.content.includes("% Reading list exported"))?.content ?? "";
    // (the third saved paper has left the corpus: its entry is made from what the list kept, with no title either)
    expect(bib.match(/^% No title in the library for “[^”]+”: add it before you cite\.\r?$/gm)?.length).toBe(
      3,
    );
    expect(slack.callsOf("files.completeUploadExternal")[0]?.authorization).toBe("Bearer xoxb-3-3-clitoken");
  });

  it("writes --out FILE instead, and refuses a missing or malformed --user with usage", async () => {
    const out = join(state.location, "..", "list.md");
    let stdout = "";
    let stderr = "";
    const io = { stdout: (t: string) => (stdout += t), stderr: (t: string) => (stderr += t) };
    const store = await state.open();
    const saved = {
      openReadingList: async () => ({ list: createReadingList(store), close: async () => {} }),
    };
    expect(await runCli(["saved", "export", "--user", "U0READER", "--out", out], io, { saved })).toBe(0);
    expect(stdout).toBe(`Wrote 3 saved papers to ${out}\n`);
    expect(readFileSync(out, "utf8")).toContain(`- Id: \`${ids[1]}\``);
    const bibOut = join(state.location, "..", "list.bib");
    expect(await runCli(["saved", "export", "--user", "U0READER", "--out", bibOut], io, { saved })).toBe(0);
    const bib = readFileSync(bibOut, "utf8");
    expect(bib).toMatch(
      /^% Reading list exported from Paperbot on \d{4}-\d{2}-\d{2}: 3 papers, newest first\.\n/,
    );
    expect(bib.match(/^@misc\{/gm)).toHaveLength(3);
    expect(await runCli(["saved", "export"], io, { saved })).toBe(2);
    expect(stderr).toContain("Usage: paperbot saved export --user U…");
    expect(await runCli(["saved", "export", "--user", "#general"], io, { saved })).toBe(2);
    expect(stderr).toContain("--user needs a Slack user id");
    expect(await runCli(["saved", "export", "--user", "U0NOBODY"], io, { saved })).toBe(1);
    expect(stderr).toContain("Your reading list is empty");
    await store.close();
  });
});
