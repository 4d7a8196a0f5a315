import fc from "fast-check";
import nock from "nock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadCorpus } from "../../src/corpus/load.js";
import { createDailyControl } from "../../src/schedule/daily-control.js";
import { runDueDailyPosts } from "../../src/schedule/daily-post.js";
import { drawFromBag } from "../../src/schedule/shuffle-bag.js";
import { createSearchEngine } from "../../src/search/engine.js";
import { seededRandom } from "../../src/search/seeded-random.js";
import { freshStates, storeKinds } from "../helpers/stores.js";
import { dailyDeps, fakeSlack } from "./helpers.js";

beforeEach(() => nock.disableNetConnect());
afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

describe("drawFromBag", () => {
  it("never repeats a paper until every paper of the corpus has been drawn", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 1, max: 120 }),
        (n, seed, draws) => {
          const ids = Array.from({ length: n }, (_, i) => `p${i}`);
          let round = { seed, round: 0, paperIds: new Set<string>() };
          const drawn: string[] = [];
          for (let i = 0; i < draws; i++) {
            const pick = drawFromBag(ids, round);
            if (!pick) throw new Error("nothing drawn");
            round = pick.round === round.round ? round : { seed, round: pick.round, paperIds: new Set() };
            round.paperIds.add(pick.paperId);
            drawn.push(pick.paperId);
          }
          for (let start = 0; start < drawn.length; start += n) {
            const chunk = drawn.slice(start, start + n);
            expect(new Set(chunk).size).toBe(chunk.length);
          }
        },
      ),
    );
  });

  it("draws nothing from an empty corpus", () => {
    expect(drawFromBag([], { seed: 1, round: 0, paperIds: new Set() })).toBeUndefined();
  });

  it("starts a new round once everything was drawn, with the one paper left when one is left", () => {
    const full = { seed: 7, round: 3, paperIds: new Set(["a", "b", "c"]) };
    expect(drawFromBag(["a", "b", "c"], full)?.round).toBe(4);
    expect(drawFromBag(["a", "b", "c", "d"], full)).toEqual({ paperId: "d", round: 3 });
  });

  it("the seed decides the order: the same bag draws the same paper, other seeds spread over the corpus", () => {
    const ids = Array.from({ length: 20 }, (_, i) => `p${i}`);
    const bag = (seed: number) => ({ seed, round: 1, paperIds: new Set<string>() });
    expect(drawFromBag(ids, bag(42))).toEqual(drawFromBag([...ids].reverse(), bag(42)));
    const firsts = new Map<string, number>();
    for (let seed = 0; seed < 2000; seed++) {
      const id = drawFromBag(ids, bag(seed))?.paperId ?? "";
      firsts.set(id, (firsts.get(id) ?? 0) + 1);
    }
    // Every paper comes first for some seeds, none for far more than its share (100 of 2000).
    expect(firsts.size).toBe(20);
    expect(Math.max(...firsts.values())).toBeLessThan(200);
    // And each round of one channel is a different order.
    const round = (n: number) => drawFromBag(ids, { seed: 42, round: n, paperIds: new Set(["p0"]) })?.paperId;
    expect(new Set([1, 2, 3, 4, 5, 6].map(round)).size).toBeGreaterThan(1);
  });
});

describe.each(storeKinds)("4 rounds of papers from the real seeds on the %s store", (kind) => {
  const freshState = freshStates(kind);
  it("posts one paper a day and no paper twice inside any round of 27", { timeout: 120_000 }, async () => {
    const index = createSearchEngine(await loadCorpus("seeds"));
    expect(index.paperIds()).toHaveLength(27);
    const clock = { now: Date.parse("2026-01-01T12:00:00Z") };
    const slack = fakeSlack(() => clock.now);
    const db = await (await freshState()).open();
    await createDailyControl(db, {
      now: () => new Date(clock.now),
      defaultTimeZone: "UTC",
      index: () => index,
    }).subscribe("C1", { time: "09:00", timeZone: "Europe/Berlin", weekdays: [1, 2, 3, 4, 5, 6, 7] }, "U1");
    const deps = dailyDeps(db, clock, { index: () => index, random: seededRandom(2026) });
    // Four rounds and a few days into the fifth: every round boundary the bag crosses is like these.
    const days = 4 * 27 + 4;
    for (let day = 1; day <= days; day++) {
      clock.now += 24 * 60 * 60 * 1000;
      await runDueDailyPosts(deps);
    }
    const papers = slack.channelMessages("C1").map((m) => m.metadata?.event_payload.paper ?? "");
    const dates = slack.channelMessages("C1").map((m) => m.metadata?.event_payload.date);
    expect(papers).toHaveLength(days);
    expect(new Set(dates).size).toBe(days);
    for (let start = 0; start < papers.length; start += 27) {
      const round = papers.slice(start, start + 27);
      expect(new Set(round).size).toBe(round.length);
    }
    expect(new Set(papers.slice(0, 27))).toEqual(new Set(index.paperIds()));
  });
});
