import { createServer } from "node:net";
import nock from "nock";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDailyControl } from "../../src/schedule/daily-control.js";
import { runDueDailyPosts } from "../../src/schedule/daily-post.js";
import { StateUnavailableError } from "../../src/state/errors.js";
import { createFallbackDeliveryLedger, createMemoryDeliveryLedger } from "../../src/state/once.js";
import { describePostgresUrl, openPostgresStore } from "../../src/state/open-store.js";
import { latestSchemaVersion, schemaSteps } from "../../src/state/schema.js";
import { capturedLogger } from "../helpers/logs.js";
import { freshStates } from "../helpers/stores.js";
import { dailyDeps, fakeSlack, indexOf } from "../schedule/helpers.js";
import { legacyPostgresScript } from "./legacy-schema.js";

beforeEach(() => nock.disableNetConnect());
afterEach(() => {
  nock.cleanAll();
  nock.enableNetConnect();
});

async function openError(url: string, startupWaitMs = 0): Promise<StateUnavailableError> {
  try {
    await (await openPostgresStore(url, { timeoutMs: 2000, startupWaitMs })).close();
  } catch (error) {
    if (error instanceof StateUnavailableError) return error;
    throw error;
  }
  throw new Error("expected the store not to open");
}

/** A loopback port nobody listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 1));
    });
  });
}

describe("openPostgresStore", () => {
  const freshState = freshStates("postgres");

  it("migrates a new database once, however many processes start at the same moment", async () => {
    const state = await freshState();
    const stores = await Promise.all([state.open(), state.open(), state.open()]);
    expect(stores.map((s) => s.kind)).toEqual(["postgres", "postgres", "postgres"]);
    expect(await state.sql("SELECT version, name FROM schema_migrations ORDER BY version")).toEqual(
      schemaSteps.map((name, i) => ({ version: i + 1, name })),
    );
  });

  it.each([1, latestSchemaVersion])(
    "opens a database the code before Kysely left at version %i, keeping its rows",
    async (version) => {
      const state = await freshState();
      for (const statement of legacyPostgresScript(version)) await state.sql(statement);
      await state.sql(
        "INSERT INTO subscriptions VALUES ('C123', '09:00', 'Europe/Berlin', '[1,2,3,4,5]', 1, NULL, 'U1', 1000, 1000)",
      );
      const store = await state.open();
      expect((await store.subscriptions.get("C123"))?.weekdays).toEqual([1, 2, 3, 4, 5]);
      expect(await store.deliveries.claim("event:Ev1", 1000)).toBe("mine");
      expect(await store.follows.count("U1")).toBe(0);
      expect(await state.sql("SELECT version FROM schema_migrations ORDER BY version")).toEqual(
        schemaSteps.map((_, i) => ({ version: i + 1 })),
      );
    },
  );

  it("refuses a database migrated by a newer Paperbot and leaves it alone", async () => {
    const state = await freshState();
    await (await state.open()).close();
    await state.sql("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, 'future', 0)", [
      latestSchemaVersion + 1,
    ]);
    expect((await openError(state.location)).problem).toBe("too-new");
    expect(await state.sql("SELECT COUNT(*)::int AS n FROM schema_migrations")).toEqual([
      { n: latestSchemaVersion + 1 },
    ]);
  });

  it("waits a while at start for a server nobody answers on yet, then says it is unreachable", async () => {
    const started = Date.now();
    const error = await openError(
      `postgres://paperbot:secret@127.0.0.1:${await closedPort()}/paperbot`,
      1200,
    );
    expect(error.problem).toBe("unreachable");
    expect(error.message).not.toContain("secret");
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("opens once a server that was not up yet at start comes up", async () => {
    const state = await freshState();
    await state.cutOff?.(true);
    const opening = openPostgresStore(state.location, { timeoutMs: 2000, startupWaitMs: 20_000 });
    await new Promise((resolve) => setTimeout(resolve, 700));
    await state.cutOff?.(false);
    const store = await opening;
    try {
      expect(store.health()).toEqual({ writable: true });
      expect(await store.subscriptions.list()).toEqual([]);
    } finally {
      await store.close();
    }
  });

  it("says a database that does not exist is unreadable", async () => {
    const state = await freshState();
    const url = new URL(state.location);
    url.pathname = "/paperbot_no_such_database";
    expect((await openError(url.toString())).problem).toBe("unreadable");
  });

  it("a database that goes away mid-run: repeats are caught in memory, no daily post, all back when it returns", async () => {
    const state = await freshState();
    const store = await state.open();
    const { logger, entries } = capturedLogger();
    const clock = { now: Date.parse("2026-01-02T08:00:00Z") };
    await createDailyControl(store, {
      now: () => new Date("2026-01-01T12:00:00Z"),
      defaultTimeZone: "UTC",
      index: () => indexOf(["p1", "p2"]),
    }).subscribe("C1", { time: "09:00", timeZone: "Europe/Berlin", weekdays: [1, 2, 3, 4, 5, 6, 7] }, "U1");
    const ledger = createFallbackDeliveryLedger({
      durable: store.deliveries,
      memory: createMemoryDeliveryLedger(() => clock.now, 24 * 60 * 60_000),
      logger,
      now: () => clock.now,
    });
    const slack = fakeSlack(() => clock.now);
    await state.cutOff?.(true);
    try {
      expect(await ledger.claim("event:Ev1", 60_000)).toBe("mine");
      expect(await ledger.claim("event:Ev1", 60_000)).toBe("busy");
      expect(store.health()).toMatchObject({ writable: false, problem: "unreachable" });
      expect(
        (await runDueDailyPosts(dailyDeps(store, clock)).catch((error: unknown) => error)) instanceof
          StateUnavailableError,
      ).toBe(true);
    } finally {
      await state.cutOff?.(false);
    }
    expect(entries.filter((l) => l.level === 40)).toHaveLength(1);
    expect(await runDueDailyPosts(dailyDeps(store, clock))).toEqual([
      { channelId: "C1", localDate: "2026-01-02", outcome: "posted" },
    ]);
    expect(store.health()).toEqual({ writable: true });
    expect(slack.channelMessages("C1")).toHaveLength(1);
  });

  it("a server that ends its sessions (restart, failover): the store carries on with fresh ones, nothing crashes", async () => {
    const state = await freshState();
    const store = await state.open();
    await store.subscriptions.list();
    await store.dailyPosts.bag("C1", 5);
    await state.endSessions?.();
    expect(await store.subscriptions.list()).toEqual([]);
    const chosen = await store.dailyPosts.choose({
      channelId: "C1",
      localDate: "2026-01-02",
      at: 0,
      proposedSeed: 5,
      draw: () => ({ paperId: "p1", round: 1 }),
      present: () => true,
    });
    expect(chosen).toMatchObject({ fresh: true, post: { paperId: "p1", state: "claimed" } });
    expect(store.health()).toEqual({ writable: true });
  });

  it("names the server and database in logs, never the user or password", () => {
    expect(describePostgresUrl("postgres://bot:hunter2@db.internal:5433/paperbot?sslmode=require")).toBe(
      "postgres://db.internal:5433/paperbot",
    );
  });
});
