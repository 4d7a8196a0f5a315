import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FRIENDLY_ERROR, MESSAGES } from "../../src/bot/messages.js";
import type { SearchIndex } from "../../src/search/types.js";
import { RELATED_PAPERS_SHORTCUT } from "../../src/slack/shortcut.js";
import { fixtureBot } from "../helpers/bot.js";
import { paperWith } from "../helpers/papers.js";
import { SLACK_MODES, type SurfaceApp, startSurfaceApp, waitUntil } from "../helpers/surface-app.js";

let shortcuts = 0;

/** A message_action payload as Slack sends it for "Find related papers" on one message. */
function shortcutPayload(
  message: Record<string, unknown>,
  options: { responseUrl?: string; withoutResponseUrl?: boolean } = {},
) {
  shortcuts += 1;
  return {
    type: "message_action",
    token: "verification-token-unused",
    action_ts: `1700000500.${String(shortcuts).padStart(6, "0")}`,
    team: { id: "T0TEST", domain: "test" },
    user: { id: "U0ASKER", username: "asker", team_id: "T0TEST", name: "asker" },
    channel: { id: "C0CHANNEL", name: "papers" },
    is_enterprise_install: false,
    callback_id: RELATED_PAPERS_SHORTCUT,
    trigger_id: `1337.42.${shortcuts}`,
    message_ts: "1700000400.000100",
    ...(options.responseUrl === undefined ? {} : { response_url: options.responseUrl }),
    message: { type: "message", user: "U0AUTHOR", ts: "1700000400.000100", ...message },
  };
}

describe.each(SLACK_MODES)("the message shortcut over %s", (mode) => {
  let surface: SurfaceApp;
  let index: SearchIndex;
  let hooks = 0;
  const rlhf = () => paperWith(index, "RLHF").headline.slice(0, 30);
  const compiler = () => paperWith(index, "punched cards").headline.slice(0, 30);
  const imitation = () => paperWith(index, "imitation game").headline.slice(0, 30);

  /** Runs the shortcut on a message and returns what reached its response_url. */
  async function related(message: Record<string, unknown>) {
    const path = `/shortcut/${mode}/${++hooks}`;
    await surface.interactive(shortcutPayload(message, { responseUrl: surface.slack.responseUrl(path) }));
    await waitUntil(() => expect(surface.slack.responses(path)).toHaveLength(1));
    const [reply] = surface.slack.responses(path);
    return { reply, shown: JSON.stringify(reply), path };
  }

  beforeAll(async () => {
    const fixture = await fixtureBot();
    index = fixture.index;
    surface = await startSurfaceApp(mode, fixture.bot);
  });
  afterAll(() => surface.stop());

  it("answers privately with the papers matching the message's distinctive words, not its chat", async () => {
    const { reply, shown } = await related({
      text: "Has anyone here tried training reward models from human preference comparisons? Asking for our RLHF reading group :pray:",
    });
    expect(reply).toMatchObject({ response_type: "ephemeral", replace_original: false, unfurl_links: false });
    expect(String(reply?.text)).toContain(`1. ${rlhf()}`);
    expect(shown).toContain(MESSAGES.relatedNotice);
    expect(shown).not.toContain("pray");
    expect(surface.slack.callsOf("chat.postMessage")).toEqual([]);
  });

  it("reads a link's unfurl when the message is only the link", async () => {
    const { reply } = await related({
      text: "<https://example.org/paper/77>",
      attachments: [
        { title: "A compiler for the analytical engine", text: "Symbolic programs into punched cards" },
      ],
    });
    expect(String(reply?.text)).toContain(`1. ${compiler()}`);
  });

  it("reads the blocks of a message without text, and the file titles of a message with only files", async () => {
    const blocks = await related({
      text: "",
      blocks: [{ type: "section", text: { type: "mrkdwn", text: "Can machines think? The imitation game" } }],
    });
    expect(String(blocks.reply?.text)).toContain(`1. ${imitation()}`);
    const files = await related({
      files: [{ name: "morphogenesis-notes.pdf", title: "Morphogenesis notes" }],
    });
    expect(files.shown).toContain(paperWith(index, "Morphogenesis").headline.slice(0, 30));
  });

  it.each([
    ["a message with only a file without a title", { files: [{}] }, MESSAGES.relatedNoText],
    ["a message of only stop words", { text: "and the of it is, thanks!" }, MESSAGES.relatedOnlyCommon],
    ["a message about something else", { text: "Pizza at noon in the kitchen" }, MESSAGES.relatedUnknown],
  ])("answers %s kindly", async (_what, message, text) => {
    const { shown } = await related(message);
    expect(shown).toContain(JSON.stringify(text).slice(1, 40));
  });

  it("lets no mention or broadcast in the message through to the reply", async () => {
    const { shown } = await related({
      text: "<!channel> <@U0ABCDEF> who else loves punched cards? <!here> <!subteam^S0TEAM> @everyone",
    });
    expect(shown).toContain(compiler());
    // "loves" only begins a name (Lovelace): no paper uses the word, so it is no search term.
    expect(shown).toContain("for “punched cards”");
    for (const ping of ["<!channel>", "<!here>", "<@U0ABCDEF>", "<!subteam", "@everyone"])
      expect(shown).not.toContain(ping);
  });

  it("answers a very long message with a short query", async () => {
    const text = `${"We fed symbolic programs to the analytical engine on punched cards. ".repeat(400)}Then we went home.`;
    const { reply } = await related({ text });
    expect(String(reply?.text)).toContain(`1. ${compiler()}`);
    const heading = JSON.stringify(reply).match(/papers? for “([^”]*)”/)?.[1] ?? "";
    expect(heading.split(" ").length).toBeLessThanOrEqual(5);
  });

  it("sends the answer to the asker's DM once when Slack refuses the response_url", async () => {
    const path = `/shortcut/${mode}/refused`;
    surface.slack.fail(path, { status: 404 });
    const before = surface.slack.messages.length;
    await surface.interactive(
      shortcutPayload(
        { text: "punched cards for the engine" },
        { responseUrl: surface.slack.responseUrl(path) },
      ),
    );
    await waitUntil(() => expect(surface.slack.messages.length).toBe(before + 1));
    const [dm] = surface.slack.messages.slice(before);
    expect(dm?.channel).toBe("U0ASKER");
    expect(dm?.thread_ts).toBeUndefined();
    expect(JSON.stringify(dm)).toContain(compiler());
    expect(JSON.stringify(dm)).toContain(MESSAGES.relatedInDm.slice(1, 30));
    expect(surface.slack.responses(path)).toEqual([]);
  });

  it("sends the answer again once Slack takes it after a 500, privately, with no DM", async () => {
    const path = `/shortcut/${mode}/unconfirmed`;
    surface.slack.fail(path, { status: 500 });
    const before = surface.slack.messages.length;
    await surface.interactive(
      shortcutPayload({ text: "the imitation game" }, { responseUrl: surface.slack.responseUrl(path) }),
    );
    await waitUntil(() => expect(surface.slack.responses(path)).toHaveLength(1));
    expect(JSON.stringify(surface.slack.responses(path)[0])).toContain(imitation());
    expect(surface.slack.callsOf(path)).toHaveLength(2);
    expect(surface.slack.messages.length).toBe(before);
  });

  it("sends the answer to the asker's DM when the payload has no response_url", async () => {
    const before = surface.slack.messages.length;
    await surface.interactive(shortcutPayload({ text: "the imitation game" }));
    await waitUntil(() => expect(surface.slack.messages.length).toBe(before + 1));
    expect(surface.slack.messages.at(-1)).toMatchObject({ channel: "U0ASKER" });
    expect(JSON.stringify(surface.slack.messages.at(-1))).toContain(imitation());
  });

  it("answers a payload it cannot read with the friendly error, never a stack trace", async () => {
    const path = `/shortcut/${mode}/malformed`;
    const payload = { ...shortcutPayload({ text: "RLHF" }), user: "not-an-object" };
    await surface.interactive({ ...payload, response_url: surface.slack.responseUrl(path) });
    await waitUntil(() => expect(surface.slack.responses(path)).toHaveLength(1));
    expect(surface.slack.responses(path)[0]).toMatchObject({
      text: FRIENDLY_ERROR,
      response_type: "ephemeral",
    });
  });

  it("counts shortcuts in the metrics", async () => {
    const text = await surface.metrics.registry.metrics();
    expect(text).toMatch(/paperbot_requests_total\{kind="shortcut",outcome="answered"\} (?:[1-9]\d*)/);
    expect(text).toMatch(/paperbot_ack_seconds_count\{kind="message_action"\} [1-9]/);
  });
});
