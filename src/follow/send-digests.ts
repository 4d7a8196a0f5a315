import { digestReplyOf } from "../bot/digest-reply.js";
import type { DigestView } from "../bot/ports.js";
import type { Logger } from "../logger.js";
import { postPayload } from "../render/payloads.js";
import type { OnceDelivery } from "../schedule/daily-post.js";
import type { PaperLookups } from "../search/types.js";
import type { Digest } from "../state/announcements.js";
import type { StateStore } from "../state/store.js";
import { FOLLOW_DAILY_CAP } from "./announce.js";

// Step 2 of telling followers about new papers (announce.ts tells the whole protocol).
const DIGEST_EVENT_KEY_PREFIX = "follow-digest:";
const MAX_ATTEMPTS = 5;
// Slack stamps messages with its own clock: look a little before the digest was planned.
const historyMarginSeconds = 10 * 60;
const backoffMs = (attempt: number) =>
  [60_000, 5 * 60_000, 30 * 60_000, 2 * 3600_000][attempt - 1] ?? 6 * 3600_000;

/** conversations.open (sends nothing) and slack/delivery.ts's deliverAnswer. */
interface DmDelivery {
  openDm(userId: string): Promise<string>;
  deliver: OnceDelivery;
}

export type DigestStep = "opened" | "delivered" | "recorded";

export type DigestOutcome = "sent" | "empty" | "busy" | "retry-later" | "gave-up";

export interface SendDeps {
  store: Pick<StateStore, "announcements">;
  index: () => PaperLookups;
  now: () => Date;
  dm: DmDelivery;
  logger: Logger;
  dailyCap?: number;
  /** Test seam: called after each step; throwing here is a crash at that point. */
  afterStep?: (step: DigestStep, digestId: string) => void | Promise<void>;
}

export function digestViewOf(digest: Digest): DigestView {
  const { id, userId, items, capReached } = digest;
  return { id, userId, follows: items.follows, papers: items.papers, capReached };
}

async function sendDigest(deps: SendDeps, digest: Digest): Promise<DigestOutcome> {
  const { announcements } = deps.store;
  const reply = digestReplyOf(digestViewOf(digest), deps.index(), 0, deps.dailyCap ?? FOLLOW_DAILY_CAP);
  // Every paper left the corpus since it was planned: removed papers are never announced.
  if (reply.total === 0) {
    await announcements.update(digest.id, { state: "empty" });
    return "empty";
  }
  const attempts = digest.attempts + 1;
  const retryLater = async (why: string): Promise<DigestOutcome> => {
    if (attempts >= MAX_ATTEMPTS) {
      await announcements.update(digest.id, { state: "failed", attempts });
      deps.logger.error({ digest: digest.id, userId: digest.userId, why }, "gave up on a DM of new papers");
      return "gave-up";
    }
    const notBefore = deps.now().getTime() + backoffMs(attempts);
    await announcements.update(digest.id, { state: "pending", attempts, notBefore });
    deps.logger.warn(
      { digest: digest.id, userId: digest.userId, why, attempts },
      "a DM of new papers will be tried again",
    );
    return "retry-later";
  };

  let channel: string;
  try {
    channel = await deps.dm.openDm(digest.userId);
  } catch (error) {
    deps.logger.warn({ err: error, userId: digest.userId }, "could not open a DM for new papers");
    return retryLater("the DM could not be opened");
  }
  await deps.afterStep?.("opened", digest.id);
  const outcome = await deps.dm.deliver(
    {
      key: `${DIGEST_EVENT_KEY_PREFIX}${digest.id}`,
      channel,
      after: String(Math.floor(digest.createdAt / 1000) - historyMarginSeconds),
    },
    {
      // An earlier try may have reached Slack: the DM is looked in first.
      retried: digest.attempts > 0,
      message: async () => postPayload({ reply, audience: "asker" }, channel, undefined),
    },
  );
  await deps.afterStep?.("delivered", digest.id);
  switch (outcome) {
    case "answered":
    case "duplicate":
      await announcements.update(digest.id, { state: "sent", sentAt: deps.now().getTime() });
      await deps.afterStep?.("recorded", digest.id);
      deps.logger.info(
        { digest: digest.id, userId: digest.userId, papers: reply.total },
        "DM of new papers sent",
      );
      return "sent";
    case "queued":
      // The answers' outbox sends it; a later pass records it (or, should the outbox give up, tries again).
      await announcements.update(digest.id, { state: "pending", attempts });
      return "busy";
    case "busy":
      return "busy";
    case "failed":
    case "unknown":
      return retryLater("Slack did not take it");
  }
}

/** Steps 2 and 3 for every digest that is due, one at a time; a store that cannot be read ends the pass. */
export async function sendDueDigests(deps: SendDeps, limit = 200): Promise<DigestOutcome[]> {
  const outcomes: DigestOutcome[] = [];
  const due = await deps.store.announcements.due(deps.now().getTime(), limit);
  for (const digest of due) {
    try {
      outcomes.push(await sendDigest(deps, digest));
    } catch (error) {
      deps.logger.error({ err: error, digest: digest.id }, "sending a DM of new papers failed");
      throw error;
    }
  }
  return outcomes;
}
