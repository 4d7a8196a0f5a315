import { describe, expect, it } from "vitest";
import { freshStates, storeKinds } from "../helpers/stores.js";

const minute = 60_000;

describe.each(storeKinds)("the delivery ledger in the %s store", (kind) => {
  const freshState = freshStates(kind);

  it("answers a key once it is done, lets a released one be answered again, and waits out a live lease", async () => {
    let time = 1_767_225_600_000;
    const ledger = (await (await freshState()).open({ now: () => time })).deliveries;
    expect(await ledger.claim("event:1", minute)).toBe("mine");
    expect(await ledger.claim("event:1", minute)).toBe("busy");
    await ledger.release("event:1");
    expect(await ledger.claim("event:1", minute)).toBe("mine");
    time += 2 * minute;
    // The holder died mid-answer: after its lease, Slack's next retry is answered.
    expect(await ledger.claim("event:1", minute)).toBe("mine");
    await ledger.markDone("event:1");
    expect(await ledger.claim("event:1", minute)).toBe("done");
    await ledger.release("event:1");
    expect(await ledger.claim("event:1", minute)).toBe("done");
  });

  it("is shared by processes: a claim made by one is busy then done for the other; one cannot release another's", async () => {
    const time = 1_767_225_600_000;
    const state = await freshState();
    const one = (await state.open({ now: () => time })).deliveries;
    const two = (await state.open({ now: () => time })).deliveries;
    expect(await one.claim("event:2", minute)).toBe("mine");
    expect(await two.claim("event:2", minute)).toBe("busy");
    await two.release("event:2");
    expect(await two.claim("event:2", minute)).toBe("busy");
    await one.markDone("event:2");
    expect(await two.claim("event:2", minute)).toBe("done");
  });

  it("gives each key to exactly one of many claims racing from two connections", async () => {
    const time = 1_767_225_600_000;
    const state = await freshState();
    const ledgers = [
      (await state.open({ now: () => time })).deliveries,
      (await state.open({ now: () => time })).deliveries,
    ];
    const keys = Array.from({ length: 40 }, (_, i) => `event:race${i}`);
    const outcomes = await Promise.all(
      keys.flatMap((key) =>
        [0, 1, 0, 1].map((i) => ledgers[i]?.claim(key, minute).then((o) => [key, o] as const)),
      ),
    );
    for (const key of keys) {
      const forKey = outcomes.filter((o) => o?.[0] === key).map((o) => o?.[1]);
      expect(forKey.filter((o) => o === "mine")).toHaveLength(1);
      expect(forKey.filter((o) => o === "busy")).toHaveLength(3);
    }
  });

  it("forgets keys untouched for a day, so the table does not grow forever", async () => {
    let time = 1_767_225_600_000;
    const state = await freshState();
    const ledger = (await state.open({ now: () => time })).deliveries;
    expect(await ledger.claim("first", minute)).toBe("mine");
    for (let i = 0; i < 50; i++) await ledger.markDone(`old${i}`);
    time += 25 * 60 * minute;
    expect(await ledger.claim("new", minute)).toBe("mine");
    expect(await state.sql("SELECT key FROM deliveries ORDER BY key")).toEqual([{ key: "new" }]);
    expect(await ledger.claim("old1", minute)).toBe("mine");
  });
});
