import { describe, expect, it } from "vitest";
import { nextDailyPaper } from "../../src/schedule/next-paper.js";
import { drawFromBag } from "../../src/schedule/shuffle-bag.js";
import { seededRandom } from "../../src/search/seeded-random.js";
import type { ClaimRequest } from "../../src/state/daily-posts.js";
import { freshStates, storeKinds } from "../helpers/stores.js";
import { indexOf } from "../schedule/helpers.js";

const minute = 60_000;
const t0 = 1_767_258_000_000;
const papers = ["p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10"];

function request(channelId: string, localDate: string, token: string, at = t0): ClaimRequest {
  return {
    channelId,
    localDate,
    token,
    at,
    leaseUntil: at + 5 * minute,
    proposedSeed: 12345,
    draw: (bag) => drawFromBag(papers, bag),
  };
}

describe.each(storeKinds)("daily post rows in the %s store", (kind) => {
  const freshState = freshStates(kind);

  it("claims a date once: busy under a live lease, taken over after it, done once posted", async () => {
    const store = await (await freshState()).open();
    const first = await store.dailyPosts.claim(request("C1", "2026-01-02", "a"));
    expect(first.kind).toBe("new");
    expect(await store.dailyPosts.get("C1", "2026-01-02")).toMatchObject({
      state: "claimed",
      claimToken: "a",
    });
    expect((await store.dailyPosts.claim(request("C1", "2026-01-02", "b", t0 + minute))).kind).toBe("busy");
    const key = { channelId: "C1", localDate: "2026-01-02", token: "a", state: "claimed" as const };
    expect(
      await store.dailyPosts.update(key, { state: "posting", token: "a", leaseUntil: t0 + 2 * minute }),
    ).toBe(true);
    // The owner died in `posting`: the next claim after its lease takes the row over, state kept.
    const taken = await store.dailyPosts.claim(request("C1", "2026-01-02", "c", t0 + 3 * minute));
    expect(taken).toMatchObject({ kind: "taken-over", post: { state: "posting", claimToken: "c" } });
    // The old owner's compare-and-set no longer applies.
    expect(
      await store.dailyPosts.update(
        { ...key, state: "posting" },
        { state: "claimed", token: "a", leaseUntil: 0 },
      ),
    ).toBe(false);
    await store.dailyPosts.markPosted("C1", "2026-01-02", "1.5", t0 + 4 * minute);
    expect((await store.dailyPosts.claim(request("C1", "2026-01-02", "d", t0 + day()))).kind).toBe("done");
    expect(await store.dailyPosts.recent("C1", 5)).toMatchObject([
      { localDate: "2026-01-02", messageTs: "1.5" },
    ]);
  });

  it("gives each channel's date to exactly one of two processes claiming at once", async () => {
    const state = await freshState();
    const [one, two] = [await state.open(), await state.open()];
    const channels = Array.from({ length: 20 }, (_, i) => `C${i}`);
    const claims = await Promise.all(
      channels.flatMap((channel) => [
        one.dailyPosts.claim(request(channel, "2026-01-02", `one-${channel}`)),
        two.dailyPosts.claim(request(channel, "2026-01-02", `two-${channel}`)),
      ]),
    );
    for (let i = 0; i < channels.length; i++) {
      const kinds = [claims[2 * i]?.kind, claims[2 * i + 1]?.kind].sort();
      expect(kinds).toEqual(["busy", "new"]);
    }
  });

  it("never draws one paper twice in a round, even when two processes claim many dates of a channel at once", async () => {
    const state = await freshState();
    const [one, two] = [await state.open(), await state.open()];
    const dates = papers.map((_, i) => `2026-02-${String(i + 1).padStart(2, "0")}`);
    await Promise.all(
      dates.flatMap((date) => [
        one.dailyPosts.claim(request("C1", date, `one-${date}`)),
        two.dailyPosts.claim(request("C1", date, `two-${date}`)),
      ]),
    );
    const rows = await Promise.all(dates.map((date) => one.dailyPosts.get("C1", date)));
    expect(new Set(rows.map((r) => r?.paperId)).size).toBe(papers.length);
    expect(new Set(rows.map((r) => r?.round))).toEqual(new Set([1]));
  });

  it("shows the next paper of a channel's bag without drawing it, and the next claim brings that paper", async () => {
    const store = await (await freshState()).open();
    const index = indexOf(papers);
    const random = seededRandom(9);
    for (let day = 1; day <= 12; day++) {
      const peeked = await nextDailyPaper(store, "C1", index, random);
      expect(await nextDailyPaper(store, "C1", index, seededRandom(day))).toEqual(peeked);
      const date = `2026-03-${String(day).padStart(2, "0")}`;
      const claim = await store.dailyPosts.claim({
        ...request("C1", date, `t${day}`),
        proposedSeed: day,
        draw: (bag) => drawFromBag(index.paperIds(), bag),
      });
      expect(claim.kind === "new" ? claim.post.paperId : undefined).toBe(peeked?.id);
    }
    expect(await nextDailyPaper(store, "C9", indexOf([]), random)).toBeUndefined();
  });

  it("redraws a claimed paper that left the corpus from what is left of the round", async () => {
    const store = await (await freshState()).open();
    await store.dailyPosts.claim(request("C1", "2026-01-01", "a"));
    await store.dailyPosts.markPosted("C1", "2026-01-01", "1.0", t0);
    const claimed = await store.dailyPosts.claim(request("C1", "2026-01-02", "b"));
    const gone = claimed.kind === "new" ? claimed.post.paperId : "";
    const first = (await store.dailyPosts.get("C1", "2026-01-01"))?.paperId;
    const left = papers.filter((id) => id !== gone);
    const key = { channelId: "C1", localDate: "2026-01-02", token: "b", state: "claimed" as const };
    const redrawn = await store.dailyPosts.redraw(key, 1, (bag) => drawFromBag(left, bag));
    expect(redrawn).not.toBe("lost");
    expect(redrawn === "lost" ? undefined : redrawn?.paperId).not.toBe(first);
    expect((await store.dailyPosts.get("C1", "2026-01-02"))?.paperId).toBe(
      redrawn === "lost" ? undefined : redrawn?.paperId,
    );
    expect(await store.dailyPosts.redraw({ ...key, token: "x" }, 1, (bag) => drawFromBag(left, bag))).toBe(
      "lost",
    );
  });
});

function day(): number {
  return 24 * 60 * minute;
}
