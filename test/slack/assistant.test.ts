import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ASSISTANT_PROMPTS,
  ASSISTANT_PROMPTS_TITLE,
  ASSISTANT_STATUS,
  MESSAGES,
} from "../../src/bot/messages.js";
import type { BotDeps } from "../../src/bot/ports.js";
import { createDailyControl } from "../../src/schedule/daily-control.js";
import type { SearchIndex } from "../../src/search/types.js";
import type { StateStore } from "../../src/state/store.js";
import { fixtureBot } from "../helpers/bot.js";
import type { ApiCall, StoredMessage } from "../helpers/fake-slack-api.js";
import { paperWith } from "../helpers/papers.js";
import { createTestState, type TestState } from "../helpers/stores.js";
import { SLACK_MODES, type SurfaceApp, startSurfaceApp, waitUntil } from "../helpers/surface-app.js";

const PANEL = "D0PANEL";
let sequence = 0;
/** A fresh ts, later than every one before it (delivery looks for answers after the question). */
const nextTs = () => `${1700001000 + ++sequence}.000100`;

const threadStarted = (threadTs: string, viewing?: string) => ({
  type: "assistant_thread_started",
  assistant_thread: {
    user_id: "U0ASKER",
    context: viewing === undefined ? {} : { channel_id: viewing, team_id: "T0TEST", enterprise_id: null },
    channel_id: PANEL,
    thread_ts: threadTs,
  },
  event_ts: threadTs,
});

const contextChanged = (threadTs: string, viewing: string) => ({
  ...threadStarted(threadTs, viewing),
  type: "assistant_thread_context_changed",
});

/** What Slack sends for a message typed in the panel (or in any DM thread): a message.im with a thread_ts. */
const threadMessage = (threadTs: string, ts: string, text: string, extra: Record<string, unknown> = {}) => ({
  type: "message",
  channel_type: "im",
  channel: PANEL,
  user: "U0ASKER",
  text,
  ts,
  thread_ts: threadTs,
  event_ts: ts,
  client_msg_id: `client-${ts}`,
  ...extra,
});

describe.each(SLACK_MODES)("the assistant panel over %s", (mode) => {
  let surface: SurfaceApp;
  let index: SearchIndex;
  let state: TestState;
  let store: StateStore;
  let bot: BotDeps;
  let events = 0;

  const send = (event: Record<string, unknown>, retryNum = 0, eventId = `Ev${mode}${++events}`) =>
    surface.event(eventId, event, retryNum).then(() => eventId);
  const inThread = (threadTs: string): StoredMessage[] =>
    surface.slack.messages.filter((m) => m.channel === PANEL && m.thread_ts === threadTs);
  const panelCalls = (method: string, threadTs: string): ApiCall[] =>
    surface.slack.callsOf(method).filter((c) => c.args.thread_ts === threadTs);
  /** Starts a thread and waits for its greeting. */
  async function newThread(viewing?: string): Promise<string> {
    const threadTs = nextTs();
    await send(threadStarted(threadTs, viewing));
    await waitUntil(() => expect(inThread(threadTs)).toHaveLength(1));
    return threadTs;
  }
  /** Asks in a thread and returns the one answer. */
  async function ask(threadTs: string, text: string): Promise<string> {
    const before = inThread(threadTs).length;
    await send(threadMessage(threadTs, nextTs(), text));
    await waitUntil(() => expect(inThread(threadTs)).toHaveLength(before + 1));
    return JSON.stringify(inThread(threadTs).at(-1));
  }

  beforeAll(async () => {
    const fixture = await fixtureBot();
    index = fixture.index;
    state = await createTestState("sqlite");
    store = await state.open();
    const daily = createDailyControl(store, {
      now: fixture.bot.now,
      defaultTimeZone: "UTC",
      index: () => index,
    });
    await daily.subscribe(
      "C0CHANNEL",
      { time: "09:00", timeZone: "Europe/Berlin", weekdays: [1, 2, 3, 4, 5] },
      "U1",
    );
    bot = { ...fixture.bot, daily };
    // Slack calls wait long enough that an answer held by a hanging call could not pass for one that was not.
    surface = await startSurfaceApp(mode, bot, { slackTimeoutMs: 15_000 });
  });
  afterAll(async () => {
    await surface.stop();
    await state.drop();
  });

  it("greets a new thread once, however often Slack sends it, and sets the suggested prompts", async () => {
    const threadTs = nextTs();
    const eventId = await send(threadStarted(threadTs));
    await waitUntil(() => expect(inThread(threadTs)).toHaveLength(1));
    await send(threadStarted(threadTs), 1, eventId);
    // An answer in the same thread marks the time by which a second greeting would have come.
    await ask(threadTs, "help");
    const [greeting, help] = inThread(threadTs);
    expect(greeting?.text).toBe(MESSAGES.assistantGreeting);
    expect(JSON.stringify(help)).toContain("/paper who");
    const prompts = panelCalls("assistant.threads.setSuggestedPrompts", threadTs);
    expect(prompts.length).toBeGreaterThanOrEqual(1);
    expect(prompts[0]?.args).toMatchObject({ channel_id: PANEL, title: ASSISTANT_PROMPTS_TITLE });
    expect(JSON.parse(String(prompts[0]?.args.prompts))).toEqual(ASSISTANT_PROMPTS);
  });

  it("answers a question in its thread once, with a status while it searches and the question as title", async () => {
    const threadTs = await newThread();
    const ts = nextTs();
    const question = threadMessage(threadTs, ts, "Who works on reward models?");
    const eventId = await send(question);
    await waitUntil(() => expect(inThread(threadTs)).toHaveLength(2));
    await send(question, 1, eventId);
    await ask(threadTs, "papers by Alan Turing");
    const [, answer] = inThread(threadTs);
    expect(JSON.stringify(answer)).toContain("Ada Lovelace");
    expect(answer?.metadata?.event_payload?.key).toBe(`answer:${PANEL}:${ts}`);
    // Once: not again for the retry, and never also by the DM listener (outside the thread).
    expect(inThread(threadTs)).toHaveLength(3);
    expect(surface.slack.messages.filter((m) => m.channel === PANEL && m.thread_ts === undefined)).toEqual(
      [],
    );
    const statuses = panelCalls("assistant.threads.setStatus", threadTs);
    expect(statuses.map((c) => c.args.status)).toEqual([ASSISTANT_STATUS, ASSISTANT_STATUS]);
    const posts = surface.slack.callsOf("chat.postMessage").filter((c) => c.args.thread_ts === threadTs);
    expect(statuses[0]?.at).toBeLessThanOrEqual(posts[1]?.at ?? 0);
    // The thread is titled by its first question only.
    await waitUntil(() =>
      expect(panelCalls("assistant.threads.setTitle", threadTs).map((c) => c.args.title)).toEqual([
        "Who works on reward models?",
      ]),
    );
  });

  it("answers every suggested prompt through the same intents as a mention", async () => {
    const threadTs = await newThread();
    const expected: Record<string, string> = {
      "Who works on reward models?": "People behind",
      "Papers on RLHF": paperWith(index, "RLHF").headline.slice(0, 30),
      "Surprise me": "A paper to read",
      // This bot runs without follows (no state for them), and says so.
      "What's new?": MESSAGES.followUnavailable.slice(0, 30),
    };
    for (const prompt of ASSISTANT_PROMPTS) {
      expect(await ask(threadTs, prompt.message)).toContain(expected[prompt.message]);
    }
  });

  it("previews the daily paper of the channel open beside the panel, and follows the user to another", async () => {
    const beside = await newThread("C0CHANNEL");
    const preview = await ask(beside, "What's tomorrow's paper?");
    const next = await bot.daily?.preview("C0CHANNEL", bot.random);
    expect(preview).toContain("Preview");
    expect(preview).toContain("Paper of the day");
    expect(preview).toContain(next?.paper?.id);
    await send(contextChanged(beside, "C0ELSEWHERE"));
    expect(await ask(beside, "daily preview")).toContain(MESSAGES.dailyPreviewNotSet.slice(0, 40));
    const alone = await newThread();
    expect(await ask(alone, "what's tomorrow's paper?")).toContain(MESSAGES.dailyPreviewInDm.slice(0, 40));
  });

  it("reads the card the thread shows for 'more like this': a surprise, then papers like it", async () => {
    const threadTs = await newThread();
    const surprise = await ask(threadTs, "surprise me");
    const shown = index.paperIds().find((id) => surprise.includes(`\\"id\\":\\"${id}\\"`));
    expect(shown).toBeDefined();
    const like = await ask(threadTs, "more like this");
    // The fixture's four papers share no topic: the answer names the paper no other is close to.
    expect(like).toContain(
      `No paper is close to this one, “${index.paper(shown ?? "")?.headline.slice(0, 30)}`,
    );
    expect(surface.slack.callsOf("conversations.replies").at(-1)?.args).toMatchObject({
      channel: PANEL,
      ts: threadTs,
    });
  });

  it("answers a plain DM in the conversation as before, with no assistant calls", async () => {
    const ts = nextTs();
    const calls = surface.slack.calls.length;
    await send({
      type: "message",
      channel_type: "im",
      channel: "D0PLAIN",
      user: "U0ASKER",
      text: "RLHF",
      ts,
    });
    await waitUntil(() =>
      expect(surface.slack.messages.filter((m) => m.channel === "D0PLAIN")).toHaveLength(1),
    );
    const [answer] = surface.slack.messages.filter((m) => m.channel === "D0PLAIN");
    expect(answer?.thread_ts).toBeUndefined();
    expect(JSON.stringify(answer)).toContain(paperWith(index, "RLHF").headline.slice(0, 30));
    // (An earlier thread's title may still be on its way: only calls about this DM count.)
    const assistantCalls = surface.slack.calls
      .slice(calls)
      .filter((c) => c.method.startsWith("assistant.") && c.args.channel_id === "D0PLAIN");
    expect(assistantCalls).toEqual([]);
  });

  it("answers a DM thread of a workspace without the panel once, though Slack refuses the panel's calls", async () => {
    const threadTs = nextTs();
    surface.slack.fail("assistant.threads.setStatus", { error: "not_allowed_token_type" });
    surface.slack.fail("assistant.threads.setTitle", { error: "not_allowed_token_type" });
    const before = inThread(threadTs).length;
    await send(threadMessage(threadTs, nextTs(), "the imitation game"));
    await waitUntil(() => expect(inThread(threadTs)).toHaveLength(before + 1));
    expect(JSON.stringify(inThread(threadTs).at(-1))).toContain(
      paperWith(index, "imitation game").headline.slice(0, 30),
    );
    expect(surface.logs.lines.join("")).toContain("an assistant panel call failed");
  });

  it("never answers its own messages or another bot's in a thread", async () => {
    const threadTs = await newThread();
    await send(threadMessage(threadTs, nextTs(), "RLHF", { user: "U0BOT", bot_id: "B0BOT" }));
    await send(threadMessage(threadTs, nextTs(), "RLHF", { user: "U0OTHER", bot_id: "B0OTHER" }));
    await ask(threadTs, "the imitation game");
    expect(inThread(threadTs)).toHaveLength(2);
  });

  it("does not hold an answer for a status call that hangs", async () => {
    const threadTs = await newThread();
    surface.slack.fail("assistant.threads.setStatus", { hang: true });
    const started = Date.now();
    expect(await ask(threadTs, "punched cards")).toContain(
      paperWith(index, "punched cards").headline.slice(0, 30),
    );
    // The status waits at most 0.8 s; the Slack call itself would wait 15 s.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it("clears the status when the answer could not be posted", async () => {
    const threadTs = await newThread();
    surface.slack.fail("chat.postMessage", { error: "channel_not_found" });
    await send(threadMessage(threadTs, nextTs(), "RLHF"));
    await waitUntil(() =>
      expect(panelCalls("assistant.threads.setStatus", threadTs).map((c) => c.args.status)).toEqual([
        ASSISTANT_STATUS,
        "",
      ]),
    );
    expect(inThread(threadTs)).toHaveLength(1);
  });

  it("counts assistant answers in the metrics", async () => {
    const text = await surface.metrics.registry.metrics();
    expect(text).toMatch(/paperbot_requests_total\{kind="assistant",outcome="answered"\} [1-9]/);
    expect(text).toMatch(/paperbot_requests_total\{kind="assistant",outcome="duplicate"\} [1-9]/);
    expect(text).toMatch(/paperbot_requests_total\{kind="dm",outcome="answered"\} [1-9]/);
  });
});
