import { describe, expect, it } from "vitest";
import type { Subscription } from "../../src/state/subscriptions.js";
import { freshStates, storeKinds } from "../helpers/stores.js";

const subscription: Subscription = {
  channelId: "C123",
  time: "09:00",
  timeZone: "Europe/Berlin",
  weekdays: [1, 2, 3, 4, 5],
  enabled: true,
  subscribedBy: "U1",
  activeSince: 1_767_225_600_000,
  updatedAt: 1_767_225_600_000,
};

describe.each(storeKinds)("subscriptions in the %s store", (kind) => {
  const freshState = freshStates(kind);

  it("saves, replaces and lists subscriptions, with epoch milliseconds kept exact", async () => {
    const store = await (await freshState()).open();
    await store.subscriptions.save(subscription);
    await store.subscriptions.save({ ...subscription, channelId: "C001", weekdays: [7] });
    await store.subscriptions.save({ ...subscription, time: "17:30", pausedReason: "not_in_channel" });
    expect(await store.subscriptions.get("C123")).toEqual({
      ...subscription,
      time: "17:30",
      pausedReason: "not_in_channel",
    });
    expect((await store.subscriptions.list()).map((s) => s.channelId)).toEqual(["C001", "C123"]);
    expect(await store.subscriptions.get("C999")).toBeUndefined();
  });

  it("adds a startup subscription only where none exists, and disables and pauses once", async () => {
    const store = await (await freshState()).open();
    expect(await store.subscriptions.insertIfAbsent(subscription)).toBe(true);
    expect(await store.subscriptions.insertIfAbsent({ ...subscription, time: "07:00" })).toBe(false);
    expect((await store.subscriptions.get("C123"))?.time).toBe("09:00");
    expect(await store.subscriptions.pause("C123", "not_in_channel", 5)).toBe(true);
    expect(await store.subscriptions.pause("C123", "channel_not_found", 6)).toBe(false);
    expect((await store.subscriptions.get("C123"))?.pausedReason).toBe("not_in_channel");
    expect(await store.subscriptions.disable("C123", 7)).toBe(true);
    expect(await store.subscriptions.disable("C999", 7)).toBe(false);
    expect(await store.subscriptions.get("C123")).toMatchObject({ enabled: false, updatedAt: 7 });
  });

  it("is shared with a second connection, as with a second process", async () => {
    const state = await freshState();
    const one = await state.open();
    const two = await state.open();
    await one.subscriptions.save(subscription);
    expect(await two.subscriptions.get("C123")).toEqual(subscription);
  });

  it("rejects a stored row that does not parse rather than returning nonsense", async () => {
    const state = await freshState();
    const store = await state.open();
    await store.subscriptions.save(subscription);
    await state.sql("UPDATE subscriptions SET weekdays = '[9]'");
    await expect(store.subscriptions.get("C123")).rejects.toThrow();
  });
});
