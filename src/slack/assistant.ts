import { setTimeout as sleep } from "node:timers/promises";
import { type App, Assistant } from "@slack/bolt";
import { LRUCache } from "lru-cache";
import { z } from "zod";
import { assistantPromptsFor } from "../bot/assistant-prompts.js";
import {
  ASSISTANT_LOADING_MESSAGES,
  ASSISTANT_PROMPTS_TITLE,
  ASSISTANT_STATUS,
  MESSAGES,
} from "../bot/messages.js";
import type { BotRequest } from "../bot/request.js";
import { cleanedText } from "../bot/typed-text.js";
import type { RequestOutcome } from "../ops/metrics.js";
import { truncate } from "../render/limits.js";
import { postPayload } from "../render/payloads.js";
import { slackFailureOf } from "../slack-api/failures.js";
import { answerInConversation, count, isSlackRetry, type ListenerDeps } from "./answering.js";
import { type AnswerTarget, answerKeyOf, deliverAnswer } from "./delivery.js";
import { receivedAtOf } from "./instrumented-app.js";
import { dmEventSchema, textWithoutMention } from "./requests.js";

/*
 * The assistant panel through Bolt's Assistant class, a global middleware that takes assistant threads' events
 * alone: a plain DM goes on to the DM listener, and a thread message is answered once, here. Never Bolt's `say`
 * or its thread-context store: that store rewrites the metadata of the bot's first message, which delivery reads.
 */

// A slow status call never holds up the answer.
const STATUS_WAIT_MS = 800;
const TITLE_CHARS = 80;
const THREADS_KEPT = 2000;

const threadStartedSchema = z.object({
  assistant_thread: z.object({
    user_id: z.string().optional(),
    channel_id: z.string(),
    thread_ts: z.string(),
    context: z.object({ channel_id: z.string().optional() }).default({}),
  }),
});

const threadMessageSchema = dmEventSchema.extend({ thread_ts: z.string() });

interface ThreadState {
  /** The channel the user had open beside the panel. */
  viewing?: string;
  titled?: boolean;
}

/** Lost on restart, so every use has a fallback. */
function threadMemory() {
  const threads = new LRUCache<string, ThreadState>({ max: THREADS_KEPT });
  const keyOf = (channel: string, threadTs: string) => `${channel}:${threadTs}`;
  return {
    get: (channel: string, threadTs: string) => threads.get(keyOf(channel, threadTs)) ?? {},
    update(channel: string, threadTs: string, change: ThreadState) {
      const key = keyOf(channel, threadTs);
      threads.set(key, { ...threads.get(key), ...change });
    },
  };
}

/** At warn once per method and error (a DM thread outside the panel fails them all). */
function panelCallLogger(deps: ListenerDeps) {
  const seen = new Set<string>();
  return (method: string, error: unknown) => {
    const failure = slackFailureOf(error);
    const code = failure.kind === "refused" ? failure.error : failure.kind;
    const first = !seen.has(`${method}:${code}`);
    seen.add(`${method}:${code}`);
    const log = first ? deps.logger.warn.bind(deps.logger) : deps.logger.debug.bind(deps.logger);
    log({ method, code }, "an assistant panel call failed; the answer goes on without it");
  };
}

function threadTitleOf(text: string): string | undefined {
  const title = truncate(cleanedText(text), TITLE_CHARS);
  return title === "" ? undefined : title;
}

type StatusArgs = { status: string; loading_messages?: string[] };

async function answerInThread(
  deps: ListenerDeps,
  panel: {
    setStatus: (status: StatusArgs) => Promise<unknown>;
    failed: (method: string, error: unknown) => void;
  },
  receivedAt: number,
  retried: boolean,
  target: Required<AnswerTarget>,
  request: BotRequest,
): Promise<RequestOutcome> {
  let status: Promise<boolean> | undefined;
  let statusLate = false;
  // Only an answer that is ours to send shows a status: a retry that was answered sets none.
  const showStatus = async () => {
    let settled = false;
    status = panel
      .setStatus({ status: ASSISTANT_STATUS, loading_messages: ASSISTANT_LOADING_MESSAGES })
      .then(
        () => true,
        (error: unknown) => {
          panel.failed("assistant.threads.setStatus", error);
          return false;
        },
      )
      .finally(() => {
        settled = true;
      });
    await Promise.race([status, sleep(STATUS_WAIT_MS)]);
    return () => {
      statusLate = !settled;
    };
  };
  const outcome = await answerInConversation(
    deps,
    "assistant",
    receivedAt,
    target,
    request,
    retried,
    showStatus,
  );
  // Our post clears the status; one set after it, or with no post, would linger for two minutes.
  const posted = outcome === "answered" || outcome === "error";
  if (status !== undefined && (await status) && (statusLate || !posted)) {
    await panel
      .setStatus({ status: "" })
      .catch((error: unknown) => panel.failed("assistant.threads.setStatus", error));
  }
  return outcome;
}

export function registerAssistant(app: App, deps: ListenerDeps): void {
  const threads = threadMemory();
  const failed = panelCallLogger(deps);

  const assistant = new Assistant({
    threadStarted: async ({ event, context, setSuggestedPrompts }) => {
      const parsed = threadStartedSchema.safeParse(event);
      if (!parsed.success) return;
      const { channel_id: channel, thread_ts: threadTs, context: viewing } = parsed.data.assistant_thread;
      threads.update(channel, threadTs, viewing.channel_id ? { viewing: viewing.channel_id } : {});
      await setSuggestedPrompts({
        title: ASSISTANT_PROMPTS_TITLE,
        prompts: await assistantPromptsFor(deps.bot.index),
      }).catch((error: unknown) => failed("assistant.threads.setSuggestedPrompts", error));
      const receivedAt = receivedAtOf(context, deps.policy.now());
      const outcome = await deliverAnswer(
        deps,
        { key: `greeting:${channel}:${threadTs}`, channel, threadTs, after: threadTs },
        {
          retried: isSlackRetry(context),
          message: async () =>
            postPayload(
              { reply: { kind: "info", message: MESSAGES.assistantGreeting }, audience: "asker" },
              channel,
              threadTs,
            ),
        },
      );
      count(deps, "assistant_greeting", outcome, receivedAt);
    },

    threadContextChanged: async ({ event }) => {
      const parsed = threadStartedSchema.safeParse(event);
      if (!parsed.success) return;
      const { channel_id: channel, thread_ts: threadTs, context: viewing } = parsed.data.assistant_thread;
      threads.update(channel, threadTs, { viewing: viewing.channel_id });
    },

    userMessage: async ({ message, context, setStatus, setTitle }) => {
      const parsed = threadMessageSchema.safeParse(message);
      if (!parsed.success || parsed.data.user === context.botUserId) return;
      const m = parsed.data;
      const text = textWithoutMention(m.text, context.botUserId);
      const thread = threads.get(m.channel, m.thread_ts);
      // "What's tomorrow's paper?" beside #papers is about #papers; without that context, about this DM.
      const request: BotRequest = {
        source: "dm",
        text,
        userId: m.user,
        channelId: thread.viewing ?? m.channel,
        // "more like this" under a card in the thread ("surprise me", then "more like this").
        thread: { channelId: m.channel, ts: m.thread_ts },
      };
      const target = {
        key: answerKeyOf(m.channel, m.ts),
        channel: m.channel,
        threadTs: m.thread_ts,
        after: m.ts,
      };
      const receivedAt = receivedAtOf(context, deps.policy.now());
      const retried = isSlackRetry(context);
      // The first question titles the thread; taken before answering, so a quick second one does not.
      const title = thread.titled ? undefined : threadTitleOf(text);
      if (title !== undefined) threads.update(m.channel, m.thread_ts, { titled: true });
      const outcome = await answerInThread(deps, { setStatus, failed }, receivedAt, retried, target, request);
      if (title === undefined) return;
      if (outcome !== "answered") return threads.update(m.channel, m.thread_ts, { titled: false });
      await setTitle(title).catch((error: unknown) => failed("assistant.threads.setTitle", error));
    },
  });
  app.assistant(assistant);
}
