import { describe, expect, it } from "vitest";
import { nextDailyPaper } from "../../src/schedule/next-paper.js";
import { drawFromBag } from "../../src/schedule/shuffle-bag.js";
import { seededRandom } from "../../src/search/seeded-random.js";
import type { ChooseRequest } from "../../src/state/daily-posts.js";
import { freshStates, storeKinds } from "../helpers/stores.js";
import { indexOf } from "../schedule/helpers.js";

const t0 = 1_767_258_000_000;
const papers = ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10"];

function request(channelId: string, localDate: string, from = papers, at = t0): ChooseRequest {
  return {
    channelId,
    localDate,
    at,
    proposedSeed: 12345,
    draw: (bag) => drawFromBag(from, bag),
    present: (id) => from.includes(id),
  };
}

describe.each(storeKinds)("daily post rows in the %s store", (kind) => {
  const freshState = freshStates(kind);

  it("chooses a date's paper once: the same paper for every later call, posted once", async () => {
    const store = await (await freshState()).open();
    const first = await store.dailyPosts.choose(request("C1", "2026-01-02"));
    expect(first).toMatchObject({ fresh: true, post: { state: "claimed", claimedAt: t0 } });
    const again = await store.dailyPosts.choose(request("C1", "2026-01-02", papers, t0 + 1000));
    expect(again).toEqual({ fresh: false, post: first?.post });
    expect(await store.dailyPosts.markPosted("C1", "2026-01-02", t0 + 2000)).toBe(true);
    expect(await store.dailyPosts.markPosted("C1", "2026-01-02", t0 + 3000)).toBe(false);
    expect(await store.dailyPosts.recent("C1", 5)).toMatchObject([
      { localDate: "2026-01-02", paperId: first?.post.paperId, postedAt: t0 + 2000 },
    ]);
  });

  it("gives each channel's date one paper however many processes choose at once", async () => {
    const state = await freshState();
    const [one, two] = [await state.open(), await state.open()];
    const channels = Array.from({ length: 20 }, (_, i) => `C${i}`);
    const chosen = await Promise.all(
      channels.flatMap((channel) => [
        one.dailyPosts.choose(request(channel, "2026-01-02")),
        two.dailyPosts.choose(request(channel, "2026-01-02")),
      ]),
    );
    for (let i = 0; i < channels.length; i++) {
      const [a, b] = [chosen[2 * i], chosen[2 * i + 1]];
      expect([a?.fresh, b?.fresh].sort()).toEqual([false, true]);
      expect(a?.post.paperId).toBe(b?.post.paperId);
    }
  });

  it("never draws one paper twice in a round, even when two processes choose many dates of a channel at once", async () => {
    const state = await freshState();
    const [one, two] = [await state.open(), await state.open()];
    const dates = papers.map((_, i) => `2026-02-${String(i + 1).padStart(2, "0")}`);
    await Promise.all(
      dates.flatMap((date) => [
        one.dailyPosts.choose(request("C1", date)),
        two.dailyPosts.choose(request("C1", date)),
      ]),
    );
    const rows = await Promise.all(dates.map((date) => one.dailyPosts.get("C1", date)));
    expect(new Set(rows.map((r) => r?.paperId)).size).toBe(papers.length);
    expect(new Set(rows.map((r) => r?.round))).toEqual(new Set([1]));
  });

  it("shows the next paper of a channel's bag without drawing it, and the next choice brings that paper", async () => {
    const store = await (await freshState()).open();
    const index = indexOf(papers);
    const random = seededRandom(9);
    for (let day = 1; day <= 12; day++) {
      const peeked = await nextDailyPaper(store, "C1", index, random);
      expect(await nextDailyPaper(store, "C1", index, seededRandom(day))).toEqual(peeked);
      const date = `2026-03-${String(day).padStart(2, "0")}`;
      const chosen = await store.dailyPosts.choose({ ...request("C1", date), proposedSeed: day });
      expect(chosen?.post.paperId).toBe(peeked?.id);
    }
    expect(await nextDailyPaper(store, "C9", indexOf([]), random)).toBeUndefined();
  });

  it("redraws an unposted paper that left the corpus from what is left of the round, keeping when it was first chosen", async () => {
    const store = await (await freshState()).open();
    await store.dailyPosts.choose(request("C1", "2026-01-01"));
    await store.dailyPosts.markPosted("C1", "2026-01-01", t0);
    const gone = (await store.dailyPosts.choose(request("C1", "2026-01-02")))?.post.paperId;
    const first = (await store.dailyPosts.get("C1", "2026-01-01"))?.paperId;
    const left = papers.filter((id) => id !== gone);
    const redrawn = await store.dailyPosts.choose(request("C1", "2026-01-02", left, t0 + 60_000));
    expect(redrawn?.fresh).toBe(false);
    expect(redrawn?.post.claimedAt).toBe(t0);
    expect([gone, first]).not.toContain(redrawn?.post.paperId);
    expect((await store.dailyPosts.get("C1", "2026-01-02"))?.paperId).toBe(redrawn?.post.paperId);
    // A posted paper that left stays what was posted.
    expect((await store.dailyPosts.choose(request("C1", "2026-01-01", left)))?.post.paperId).toBe(first);
    // Nothing left to draw: the date is forgotten.
    expect(await store.dailyPosts.choose(request("C1", "2026-01-02", []))).toBeUndefined();
    expect(await store.dailyPosts.get("C1", "2026-01-02")).toBeUndefined();
  });

  it("forgets a claimed post, whose paper returns to the bag, but never a posted one", async () => {
    const store = await (await freshState()).open();
    const chosen = await store.dailyPosts.choose(request("C1", "2026-01-02"));
    await store.dailyPosts.remove("C1", "2026-01-02");
    expect((await store.dailyPosts.bag("C1", 1)).paperIds.size).toBe(0);
    expect((await store.dailyPosts.choose(request("C1", "2026-01-02")))?.post.paperId).toBe(
      chosen?.post.paperId,
    );
    await store.dailyPosts.markPosted("C1", "2026-01-02", t0);
    await store.dailyPosts.remove("C1", "2026-01-02");
    expect(await store.dailyPosts.get("C1", "2026-01-02")).toMatchObject({ state: "posted" });
  });
});
