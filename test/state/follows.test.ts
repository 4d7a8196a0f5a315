import { describe, expect, it } from "vitest";
import { mergedItems } from "../../src/state/announcements.js";
import { freshStates, storeKinds } from "../helpers/stores.js";

describe.each(storeKinds)("follows, saved papers and known papers on the %s store", (kind) => {
  const freshState = freshStates(kind);

  it("keeps one follow per person and target, newest first, and forgets it on unfollow", async () => {
    const state = await freshState();
    const store = await state.open();
    const add = (userId: string, target: string, at: number) =>
      store.follows.add({ userId, kind: "topic", target, label: target.toUpperCase(), createdAt: at });
    expect(await add("U1", "rlhf", 1)).toBe(true);
    expect(await add("U1", "rlhf", 2)).toBe(false);
    expect(await add("U1", "agents", 3)).toBe(true);
    expect(await add("U2", "rlhf", 4)).toBe(true);
    expect((await store.follows.list("U1")).map((f) => f.target)).toEqual(["agents", "rlhf"]);
    expect(await store.follows.count("U1")).toBe(2);
    expect(await store.follows.remove("U1", "topic", "rlhf")).toBe(true);
    expect(await store.follows.remove("U1", "topic", "rlhf")).toBe(false);
    // Another connection (a restart, another process) sees the same.
    const again = await state.open();
    expect((await again.follows.all()).map((f) => `${f.userId}:${f.target}`)).toEqual([
      "U1:agents",
      "U2:rlhf",
    ]);
  });

  it("keeps a saved paper once with what it looked like, newest first", async () => {
    const store = await (await freshState()).open();
    const entry = (paperId: string, savedAt: number) => ({
      userId: "U1",
      paperId,
      savedAt,
      headline: `Headline ${paperId}`,
      authors: "A, B et al.",
      owners: ["C"],
      abstract: "An abstract.",
    });
    expect(await store.savedPapers.save(entry("p1", 1))).toBe(true);
    expect(await store.savedPapers.save(entry("p2", 2))).toBe(true);
    expect(await store.savedPapers.save(entry("p1", 3))).toBe(false);
    expect(await store.savedPapers.list("U1")).toEqual([entry("p2", 2), entry("p1", 1)]);
    expect(await store.savedPapers.remove("U1", "p2")).toBe(true);
    expect((await store.savedPapers.list("U1")).map((s) => s.paperId)).toEqual(["p1"]);
    expect(await store.savedPapers.list("U2")).toEqual([]);
  });

  it("records a baseline once, then only ids it never saw, and reports the latest change", async () => {
    const store = await (await freshState()).open();
    const request = (paperIds: string[], at: number) => ({
      at,
      paperIds,
      candidates: paperIds,
      plan: () => [],
      day: { today: "2026-01-15", tomorrow: "2026-01-16", tomorrowStartsAt: at + 1 },
      dailyCap: 3,
      newId: () => `d${at}`,
    });
    expect(await store.announcements.record(request(["a", "b"], 10))).toEqual({
      kind: "baseline",
      papers: 2,
    });
    expect(await store.announcements.record(request(["a", "b"], 20))).toEqual({ kind: "unchanged" });
    expect(await store.announcements.record(request(["a", "b", "c"], 30))).toMatchObject({
      kind: "recorded",
      change: { id: 1, added: 1 },
    });
    expect([...(await store.announcements.knownIds())].sort()).toEqual(["a", "b", "c"]);
    expect(await store.announcements.latestChanges(1000)).toEqual({
      baseline: { id: 0, at: 10, added: 2, baseline: true },
      changes: [{ change: { id: 1, at: 30, added: 1, baseline: false }, paperIds: ["c"] }],
    });
  });
});

describe("mergedItems", () => {
  it("adds held papers once, under the follows they matched, renumbered", () => {
    const held = {
      follows: [{ kind: "topic" as const, target: "rlhf", label: "RLHF" }],
      papers: [{ id: "p1", matched: [0] }],
    };
    const more = {
      follows: [
        { kind: "author" as const, target: "enyu", label: "Enyu" },
        { kind: "topic" as const, target: "rlhf", label: "RLHF" },
      ],
      papers: [
        { id: "p1", matched: [1] },
        { id: "p2", matched: [0, 1] },
      ],
    };
    expect(mergedItems(held, more)).toEqual({
      follows: [held.follows[0], more.follows[0]],
      papers: [
        { id: "p1", matched: [0] },
        { id: "p2", matched: [1, 0] },
      ],
    });
  });
});
