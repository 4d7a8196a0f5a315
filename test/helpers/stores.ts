import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterEach, inject } from "vitest";
import { openPostgresStore, openSqliteStore } from "../../src/state/open-store.js";
import type { StateStore } from "../../src/state/store.js";

export type StoreKind = "sqlite" | "postgres";

/** Every store test runs once per kind. */
export const storeKinds: readonly StoreKind[] = ["sqlite", "postgres"];

export interface OpenOptions {
  now?: () => number;
}

/**
 * A fresh, empty place for state of one kind (an SQLite file in its own folder, or a PostgreSQL database
 * of its own). `open` may be called many times: each is a new connection, as a restarted or second process
 * would have. `breakWrites` makes storage refuse writes the way it really does: as root an immutable file
 * (chattr +i; chmod means nothing to root), else a read-only file; a PostgreSQL database set read-only with
 * its sessions ended.
 */
export interface TestState {
  kind: StoreKind;
  open(options?: OpenOptions): Promise<StateStore>;
  /** Where it lives: the SQLite file's path or the database's URL. */
  location: string;
  breakWrites(): Promise<void>;
  mendWrites(): Promise<void>;
  /** PostgreSQL only: the database stops taking connections (and drops its sessions), or takes them again. */
  cutOff?(off: boolean): Promise<void>;
  /** PostgreSQL only: the server ends every session of the database, as a restart or failover does. */
  endSessions?(): Promise<void>;
  /** Runs SQL as an administrator, outside any store (to corrupt or inspect rows). */
  sql(statement: string, params?: (string | number)[]): Promise<unknown[]>;
  drop(): Promise<void>;
}

const isRoot = () => process.getuid?.() === 0;

/** Makes files refuse writes the way storage really does (root: chattr +i; chmod means nothing to root), or undoes it. */
export function setImmutable(paths: string[], on: boolean): void {
  const present = paths.filter((path) => existsSync(path));
  if (present.length === 0) return;
  if (isRoot()) execFileSync("chattr", [on ? "+i" : "-i", ...present]);
  else execFileSync("chmod", [on ? "a-w" : "u+w", ...present]);
}

async function sqliteState(): Promise<TestState> {
  const dir = mkdtempSync(join(tmpdir(), "paperbot-state-"));
  const path = join(dir, "paperbot.db");
  const opened: StateStore[] = [];
  // The file and its WAL, not the -shm: SQLite maps that into memory, and a write to a mapped page of an
  // immutable file is a SIGBUS, not an error (what a failing disk does to any mmap; SQLite cannot help it).
  const files = () => [path, `${path}-wal`];
  let broken = false;
  return {
    kind: "sqlite",
    location: path,
    async open(options = {}) {
      const store = await openSqliteStore(path, options);
      opened.push(store);
      return store;
    },
    async breakWrites() {
      broken = true;
      setImmutable(files(), true);
    },
    async mendWrites() {
      broken = false;
      setImmutable(files(), false);
    },
    async sql(statement, params = []) {
      const { default: Database } = await import("better-sqlite3");
      const db = new Database(path);
      try {
        const prepared = db.prepare(statement);
        return prepared.reader ? prepared.all(...params) : [prepared.run(...params)];
      } finally {
        db.close();
      }
    },
    async drop() {
      for (const store of opened.splice(0)) await store.close().catch(() => undefined);
      if (broken) setImmutable(files(), false);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, statement: string, params: (string | number)[] = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(statement, params)).rows;
  } finally {
    await client.end();
  }
}

async function postgresState(): Promise<TestState> {
  const serverUrl = inject("pgUrl");
  const name = `${inject("pgDatabasePrefix")}${randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const location = url.toString();
  const opened: StateStore[] = [];
  // Ends the store's sessions and waits until the server has let them go.
  const endSessions = async () => {
    await adminQuery(
      serverUrl,
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()",
      [name],
    );
    for (let i = 0; i < 100; i++) {
      const left = await adminQuery(
        serverUrl,
        "SELECT COUNT(*)::int AS n FROM pg_stat_activity WHERE datname = $1",
        [name],
      );
      if (left[0]?.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    kind: "postgres",
    location,
    async open(options = {}) {
      const store = await openPostgresStore(location, { ...options, timeoutMs: 10_000 });
      opened.push(store);
      return store;
    },
    async breakWrites() {
      await adminQuery(serverUrl, `ALTER DATABASE ${name} SET default_transaction_read_only = on`);
      await endSessions();
    },
    async mendWrites() {
      await adminQuery(serverUrl, `ALTER DATABASE ${name} RESET default_transaction_read_only`);
      await endSessions();
    },
    endSessions,
    async cutOff(off) {
      await adminQuery(serverUrl, `ALTER DATABASE ${name} ALLOW_CONNECTIONS ${off ? "false" : "true"}`);
      if (off) await endSessions();
    },
    sql: (statement, params) => adminQuery(location, statement, params),
    async drop() {
      for (const store of opened.splice(0)) await store.close().catch(() => undefined);
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export function createTestState(kind: StoreKind): Promise<TestState> {
  return kind === "sqlite" ? sqliteState() : postgresState();
}

/** A factory of fresh TestStates for one kind, each dropped after its test. Call it inside describe. */
export function freshStates(kind: StoreKind): () => Promise<TestState> {
  const created: TestState[] = [];
  afterEach(async () => {
    for (const state of created.splice(0)) await state.drop();
  });
  return async () => {
    const state = await createTestState(kind);
    created.push(state);
    return state;
  };
}
