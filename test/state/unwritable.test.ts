import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import nock from "nock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { answer } from "../../src/bot/answer.js";
import { renderSlackMessage } from "../../src/render/blocks.js";
import { renderTerminal } from "../../src/render/terminal.js";
import { createDailyControl } from "../../src/schedule/daily-control.js";
import { runDueDailyPosts } from "../../src/schedule/daily-post.js";
import { StateUnavailableError } from "../../src/state/errors.js";
import { createFallbackDeliveryLedger, createMemoryDeliveryLedger } from "../../src/state/once.js";
import type { StateStore } from "../../src/state/store.js";
import { capturedLogger } from "../helpers/logs.js";
import { freshStates, storeKinds, type TestState } from "../helpers/stores.js";
import { dailyDeps, fakeSlack, indexOf } from "../schedule/helpers.js";

const minute = 60_000;
const channel = "C0DAILY";

beforeEach(() => nock.disableNetConnect());
afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

async function subscribe(store: StateStore): Promise<void> {
  await createDailyControl(store, {
    now: () => new Date("2026-01-01T12:00:00Z"),
    defaultTimeZone: "UTC",
    index: () => indexOf(["p1", "p2", "p3"]),
  }).subscribe(
    channel,
    { time: "09:00", timeZone: "Europe/Berlin", weekdays: [1, 2, 3, 4, 5, 6, 7] },
    "U0SUB",
  );
}

/** The bytes of an SQLite store's file and of its WAL's frames: a store that cannot write must leave them as they are. */
function fingerprint(state: TestState): string {
  if (state.kind !== "sqlite") return "";
  const hash = createHash("sha256");
  hash.update(readFileSync(state.location));
  // Opening creates an empty WAL beside a file that had none: no frames, no change.
  const wal = existsSync(`${state.location}-wal`) ? readFileSync(`${state.location}-wal`) : Buffer.alloc(0);
  hash.update(wal);
  return hash.digest("hex");
}

/** The bot's fallback ledger over the store, on a clock the test moves, its log lines recorded. */
function fallbackLedgerOver(store: StateStore) {
  const { logger, entries } = capturedLogger();
  const clock = { now: 1_767_225_600_000 };
  const ledger = createFallbackDeliveryLedger({
    durable: store.deliveries,
    memory: createMemoryDeliveryLedger(() => clock.now, 24 * 60 * minute),
    logger,
    now: () => clock.now,
  });
  return { ledger, clock, entries };
}

describe.each(storeKinds)("when the %s store cannot be written", (kind) => {
  const freshState = freshStates(kind);

  it("a store that opens read-only says so, still reads, and refuses writes without touching its files", async () => {
    const state = await freshState();
    const first = await state.open();
    await subscribe(first);
    await first.close();
    await state.breakWrites();
    const before = fingerprint(state);

    const store = await state.open();
    expect(store.health()).toMatchObject({ writable: false, problem: "read-only" });
    expect((await store.subscriptions.list()).map((s) => s.channelId)).toEqual([channel]);
    await expect(store.subscriptions.disable(channel, 1)).rejects.toBeInstanceOf(StateUnavailableError);
    await expect(store.deliveries.claim("event:Ev1", minute)).rejects.toBeInstanceOf(StateUnavailableError);
    await store.close();
    expect(fingerprint(state)).toBe(before);
  });

  it("commands still answer: repeats are caught in memory with one warning, and /paper stats says so", async () => {
    const state = await freshState();
    await (await state.open()).close();
    await state.breakWrites();
    const store = await state.open();
    const { ledger, clock, entries } = fallbackLedgerOver(store);
    expect(await ledger.claim("event:Ev1", minute)).toBe("mine");
    expect(await ledger.claim("event:Ev1", minute)).toBe("busy");
    await ledger.markDone("event:Ev1");
    expect(await ledger.claim("event:Ev1", minute)).toBe("done");
    for (let i = 0; i < 30; i++) {
      clock.now += 1000;
      expect(await ledger.claim(`event:Other${i}`, minute)).toBe("mine");
      await ledger.markDone(`event:Other${i}`);
      expect(await ledger.claim(`event:Other${i}`, minute)).toBe("done");
    }
    const warnings = entries.filter((line) => line.level === 40);
    expect(warnings.map((line) => line.msg)).toEqual([
      "state cannot be written: answers go on, repeats are caught in this process's memory only",
    ]);

    const health = store.health();
    const reply = (
      await answer(
        {
          index: () => indexOf(["p1"]),
          random: () => 0.5,
          now: () => new Date(clock.now),
          defaultTimeZone: "UTC",
          stateStatus: () => (health.writable ? health : { writable: false, problem: health.problem }),
        },
        { source: "slash", text: "stats", userId: "U1", channelId: "C1" },
      )
    ).reply;
    expect(reply).toMatchObject({ kind: "stats", stateProblem: "read-only" });
    const slack = JSON.stringify(renderSlackMessage(reply));
    expect(slack).toContain("Saved state");
    expect(slack).toContain("is read-only: answers go on");
    expect(renderTerminal(reply).text).toContain("tries it again every few seconds");
  });

  it("a disk that fails mid-run: daily posts stop without posting, then post once when writes work again", async () => {
    const state = await freshState();
    const store = await state.open();
    await subscribe(store);
    const clock = { now: Date.parse("2026-01-02T08:00:00Z") };
    const slack = fakeSlack(() => clock.now);
    await state.breakWrites();
    for (let pass = 0; pass < 3; pass++) {
      expect(await runDueDailyPosts(dailyDeps(store, clock))).toEqual([
        { channelId: channel, localDate: "2026-01-02", outcome: "state-unavailable" },
      ]);
      clock.now += minute;
    }
    expect(store.health().writable).toBe(false);
    expect(slack.channelMessages(channel)).toEqual([]);
    expect(await store.dailyPosts.get(channel, "2026-01-02")).toBeUndefined();

    await state.mendWrites();
    expect((await runDueDailyPosts(dailyDeps(store, clock)))[0]?.outcome).toBe("posted");
    expect(store.health()).toEqual({ writable: true });
    expect(slack.channelMessages(channel)).toHaveLength(1);
  });

  it("a disk that fails right after Slack took the post: no second message, the post is recorded once writes work", async () => {
    const state = await freshState();
    const store = await state.open();
    await subscribe(store);
    const clock = { now: Date.parse("2026-01-02T08:00:00Z") };
    const slack = fakeSlack(() => clock.now);
    const failing = dailyDeps(store, clock, {
      afterStep: async (step) => {
        if (step === "delivered") await state.breakWrites();
      },
    });
    expect((await runDueDailyPosts(failing))[0]?.outcome).toBe("state-unavailable");
    for (let pass = 0; pass < 3; pass++) {
      clock.now += 5 * minute;
      await runDueDailyPosts(dailyDeps(store, clock));
    }
    await state.mendWrites();
    const after: string[] = [];
    for (let pass = 0; pass < 3; pass++) {
      clock.now += 5 * minute;
      after.push(...(await runDueDailyPosts(dailyDeps(store, clock))).map((r) => r.outcome));
    }
    expect(after).toEqual(["posted"]);
    expect(slack.channelMessages(channel)).toHaveLength(1);
    expect(await store.dailyPosts.get(channel, "2026-01-02")).toMatchObject({ state: "posted" });
  });

  it("once writes work again, the very next claim is shared with other processes, with no wait", async () => {
    const state = await freshState();
    const store = await state.open();
    const other = await state.open();
    const { ledger, entries } = fallbackLedgerOver(store);
    await state.breakWrites();
    expect(await ledger.claim("event:A", minute)).toBe("mine");
    expect(ledger.claimIsShared("event:A")).toBe(false);
    expect(ledger.shared()).toBe(false);
    await state.mendWrites();
    // No clock moves: the next claim tries the store itself.
    expect(await ledger.claim("event:B", minute)).toBe("mine");
    expect(ledger.claimIsShared("event:B")).toBe(true);
    expect(ledger.shared()).toBe(true);
    expect(await other.deliveries.claim("event:B", minute)).toBe("busy");
    await ledger.markDone("event:B");
    expect(await other.deliveries.claim("event:B", minute)).toBe("done");
    expect(entries.filter((l) => l.level === 30).map((l) => l.msg)).toContain(
      "state can be written again: answered events are shared again",
    );
  });
});
