import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach } from "vitest";
import { loadCorpus } from "../../src/corpus/load.js";
import type { RecordDeps } from "../../src/follow/announce.js";
import { dmChannelOf } from "../../src/follow/saved-upload.js";
import type { SendDeps } from "../../src/follow/send-digests.js";
import { sameThreadIndex } from "../../src/index/same-thread.js";
import { createMetrics } from "../../src/ops/metrics.js";
import { createSearchEngine } from "../../src/search/engine.js";
import type { PaperLookups, SearchIndex } from "../../src/search/types.js";
import { type DeliveryDeps, deliverAnswer, deliverDue } from "../../src/slack/delivery.js";
import { createDeliveryPolicy } from "../../src/slack/delivery-policy.js";
import { createSlackClient } from "../../src/slack/web-client.js";
import type { DeliveryLedger } from "../../src/state/once.js";
import type { StateStore } from "../../src/state/store.js";
import { FIXTURE_CORPUS } from "../helpers/bot.js";
import type { FakeSlackApi, StoredMessage } from "../helpers/fake-slack-api.js";
import { capturedLogger } from "../helpers/logs.js";

/** A new author file for the fixture corpus: one paper by Alan Turing, one on reward models, one on compilers. */
export const GRACE_HOPPER = `Grace Hopper

Grace Hopper, Alan Turing

We ask whether a universal machine can learn chess from self-play, and measure how quickly its play improves against fixed opponents.

Grace Hopper

We train reward models on pairwise human preferences and show that an ensemble of reward models reduces reward hacking during policy optimisation.

Grace Hopper, Jean Sammet

A compiler that translates English-like statements into machine code makes business programs readable by their managers.
`;

/** Another change: one more reward-model paper, by someone nobody follows. */
export const KATHERINE_JOHNSON = `Katherine Johnson

Katherine Johnson

Calibrating reward models with held-out human preference judgements keeps the reward model honest when the policy drifts.
`;

export const REWARD_WORDS = "reward models on pairwise human preferences";
export const CHESS_WORDS = "learn chess from self-play";
export const COMPILER_WORDS = "English-like statements";

/** Folders made by `corpusWith`, removed after each test. */
export function corpusFolders() {
  const made: string[] = [];
  afterEach(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  /** The fixture corpus (Ada Lovelace, Alan Turing) plus these files, in a folder of its own. */
  return (files: Record<string, string> = {}): string => {
    const dir = mkdtempSync(join(tmpdir(), "paperbot-follow-corpus-"));
    made.push(dir);
    cpSync(FIXTURE_CORPUS, dir, { recursive: true });
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    return dir;
  };
}

export async function indexOfFolder(dir: string): Promise<SearchIndex> {
  // These tests build dozens of small corpora: each is searched on the test's own thread, as the CLI does
  // (the bot's search workers are tested in test/index and through the Slack app).
  return sameThreadIndex(createSearchEngine(await loadCorpus(dir)));
}

export function paperIdWith(index: PaperLookups, words: string): string {
  for (const id of index.paperIds()) if (index.paper(id)?.abstract.includes(words)) return id;
  throw new Error(`no paper with ${words}`);
}

export interface Clock {
  now: number;
}

/** The record and send steps of the protocol over one store, DMs through the real delivery to a loopback Slack. */
export function followDeps(
  store: StateStore,
  slack: FakeSlackApi,
  clock: Clock,
  index: () => SearchIndex,
  overrides: { ledger?: DeliveryLedger; send?: Partial<SendDeps>; record?: Partial<RecordDeps> } = {},
): { record: RecordDeps; send: SendDeps; logs: string[]; drainOutbox: () => Promise<void> } {
  const { logger, lines } = capturedLogger();
  const client = createSlackClient("xoxb-1-2-followtest", { slackApiUrl: slack.apiUrl });
  const policy = createDeliveryPolicy(1000, { now: () => clock.now });
  const now = () => new Date(clock.now);
  const delivery: DeliveryDeps = {
    ledger: overrides.ledger ?? store.deliveries,
    outbox: store.outbox,
    client,
    fetch,
    policy,
    metrics: createMetrics({ processMetrics: false }),
    logger,
    rechecks: [],
  };
  return {
    logs: lines,
    drainOutbox: () => deliverDue(delivery),
    record: { store, index, now, timeZone: "UTC", logger, ...overrides.record },
    send: {
      store,
      index,
      now,
      logger,
      dm: {
        openDm: (userId) => dmChannelOf(client, userId),
        deliver: (target, request) => deliverAnswer(delivery, target, request),
      },
      ...overrides.send,
    },
  };
}

/** The DMs a user got (the fake names a user's DM "D" + the id without its U). */
export function dmsOf(slack: FakeSlackApi, userId: string): StoredMessage[] {
  return slack.messages.filter((m) => m.channel === `D${userId.replace(/^U/, "")}`);
}

/** Everything a message shows, as one string. */
export function shownText(message: StoredMessage): string {
  return JSON.stringify(message.blocks ?? []) + (message.text ?? "");
}
