import { dirname } from "node:path";
import nock from "nock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer } from "../../src/bot/answer.js";
import { MESSAGES } from "../../src/bot/messages.js";
import type { BotDeps } from "../../src/bot/ports.js";
import { runDueDailyPosts } from "../../src/schedule/daily-post.js";
import { statePortsOf } from "../../src/start/bot-deps.js";
import { deliveryLedgerOf, type OpenedState, openState, recheckState } from "../../src/start/state.js";
import { StateUnavailableError } from "../../src/state/errors.js";
import { createFallbackDeliveryLedger, createMemoryDeliveryLedger } from "../../src/state/once.js";
import type { StateStore } from "../../src/state/store.js";
import { capturedLogger } from "../helpers/logs.js";
import { freshStates, setImmutable, storeKinds, type TestState } from "../helpers/stores.js";
import { dailyDeps, fakeSlack, indexOf } from "../schedule/helpers.js";

/*
 * Issue 38, items 5 and 6: a process that starts while its state cannot be used (PostgreSQL refusing
 * connections; a clean SQLite file on a read-only mount) keeps trying in the background and uses it as soon as
 * it answers, in the same process: answers shared once-only with another process, daily posts, follows.
 */

const minute = 60_000;
const channel = "C0DAILY";

beforeEach(() => nock.disableNetConnect());
afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

const opened: OpenedState[] = [];
afterEach(async () => {
  for (const state of opened.splice(0)) await state.store.close();
});

/** Makes the state unusable at start the way it really is, and usable again. */
function outageOf(state: TestState): { begin(): Promise<void>; end(): Promise<void> } {
  if (state.kind === "postgres") {
    return {
      begin: () => state.cutOff?.(true) ?? Promise.resolve(),
      end: () => state.cutOff?.(false) ?? Promise.resolve(),
    };
  }
  // A read-only mount: the file and its folder (where SQLite keeps its -wal and -shm) refuse writes.
  const paths = [state.location, dirname(state.location)];
  return {
    begin: async () => setImmutable(paths, true),
    end: async () => setImmutable(paths, false),
  };
}

function configOf(state: TestState) {
  return state.kind === "postgres"
    ? { statePath: "unused.db", stateUrl: state.location }
    : { statePath: state.location };
}

/** The bot's daily, follow and saved answers over `state`, on a clock the test moves. */
function botOver(state: OpenedState, clock: { now: number }): BotDeps {
  const now = () => new Date(clock.now);
  const index = () => indexOf(["p1", "p2", "p3"]);
  return {
    index,
    random: () => 0.5,
    now,
    defaultTimeZone: "UTC",
    stateStatus: state.status,
    ...statePortsOf({ dailyTimeZone: "UTC", followDailyCap: 5 }, state.store, { now, index }),
  };
}

async function slash(bot: BotDeps, text: string) {
  return (await answer(bot, { source: "slash", text, userId: "U0SUB", channelId: channel })).reply;
}

/** A second process on the same state, its answers deduplicated as the bot's are. */
function ledgerOf(store: StateStore) {
  return createFallbackDeliveryLedger({
    durable: store.deliveries,
    memory: createMemoryDeliveryLedger(Date.now, 24 * 60 * minute),
    logger: capturedLogger().logger,
    now: Date.now,
  });
}

describe.each(storeKinds)("a %s store that cannot be used when the bot starts", (kind) => {
  const freshState = freshStates(kind);

  it("is tried again in the background and used once it answers, with no restart", {
    timeout: 60_000,
  }, async () => {
    const state = await freshState();
    await (await state.open()).close();
    const outage = outageOf(state);
    await outage.begin();
    const { logger, entries } = capturedLogger();
    const started = await openState(configOf(state), logger, {
      startupWaitMs: 0,
      firstWaitMs: 10,
      maxWaitMs: 100,
    });
    opened.push(started);
    const clock = { now: Date.parse("2026-01-01T12:00:00Z") };
    const bot = botOver(started, clock);
    const slack = fakeSlack(() => clock.now);

    expect(started.status()).toMatchObject({
      writable: false,
      problem: kind === "postgres" ? "unreachable" : "read-only",
      reconnecting: true,
    });
    // Not "this Paperbot runs without a database": it has one, and is reconnecting to it.
    expect(await slash(bot, "daily on 09:00 Europe/Berlin")).toEqual({
      kind: "error",
      message: MESSAGES.dailyStateReconnecting,
    });
    expect(await slash(bot, "stats")).toMatchObject({
      kind: "stats",
      stateProblem: kind === "postgres" ? "unreachable" : "read-only",
    });
    const ledger = deliveryLedgerOf(started.store, logger);
    expect(await ledger.claim("event:Before", minute)).toBe("mine");
    expect(ledger.claimIsShared("event:Before")).toBe(false);
    await expect(started.store.follows.list("U0SUB")).rejects.toBeInstanceOf(StateUnavailableError);

    const connected = new Promise<StateStore>((resolve) => started.whenConnected(resolve));
    await outage.end();
    await connected;

    // The same process, no restart: everything the store holds works.
    expect(started.status()).toEqual({ writable: true });
    expect(entries.map((line) => line.msg)).toContainEqual(expect.stringContaining("answers again"));
    expect(await slash(bot, "daily on 09:00 Europe/Berlin")).toMatchObject({ kind: "daily" });
    clock.now = Date.parse("2026-01-02T08:00:00Z");
    expect(await runDueDailyPosts(dailyDeps(started.store, clock))).toEqual([
      { channelId: channel, localDate: "2026-01-02", outcome: "posted" },
    ]);
    expect(slack.channelMessages(channel)).toHaveLength(1);
    expect(await slash(bot, "follow reward models")).not.toMatchObject({ kind: "error" });
    expect((await started.store.follows.list("U0SUB")).length).toBe(1);

    // Once-only is shared with another process at once: twelve events each delivered to both, answered once.
    const other = ledgerOf(await state.open());
    for (let i = 0; i < 12; i++) {
      const key = `event:Ev${i}`;
      const outcomes = await Promise.all([ledger.claim(key, minute), other.claim(key, minute)]);
      expect(
        outcomes.filter((outcome) => outcome === "mine"),
        key,
      ).toHaveLength(1);
    }
  });
});

describe.each(storeKinds)("a %s store that stops taking writes while the bot runs", (kind) => {
  const freshState = freshStates(kind);

  it("is named not writable while it fails, and writable again once it takes writes, with no request", async () => {
    const state = await freshState();
    const started = await openState(configOf(state), capturedLogger().logger, { startupWaitMs: 0 });
    opened.push(started);
    expect(started.status()).toEqual({ writable: true });
    await state.breakWrites();
    const ledger = deliveryLedgerOf(started.store, capturedLogger().logger);
    expect(await ledger.claim("event:WhileBroken", minute)).toBe("mine");
    const broken = started.status();
    expect(broken).toMatchObject({ writable: false });

    // The recheck's heartbeat fails as the store does: still not writable, and since the same time.
    await recheckState(started);
    expect(started.status()).toEqual(broken);

    await state.mendWrites();
    // No claim, no daily post, no command: only the recheck (every 5 s in the bot) writes.
    await recheckState(started);
    expect(started.status()).toEqual({ writable: true });
  });
});
