import { describe, expect, it } from "vitest";
import { createMemoryLedger } from "../../src/slack/once.js";

describe("createMemoryLedger", () => {
  it("lets a key through once within its time to live, and again after it", () => {
    let now = 1_000;
    const ledger = createMemoryLedger(() => now, 60_000);
    expect(ledger.claim("share:C1:p1:1.0:U1")).toBe(true);
    expect(ledger.claim("share:C1:p1:1.0:U1")).toBe(false);
    expect(ledger.claim("share:C1:p1:1.0:U2")).toBe(true);
    now += 59_999;
    expect(ledger.claim("share:C1:p1:1.0:U1")).toBe(false);
    now += 1;
    expect(ledger.claim("share:C1:p1:1.0:U1")).toBe(true);
  });

  it("forgets old keys as time passes, without forgetting recent ones", () => {
    let now = 0;
    const ledger = createMemoryLedger(() => now, 10);
    for (let i = 0; i < 100; i++) {
      now = i;
      expect(ledger.claim(`event:${i}`)).toBe(true);
    }
    expect(ledger.claim("event:95")).toBe(false);
    expect(ledger.claim("event:80")).toBe(true);
  });
});
