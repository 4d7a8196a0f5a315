import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASK_INPUTS, ASK_MODAL_CALLBACK, ASK_TEXT } from "../../src/render/ask-modal.js";
import type { SearchIndex } from "../../src/search/types.js";
import { ASK_SHORTCUT } from "../../src/slack/ask-shortcut.js";
import { fixtureBot } from "../helpers/bot.js";
import { paperWith } from "../helpers/papers.js";
import { SLACK_MODES, type SurfaceApp, startSurfaceApp, waitUntil } from "../helpers/surface-app.js";

// "Ask Paperbot" in the shortcuts menu: a form, answered privately in the conversation picked.

let sent = 0;
const team = { id: "T0TEST", domain: "test" };
const user = { id: "U0ASKER", username: "asker", name: "asker", team_id: "T0TEST" };

/** The global shortcut as Slack sends it when "Ask Paperbot" is picked. */
function shortcutPayload() {
  sent += 1;
  return {
    type: "shortcut",
    token: "verification-token-unused",
    action_ts: `1700000600.${String(sent).padStart(6, "0")}`,
    team,
    user,
    is_enterprise_install: false,
    enterprise: null,
    callback_id: ASK_SHORTCUT,
    trigger_id: `1337.43.${sent}`,
  };
}

/** The form's submission, with the response_url Slack makes for the conversation picked. */
function submissionPayload(question: string, responseUrl: string | undefined) {
  sent += 1;
  return {
    type: "view_submission",
    token: "verification-token-unused",
    team,
    user,
    api_app_id: "A0PAPERBOT",
    trigger_id: `1337.44.${sent}`,
    is_enterprise_install: false,
    view: {
      id: `V0ASK${sent}`,
      team_id: team.id,
      type: "modal",
      callback_id: ASK_MODAL_CALLBACK,
      private_metadata: "",
      hash: `hash-${sent}`,
      state: {
        values: {
          [ASK_INPUTS.question.block]: {
            [ASK_INPUTS.question.action]: { type: "plain_text_input", value: question },
          },
          [ASK_INPUTS.where.block]: {
            [ASK_INPUTS.where.action]: { type: "conversations_select", selected_conversation: "C0CHANNEL" },
          },
        },
      },
    },
    response_urls:
      responseUrl === undefined
        ? []
        : [
            {
              block_id: ASK_INPUTS.where.block,
              action_id: ASK_INPUTS.where.action,
              channel_id: "C0CHANNEL",
              response_url: responseUrl,
            },
          ],
  };
}

describe.each(SLACK_MODES)("Ask Paperbot, the global shortcut, over %s", (mode) => {
  let surface: SurfaceApp;
  let index: SearchIndex;
  let hooks = 0;

  beforeAll(async () => {
    const fixture = await fixtureBot();
    index = fixture.index;
    surface = await startSurfaceApp(mode, fixture.bot);
  });
  afterAll(() => surface.stop());

  /** Submits the form and returns what reached the response_url of the conversation picked. */
  async function ask(question: string) {
    const path = `/ask/${mode}/${++hooks}`;
    const ack = await surface.interactive(submissionPayload(question, surface.slack.responseUrl(path)));
    await waitUntil(() => expect(surface.slack.responses(path)).toHaveLength(1));
    const [reply] = surface.slack.responses(path);
    return { ack, reply, shown: JSON.stringify(reply) };
  }

  it("opens a form asking what to look for and where to show the answer", async () => {
    const payload = shortcutPayload();
    await surface.interactive(payload);
    await waitUntil(() => expect(surface.slack.callsOf("views.open")).toHaveLength(1));
    const [open] = surface.slack.callsOf("views.open");
    expect(open?.args.trigger_id).toBe(payload.trigger_id);
    const view = JSON.stringify(open?.args.view);
    expect(view).toContain(ASK_MODAL_CALLBACK);
    expect(view).toContain(ASK_TEXT.questionLabel);
    expect(view).toContain('"type":"conversations_select"');
    expect(view).toContain('"response_url_enabled":true');
    expect(view).toContain('"default_to_current_conversation":true');
  });

  it("answers a search privately in the conversation picked, with cards that can be shared", async () => {
    const { ack, reply, shown } = await ask("RLHF");
    expect(JSON.stringify(ack ?? {})).not.toContain("response_action");
    expect(reply).toMatchObject({ response_type: "ephemeral" });
    expect(String(reply?.text)).toContain(paperWith(index, "RLHF").headline.slice(0, 30));
    expect(shown).toContain("Share in channel");
    expect(surface.slack.callsOf("chat.postMessage")).toEqual([]);
  });

  it("answers anything /paper does: who works on a topic", async () => {
    const { reply } = await ask("who works on reward models?");
    expect(String(reply?.text)).toMatch(/^People behind “reward models”/);
  });

  it("keeps the form open with a note when the question is empty, and answers nothing", async () => {
    const before = surface.slack.calls.length;
    const ack = await surface.interactive(submissionPayload("   ", surface.slack.responseUrl("/ask/empty")));
    expect(ack).toEqual({
      response_action: "errors",
      errors: { [ASK_INPUTS.question.block]: ASK_TEXT.emptyQuestion },
    });
    expect(surface.slack.responses("/ask/empty")).toEqual([]);
    expect(surface.slack.calls.length).toBe(before);
  });

  it("acknowledges a form that comes without its state, asking for the question again, and answers nothing", async () => {
    // A view_submission as Slack sends it for a view whose inputs it did not keep: no view.state.
    const { state: _state, ...view } = submissionPayload("RLHF", undefined).view;
    const before = surface.slack.calls.length;
    const ack = await surface.interactive({
      ...submissionPayload("RLHF", surface.slack.responseUrl("/ask/stateless")),
      view,
    });
    expect(ack).toEqual({
      response_action: "errors",
      errors: { [ASK_INPUTS.question.block]: ASK_TEXT.emptyQuestion },
    });
    expect(surface.slack.responses("/ask/stateless")).toEqual([]);
    expect(surface.slack.calls.length).toBe(before);
  });

  it("answers in the asker's DM with the bot when Slack made no response_url, once", async () => {
    const payload = submissionPayload("RLHF", undefined);
    await surface.interactive(payload);
    await waitUntil(() => expect(surface.slack.callsOf("chat.postMessage")).toHaveLength(1));
    const [dm] = surface.slack.callsOf("chat.postMessage");
    expect(dm?.args.channel).toBe(user.id);
    expect(String(dm?.args.text)).toContain(paperWith(index, "RLHF").headline.slice(0, 30));
    // The same form sent again (a double click on Ask) is answered already.
    await surface.interactive(payload);
    await waitUntil(async () =>
      expect(await surface.metrics.registry.metrics()).toMatch(
        /paperbot_requests_total\{kind="ask",outcome="duplicate"\} 1/,
      ),
    );
    expect(surface.slack.callsOf("chat.postMessage")).toHaveLength(1);
  });

  it("says in the log why the form could not be opened", async () => {
    surface.slack.fail("views.open", { error: "expired_trigger_id" });
    await surface.interactive(shortcutPayload());
    await waitUntil(() =>
      expect(surface.logs.entries.map((entry) => entry.msg)).toContain(
        "could not open the Ask Paperbot form",
      ),
    );
  });
});
