import { describe, expect, it } from "vitest";
import { createFallbackDeliveryLedger, createMemoryDeliveryLedger } from "../../src/state/once.js";
import { capturedLogger } from "../helpers/logs.js";
import { freshStates, storeKinds } from "../helpers/stores.js";

const minute = 60_000;

/*
 * Other processes see a claim only when the durable ledger took it. A share must know which (listeners.ts
 * defers a share whose claim only this process's memory holds, where state is shared by several processes).
 */
for (const kind of storeKinds) {
  describe(`the fallback ledger over ${kind}: whether a claim is shared`, () => {
    const freshState = freshStates(kind);

    it("is shared while the store takes claims, memory-only while it cannot be written, shared again after", async () => {
      const state = await freshState();
      await (await state.open()).close();
      const clock = { now: Date.parse("2026-01-02T08:00:00Z") };
      const ledger = (store: Awaited<ReturnType<typeof state.open>>) =>
        createFallbackDeliveryLedger({
          durable: store.deliveries,
          memory: createMemoryDeliveryLedger(() => clock.now, 24 * 60 * minute),
          logger: capturedLogger().logger,
          now: () => clock.now,
        });

      const writable = ledger(await state.open());
      expect(await writable.claim("share:C1:p1:1.1:U1", minute)).toBe("mine");
      expect(writable.claimIsShared("share:C1:p1:1.1:U1")).toBe(true);

      await state.breakWrites();
      const failing = ledger(await state.open());
      expect(await failing.claim("share:C1:p2:1.1:U1", minute)).toBe("mine");
      expect(failing.claimIsShared("share:C1:p2:1.1:U1")).toBe(false);
      // Released (the share waited): nothing is left claimed in memory.
      await failing.release("share:C1:p2:1.1:U1");
      expect(failing.claimIsShared("share:C1:p2:1.1:U1")).toBe(true);
      expect(await failing.claim("share:C1:p2:1.1:U1", minute)).toBe("mine");
      expect(failing.claimIsShared("share:C1:p2:1.1:U1")).toBe(false);
      await failing.release("share:C1:p2:1.1:U1");

      await state.mendWrites();
      const mended = ledger(await state.open());
      expect(await mended.claim("share:C1:p2:1.1:U1", minute)).toBe("mine");
      expect(mended.claimIsShared("share:C1:p2:1.1:U1")).toBe(true);
      // The writable ledger's claim is seen by the others: a second process's click is dropped, not shared.
      expect(await mended.claim("share:C1:p1:1.1:U1", minute)).toBe("busy");
    });
  });
}
