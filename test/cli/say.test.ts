import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/bot/messages.js";
import { runCli } from "../../src/cli/commands.js";
import { cliConfigOf } from "../../src/config.js";
import { cliOptionsOf } from "../../src/start/cli-options.js";
import { FIXTURE_CORPUS } from "../helpers/bot.js";

async function say(text: string, json = true) {
  let stdout = "";
  const code = await runCli(
    [...(json ? ["--json"] : []), "say", text],
    { stdout: (t) => (stdout += t), stderr: () => {} },
    { corpusDir: FIXTURE_CORPUS, random: () => 0.25 },
  );
  return { code, stdout, json: () => JSON.parse(stdout) };
}

describe("paperbot say", () => {
  it("gives the exact private response a /paper command sends", async () => {
    const { code, json } = await say("/paper imitation game");
    expect(code).toBe(0);
    const { messages } = json();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      response_type: "ephemeral",
      replace_original: false,
      unfurl_links: false,
      unfurl_media: false,
    });
    expect(Array.isArray(messages[0].blocks)).toBe(true);
    expect(messages[0].text).toContain("imitation");
  });

  it("treats bare text as the text of /paper", async () => {
    expect((await say("imitation game")).json()).toEqual((await say("/paper imitation game")).json());
  });

  it("gives the chat.postMessage a mention would send", async () => {
    const { messages } = (await say("@paperbot who has worked on reward models?")).json();
    expect(messages[0]).toHaveProperty("channel");
    expect(messages[0]).not.toHaveProperty("response_type");
    expect(JSON.stringify(messages[0])).toContain("Ada Lovelace");
  });

  it("prints the console's text form, with the buttons it would show", async () => {
    const { stdout } = await say("/paper author Alan Turing", false);
    expect(stdout).toContain("*Alan Turing*");
    expect(stdout).toMatch(/\[1\] /);
    expect(stdout).not.toContain('"blocks"');
  });
});

describe("paperbot say with the state store", () => {
  const dir = mkdtempSync(join(tmpdir(), "paperbot-say-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const env = {
    CORPUS_DIR: FIXTURE_CORPUS,
    CACHE_DIR: join(dir, "cache"),
    STATE_PATH: join(dir, "state.db"),
  };

  async function sayWithState(text: string) {
    let stdout = "";
    const code = await runCli(
      ["say", text],
      { stdout: (t) => (stdout += t), stderr: () => {} },
      cliOptionsOf(cliConfigOf(env), { write: () => true }),
    );
    return { code, stdout };
  }

  it("shows the daily post, follows and the reading list the bot keeps in STATE_PATH", async () => {
    expect((await sayWithState("/paper daily on 08:30 Europe/Berlin")).stdout).toContain("Daily paper is on");
    const preview = await sayWithState("/paper daily preview");
    expect(preview.stdout).toContain("Preview");
    expect(preview.stdout).toContain("Paper of the day");
    expect((await sayWithState("/paper follow Alan Turing")).stdout).toContain("You now follow");
    expect((await sayWithState("/paper following")).stdout).toContain("You follow 1 thing");
    const saved = await sayWithState("/paper saved");
    expect(saved.stdout).toContain("Your reading list is empty");
    for (const answer of [preview.stdout, saved.stdout]) {
      expect(answer).not.toContain(MESSAGES.dailyUnavailable);
      expect(answer).not.toContain(MESSAGES.savedUnavailable);
    }
  });
});
