import { describe, expect, it } from "vitest";
import { createMemoryDeliveryLedger } from "../../src/state/once.js";

describe("the in-memory delivery ledger", () => {
  it("answers a key once it is done, lets a released one be answered again, and waits out a live lease", async () => {
    let time = 0;
    const ledger = createMemoryDeliveryLedger(() => time, 60_000);
    expect(await ledger.claim("event:1", 1000)).toBe("mine");
    expect(await ledger.claim("event:1", 1000)).toBe("busy");
    await ledger.release("event:1");
    expect(await ledger.claim("event:1", 1000)).toBe("mine");
    time = 2000;
    expect(await ledger.claim("event:1", 1000)).toBe("mine");
    await ledger.markDone("event:1");
    expect(await ledger.claim("event:1", 1000)).toBe("done");
    time = 70_000;
    expect(await ledger.claim("event:1", 1000)).toBe("mine");
  });
});
