import { describe, expect, it } from "vitest";
import {
  createFallbackOutbox,
  createMemoryOutbox,
  type Outbox,
  type OutboxEntry,
} from "../../src/state/outbox.js";
import { capturedLogger } from "../helpers/logs.js";

/*
 * Issue 38, item 6: while the state store hangs, an answer already waited out one statement timeout on its claim;
 * it must not wait out a second one to be kept in the outbox. A store whose every call never settles (a frozen
 * PostgreSQL with no timeout) makes a wait on it visible as a test that never ends.
 */

const hung: Outbox = {
  add: () => new Promise(() => {}),
  due: () => new Promise(() => {}),
  reschedule: () => new Promise(() => {}),
  remove: () => new Promise(() => {}),
  pending: () => new Promise(() => {}),
};

function entry(key: string): OutboxEntry {
  return {
    key,
    message: { via: "post", args: { channel: "C1", text: "hi" }, channel: "C1", after: "1.0" },
    createdAt: 0,
    giveUpAt: 60_000,
    nextAt: 0,
    attempts: 1,
    maybeSent: true,
  };
}

describe("the fallback outbox while the store is known to fail", () => {
  it("keeps, lists, counts and drops answers in memory without waiting on the store", async () => {
    const outbox = createFallbackOutbox(hung, capturedLogger().logger, () => false);
    expect(await outbox.add(entry("answer:C1:1.0"))).toBe(true);
    expect((await outbox.due(0, 10)).map((e) => e.key)).toEqual(["answer:C1:1.0"]);
    expect(await outbox.pending()).toBe(1);
    await outbox.reschedule("answer:C1:1.0", { nextAt: 5, attempts: 2, maybeSent: false });
    await outbox.remove("answer:C1:1.0");
    expect(await outbox.pending()).toBe(0);
  });

  it("uses the store again as soon as it takes writes", async () => {
    const store = createMemoryOutbox();
    let writable = false;
    const outbox = createFallbackOutbox(store, capturedLogger().logger, () => writable);
    await outbox.add(entry("answer:C1:1.0"));
    writable = true;
    await outbox.add(entry("answer:C1:2.0"));
    expect((await store.due(0, 10)).map((e) => e.key)).toEqual(["answer:C1:2.0"]);
    expect((await outbox.due(0, 10)).map((e) => e.key).sort()).toEqual(["answer:C1:1.0", "answer:C1:2.0"]);
  });
});
