import { describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/commands.js";
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
