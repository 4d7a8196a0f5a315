import { describe, expect, it } from "vitest";
import { memoryRecentAnswers, withMemoryFallback } from "../../src/state/recent-answers.js";
import { freshStates, storeKinds } from "../helpers/stores.js";

describe.each(storeKinds)("the last answer per person and conversation on the %s store", (kind) => {
  const freshState = freshStates(kind);

  it("keeps one answer per person and conversation, replaced by the next, gone once expired", async () => {
    const state = await freshState();
    const store = await state.open();
    const answers = store.recentAnswers;
    await answers.put("U1", "D1", '{"n":1}', 100, 200);
    await answers.put("U1", "D1", '{"n":2}', 110, 210);
    await answers.put("U1", "D2", '{"n":3}', 120, 220);
    await answers.put("U2", "D1", '{"n":4}', 130, 230);
    expect(await answers.get("U1", "D1", 150)).toEqual({ value: '{"n":2}', at: 110 });
    expect(await answers.get("U1", "D2", 150)).toEqual({ value: '{"n":3}', at: 120 });
    expect(await answers.get("U1", "D1", 210)).toBeUndefined();
    // Another connection (a restart, a replica) finds the same.
    const again = await state.open();
    expect(await again.recentAnswers.get("U2", "D1", 150)).toEqual({ value: '{"n":4}', at: 130 });
    // A later answer lets go of the expired ones.
    await answers.put("U3", "D3", "{}", 225, 500);
    expect(await answers.get("U1", "D1", 0)).toBeUndefined();
    expect(await answers.get("U2", "D1", 0)).toEqual({ value: '{"n":4}', at: 130 });
  });
});

describe("the last answer without a database", () => {
  it("is kept in memory until it expires", async () => {
    const answers = memoryRecentAnswers();
    await answers.put("U1", "D1", "a", 1, 10);
    expect(await answers.get("U1", "D1", 5)).toEqual({ value: "a", at: 1 });
    expect(await answers.get("U1", "D1", 10)).toBeUndefined();
    expect(await answers.get("U1", "D2", 5)).toBeUndefined();
  });

  it("is still found in memory while the store cannot be reached", async () => {
    const down = () => Promise.reject(new Error("state unavailable"));
    const answers = withMemoryFallback({ put: down, get: down });
    await expect(answers.put("U1", "D1", "a", 1, 10)).rejects.toThrow("state unavailable");
    expect(await answers.get("U1", "D1", 5)).toEqual({ value: "a", at: 1 });
  });
});
