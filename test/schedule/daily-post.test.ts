import nock from "nock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sameThreadIndex } from "../../src/index/same-thread.js";
import { createDailyControl } from "../../src/schedule/daily-control.js";
import type { DailyPostStep } from "../../src/schedule/daily-post.js";
import { dailyPausedMessage, runDueDailyPosts } from "../../src/schedule/daily-post.js";
import { createSearchEngine } from "../../src/search/engine.js";
import { seededRandom } from "../../src/search/seeded-random.js";
import type { StateStore } from "../../src/state/store.js";
import { capturedLogger } from "../helpers/logs.js";
import { freshStates, storeKinds, type TestState } from "../helpers/stores.js";
import { corpusOf, dailyDeps, fakeSlack, indexOf } from "./helpers.js";

const minute = 60_000;
const day = 24 * 60 * minute;
const channel = "C0DAILY";

beforeEach(() => {
  nock.disableNetConnect();
});
afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

/** The tests' clock, which the stores read too (their leases run on it). */
const clock = { now: 0 };
const open = (state: TestState) => state.open({ now: () => clock.now });

/** A store with the channel subscribed at 09:00 Berlin, subscribed on 1 Jan 2026 at noon. */
async function subscribedStore(state: TestState, time = "09:00", since = "2026-01-01T12:00:00Z") {
  const db = await open(state);
  await createDailyControl(db, {
    now: () => new Date(since),
    defaultTimeZone: "UTC",
    index: () => indexOf(["p1", "p2", "p3"]),
  }).subscribe(channel, { time, timeZone: "Europe/Berlin", weekdays: [1, 2, 3, 4, 5, 6, 7] }, "U0SUBSCRIBER");
  return db;
}

/**
 * The passes of a scheduler checking every quarter hour, on shortened days: from `from`, the nights from 22:00
 * to 04:00 UTC (Berlin's late evening to early morning, where a 02:30 post and a DST change fall), then noon.
 * The hours left out are the middle of the day, when a 02:30 schedule has nothing to do.
 */
function quarterHoursOfNights(from: string, nights: number): number[] {
  const start = Date.parse(from);
  const ticks = [start];
  for (let night = 0; night < nights; night++) {
    const evening = start - (start % day) + night * day + 22 * 60 * minute;
    for (let at = evening; at <= evening + 6 * 60 * minute; at += 15 * minute) ticks.push(at);
    ticks.push(evening + 14 * 60 * minute);
  }
  return ticks;
}

describe.each(storeKinds)("daily posts on the %s store", (kind) => {
  const freshState = freshStates(kind);
  let state: TestState;
  let db: StateStore;
  beforeEach(async () => {
    state = await freshState();
  });

  describe("runDueDailyPosts", () => {
    it("posts one Paper of the day card at 09:00 local time with its date in the metadata, and nothing else that day", async () => {
      const slack = fakeSlack(() => clock.now);
      db = await subscribedStore(state);
      clock.now = Date.parse("2026-01-02T07:59:00Z");
      const deps = dailyDeps(db, clock);

      expect(await runDueDailyPosts(deps)).toEqual([]);
      clock.now = Date.parse("2026-01-02T08:00:00Z");
      expect(await runDueDailyPosts(deps)).toEqual([
        { channelId: channel, localDate: "2026-01-02", outcome: "posted" },
      ]);
      clock.now = Date.parse("2026-01-02T15:00:00Z");
      expect(await runDueDailyPosts(deps)).toEqual([]);

      expect(slack.channelMessages(channel)).toHaveLength(1);
      const [message] = slack.channelMessages(channel);
      expect(message?.metadata?.event_type).toBe("paperbot_daily");
      expect(message?.metadata?.event_payload.date).toBe("2026-01-02");
      expect(["p1", "p2", "p3"]).toContain(message?.metadata?.event_payload.paper);
      const blocks = JSON.parse(String(slack.postCalls[0]?.blocks)) as {
        type: string;
        text?: { text: string };
        elements?: { action_id?: string }[];
      }[];
      expect(blocks[0]).toMatchObject({ type: "header", text: { text: "Paper of the day" } });
      const buttons = blocks.flatMap((b) => b.elements ?? []).map((e) => e.action_id);
      expect(buttons).toEqual(expect.arrayContaining(["paper_menu", "paper_reroll"]));
    });

    it("marks the authors members.yml lists in bold on the posted card", async () => {
      const slack = fakeSlack(() => clock.now);
      db = await subscribedStore(state);
      clock.now = Date.parse("2026-01-02T08:00:00Z");
      const members = [
        { name: "Author p1", key: "authorp1", aliases: [] },
        { name: "Author p2", key: "authorp2", aliases: [] },
        { name: "Author p3", key: "authorp3", aliases: [] },
      ];
      const index = sameThreadIndex(createSearchEngine({ ...corpusOf(["p1", "p2", "p3"]), members }));
      expect(await runDueDailyPosts(dailyDeps(db, clock, { index: () => index }))).toHaveLength(1);
      const posted = String(slack.postCalls[0]?.blocks);
      expect(posted).toMatch(/"text":"\*Author p[123]\*"/);
    });

    it("does not post on the day someone subscribes after that day's time", async () => {
      const slack = fakeSlack(() => clock.now);
      db = await subscribedStore(state);
      clock.now = Date.parse("2026-01-01T13:00:00Z");
      expect(await runDueDailyPosts(dailyDeps(db, clock))).toEqual([]);
      clock.now = Date.parse("2026-01-02T08:01:00Z");
      expect(await runDueDailyPosts(dailyDeps(db, clock))).toHaveLength(1);
      expect(slack.channelMessages(channel)).toHaveLength(1);
    });

    it("posts the day's paper late, once, when the bot comes back after the scheduled time", async () => {
      const slack = fakeSlack(() => clock.now);
      db = await subscribedStore(state);
      clock.now = Date.parse("2026-01-05T14:30:00Z");
      await runDueDailyPosts(dailyDeps(db, clock));
      clock.now += 5 * minute;
      await runDueDailyPosts(dailyDeps(db, clock));
      expect(slack.channelMessages(channel).map((m) => m.metadata?.event_payload.date)).toEqual([
        "2026-01-05",
      ]);
    });

    it("posts once per local date across the Berlin spring-forward day for a 02:30 schedule", async () => {
      const slack = fakeSlack(() => clock.now);
      db = await subscribedStore(state, "02:30", "2026-03-27T12:00:00Z");
      clock.now = 0;
      for (clock.now of quarterHoursOfNights("2026-03-27T12:00:00Z", 4)) {
        await runDueDailyPosts(dailyDeps(db, clock));
      }
      expect(slack.channelMessages(channel).map((m) => m.metadata?.event_payload.date)).toEqual([
        "2026-03-28",
        "2026-03-29",
        "2026-03-30",
        "2026-03-31",
      ]);
    });

    it("posts once on the Berlin autumn day when 02:30 happens twice", async () => {
      const slack = fakeSlack(() => clock.now);
      db = await subscribedStore(state, "02:30", "2026-10-24T12:00:00Z");
      clock.now = 0;
      for (clock.now of quarterHoursOfNights("2026-10-24T12:00:00Z", 2)) {
        await runDueDailyPosts(dailyDeps(db, clock));
      }
      expect(slack.channelMessages(channel).map((m) => m.metadata?.event_payload.date)).toEqual([
        "2026-10-25",
        "2026-10-26",
      ]);
    });
  });

  describe("a crash at every step of the post protocol, then a restart", () => {
    const steps: (DailyPostStep | "after the post, before the ledger")[] = [
      "chosen",
      "after the post, before the ledger",
      "delivered",
      "recorded",
    ];

    it.each(steps)("dying right after %s leaves exactly one message once restarted", async (step) => {
      const slack = fakeSlack(() => clock.now);
      db = await subscribedStore(state);
      clock.now = Date.parse("2026-01-02T08:00:00Z");
      const crash = () => {
        throw new Error(`simulated crash after ${step}`);
      };
      const dying = dailyDeps(db, clock, {
        afterStep: (at) => (at === step ? crash() : undefined),
        ledger: {
          claim: (key, leaseMs) => db.deliveries.claim(key, leaseMs),
          release: (key) => db.deliveries.release(key),
          markDone: async (key) =>
            step === "after the post, before the ledger" ? crash() : db.deliveries.markDone(key),
        },
      });
      await runDueDailyPosts(dying);
      await db.close();

      // The restarted process: a new connection, a new client, its outbox passes beside its daily passes.
      const reopened = await open(state);
      for (const wait of [minute, 10 * minute, 10 * minute]) {
        clock.now += wait;
        const deps = dailyDeps(reopened, clock);
        await deps.drain();
        await runDueDailyPosts(deps);
      }

      expect(slack.channelMessages(channel)).toHaveLength(1);
      const status = await createDailyControl(reopened, {
        now: () => new Date(clock.now),
        defaultTimeZone: "UTC",
        index: () => indexOf(["p1", "p2", "p3"]),
      }).status(channel);
      expect(status?.recent.map((r) => r.date)).toEqual(["2026-01-02"]);
    });

    /** Passes of the daily timer and of the outbox, `every` apart. */
    async function passes(count: number, every: number, deps: ReturnType<typeof dailyDeps>) {
      const outcomes: string[] = [];
      for (let i = 0; i < count; i++) {
        clock.now += every;
        await deps.drain();
        outcomes.push(...(await runDueDailyPosts(deps)).map((r) => r.outcome));
      }
      return outcomes;
    }

    it.each([
      ["a 500 after Slack stored the message", { kind: "store-then-500" as const }],
      ["a dropped connection after Slack stored it", { kind: "store-then-drop" as const }],
      ["a dropped connection before Slack stored it", { kind: "drop" as const }],
    ])("%s: the outbox looks in the channel first, and the channel has one message", async (_, behaviour) => {
      const slack = fakeSlack(() => clock.now);
      slack.nextPosts(behaviour);
      db = await subscribedStore(state);
      clock.now = Date.parse("2026-01-02T08:00:00Z");
      const deps = dailyDeps(db, clock);
      expect((await runDueDailyPosts(deps))[0]?.outcome).toBe("retry-later");
      expect(await passes(6, 2 * minute, deps)).toEqual(["posted"]);
      expect(slack.channelMessages(channel)).toHaveLength(1);
    });

    it.each(["internal_error", "fatal_error", "service_unavailable"])(
      "Slack's %s after it stored the message (it may have partly succeeded): checked, never posted twice",
      async (error) => {
        const slack = fakeSlack(() => clock.now);
        slack.nextPosts({ kind: "store-then-error", error });
        db = await subscribedStore(state);
        clock.now = Date.parse("2026-01-02T08:00:00Z");
        const deps = dailyDeps(db, clock);
        expect((await runDueDailyPosts(deps))[0]?.outcome).toBe("retry-later");
        await passes(12, 10 * minute, deps);
        expect(slack.channelMessages(channel)).toHaveLength(1);
      },
    );

    it("when the channel history cannot be read, it never posts that date again rather than risk a duplicate", async () => {
      const slack = fakeSlack(() => clock.now, { historyError: "missing_scope" });
      slack.nextPosts({ kind: "store-then-500" });
      db = await subscribedStore(state);
      const { logger, entries } = capturedLogger();
      clock.now = Date.parse("2026-01-02T08:00:00Z");
      const deps = dailyDeps(db, clock, { logger });
      expect((await runDueDailyPosts(deps))[0]?.outcome).toBe("retry-later");
      const outcomes = await passes(12, 10 * minute, deps);
      expect(outcomes.every((o) => o === "busy" || o === "retry-later")).toBe(true);
      expect(slack.channelMessages(channel)).toHaveLength(1);
      expect(entries.some((l) => l.level === 50 && /gave up/.test(l.msg))).toBe(true);
      clock.now += day;
      await deps.drain();
      expect((await runDueDailyPosts(deps))[0]?.outcome).toBe("posted");
      expect(slack.channelMessages(channel)).toHaveLength(2);
    });
  });

  describe("three instances on one store", () => {
    it("race for the same date and post once", async () => {
      const slack = fakeSlack(() => clock.now);
      db = await subscribedStore(state);
      const others = [await open(state), await open(state)];
      clock.now = Date.parse("2026-01-02T08:00:00Z");
      const outcomes = await Promise.all([
        runDueDailyPosts(dailyDeps(db, clock, { random: seededRandom(1) })),
        ...others.map((other, i) =>
          runDueDailyPosts(dailyDeps(other, clock, { random: seededRandom(i + 2) })),
        ),
      ]);
      expect(slack.channelMessages(channel)).toHaveLength(1);
      // The losers saw the claim in flight ("busy") or, if they came after, the finished post (no result).
      const seen = outcomes.flat().map((o) => o.outcome);
      expect(seen.filter((o) => o === "posted")).toHaveLength(1);
      expect(seen.filter((o) => o !== "posted").every((o) => o === "busy")).toBe(true);
      const later = await Promise.all(others.map((other) => runDueDailyPosts(dailyDeps(other, clock))));
      expect(later.flat()).toEqual([]);
      expect(slack.channelMessages(channel)).toHaveLength(1);
    });
  });

  describe("Slack errors", () => {
    it("429: the outbox waits for each Retry-After, then posts once", async () => {
      const slack = fakeSlack(() => clock.now);
      slack.nextPosts({ kind: "rate-limited", retryAfter: 7 }, { kind: "rate-limited", retryAfter: 3 });
      db = await subscribedStore(state);
      clock.now = Date.parse("2026-01-02T08:00:00Z");
      const deps = dailyDeps(db, clock);
      expect((await runDueDailyPosts(deps))[0]?.outcome).toBe("retry-later");
      clock.now += 6000;
      await deps.drain();
      expect(slack.postCalls).toHaveLength(1);
      clock.now += 1000;
      await deps.drain();
      clock.now += 3000;
      await deps.drain();
      expect(slack.postCalls).toHaveLength(3);
      expect(await runDueDailyPosts(deps)).toEqual([
        { channelId: channel, localDate: "2026-01-02", outcome: "posted" },
      ]);
      expect(slack.channelMessages(channel)).toHaveLength(1);
    });

    it("any other refusal: tried again after a back-off, by one process, and posted once", async () => {
      const slack = fakeSlack(() => clock.now);
      slack.nextPosts({ kind: "error", error: "invalid_blocks" });
      db = await subscribedStore(state);
      const other = await open(state);
      clock.now = Date.parse("2026-01-02T08:00:00Z");
      expect((await runDueDailyPosts(dailyDeps(db, clock)))[0]?.outcome).toBe("retry-later");
      clock.now += minute;
      expect((await runDueDailyPosts(dailyDeps(other, clock)))[0]?.outcome).toBe("busy");
      clock.now += 15 * minute;
      expect((await runDueDailyPosts(dailyDeps(other, clock)))[0]?.outcome).toBe("posted");
      expect(slack.postCalls).toHaveLength(2);
      expect(slack.channelMessages(channel)).toHaveLength(1);
    });

    it.each(["not_in_channel", "channel_not_found"])(
      "%s: pauses the subscription, logs once, tells the subscriber, and `/paper daily on` resumes",
      async (error) => {
        const slack = fakeSlack(() => clock.now);
        slack.nextPosts({ kind: "error", error });
        db = await subscribedStore(state);
        const { logger, entries } = capturedLogger();
        clock.now = Date.parse("2026-01-02T08:00:00Z");
        expect(await runDueDailyPosts(dailyDeps(db, clock, { logger }))).toEqual([
          { channelId: channel, localDate: "2026-01-02", outcome: "paused" },
        ]);
        for (let i = 0; i < 3; i++) {
          clock.now += day;
          expect(await runDueDailyPosts(dailyDeps(db, clock, { logger }))).toEqual([]);
        }
        const warnings = entries.filter((l) => l.level === 40 && l.channelId === channel);
        expect(warnings).toHaveLength(1);
        expect(warnings[0]?.reason).toBe(error);
        expect(slack.messages.filter((m) => m.channel === "U0SUBSCRIBER").map((m) => m.text)).toEqual([
          dailyPausedMessage(channel, error),
        ]);
        expect(slack.channelMessages(channel)).toEqual([]);
        const control = createDailyControl(db, {
          now: () => new Date(clock.now),
          defaultTimeZone: "UTC",
          index: () => indexOf(["p1", "p2", "p3"]),
        });
        expect((await control.status(channel))?.paused).toBe(error);
        const resumed = await control.subscribe(
          channel,
          { time: "09:00", timeZone: "Europe/Berlin", weekdays: [1, 2, 3, 4, 5, 6, 7] },
          "U0SUBSCRIBER",
        );
        expect(resumed.paused).toBeUndefined();
        expect((await db.subscriptions.get(channel))?.pausedReason).toBeUndefined();
        clock.now += day;
        expect((await runDueDailyPosts(dailyDeps(db, clock, { logger })))[0]?.outcome).toBe("posted");
        expect(slack.channelMessages(channel)).toHaveLength(1);
      },
    );
  });

  describe("the shuffle-bag", () => {
    it("a corpus that grew and shrank mid-round: new papers join the round, removed ones are skipped", async () => {
      const slack = fakeSlack(() => clock.now);
      db = await subscribedStore(state);
      let ids = ["a", "b", "c", "d", "e"];
      clock.now = Date.parse("2026-01-02T08:30:00Z");
      const postDays = async (n: number) => {
        for (let i = 0; i < n; i++) {
          await runDueDailyPosts(
            dailyDeps(db, clock, { index: () => indexOf(ids), random: seededRandom(clock.now) }),
          );
          clock.now += day;
        }
      };
      const posted = () => slack.channelMessages(channel).map((m) => m.metadata?.event_payload.paper ?? "");
      await postDays(3);
      const firstThree = posted();
      expect(new Set(firstThree).size).toBe(3);
      const unposted = ["a", "b", "c", "d", "e"].filter((id) => !firstThree.includes(id));
      const removed = unposted[0] ?? "";
      const stillDue = unposted[1] ?? "";
      ids = ["a", "b", "c", "d", "e", "f", "g"].filter((id) => id !== removed && id !== firstThree[0]);
      await postDays(3);
      expect(posted().slice(3).sort()).toEqual([stillDue, "f", "g"].sort());
      await postDays(5);
      expect(posted().slice(6).sort()).toEqual([...ids].sort());
      expect(posted()).not.toContain(removed);
    });
  });
});
