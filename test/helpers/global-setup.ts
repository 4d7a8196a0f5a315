import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { startTestPostgres, type TestPostgres, testDatabasePrefix } from "./postgres.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** A PostgreSQL server the store tests create and drop their own databases on. */
    pgUrl: string;
    /** How this run's test databases are named, so runs sharing a server check only their own. */
    pgDatabasePrefix: string;
    /** This run's temporary folder: every test's os.tmpdir(), checked empty at the end. */
    runTmp: string;
  }
}

// Tool caches that child processes create under os.tmpdir() by themselves (tsx's compile cache).
const toolCaches = /^tsx-\d+$/;

/** Every file under `dir` with its size and change time, so a test that writes into it shows. */
function filesUnder(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (at: string) => {
    let names: string[];
    try {
      names = readdirSync(at);
    } catch {
      return;
    }
    for (const name of names) {
      const path = join(at, name);
      const stat = statSync(path, { throwIfNoEntry: false });
      if (stat === undefined) continue;
      files.set(relative(dir, path), `${stat.size}:${stat.mtimeMs}`);
      if (stat.isDirectory()) walk(path);
    }
  };
  walk(dir);
  return files;
}

async function leftoverDatabases(url: string, prefix: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE starts_with(datname, $1) ORDER BY datname",
      [prefix],
    );
    return rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

/**
 * Once per `vitest run`: a temporary folder of its own for the tests (so runs in other worktrees do not
 * count), a PostgreSQL for the store tests (PAPERBOT_TEST_PG_URL, else a throw-away server), and at the end
 * a check that nothing was left behind: no file in the temporary folder, no database of this run, nothing new in
 * the project's data/ folder. A leak fails the run.
 */
export default async function setup(project: TestProject) {
  const systemTmp = tmpdir();
  const runTmp = mkdtempSync(join(systemTmp, "paperbot-run-"));
  const dataDir = join(process.cwd(), "data");
  const dataBefore = filesUnder(dataDir);
  let server: TestPostgres | undefined;
  const givenUrl = process.env.PAPERBOT_TEST_PG_URL?.trim();
  try {
    server = givenUrl ? undefined : await startTestPostgres(systemTmp);
  } catch (error) {
    rmSync(runTmp, { recursive: true, force: true });
    throw error;
  }
  const pgUrl = givenUrl || (server?.url ?? "");
  // Other runs (another worktree, a second run at once) may share the server: each names its databases apart.
  const pgDatabasePrefix = `${testDatabasePrefix}${randomBytes(3).toString("hex")}_`;
  project.provide("pgUrl", pgUrl);
  project.provide("pgDatabasePrefix", pgDatabasePrefix);
  project.provide("runTmp", runTmp);

  return async () => {
    const problems: string[] = [];
    try {
      const databases = await leftoverDatabases(pgUrl, pgDatabasePrefix);
      if (databases.length > 0) problems.push(`test databases not dropped: ${databases.join(", ")}`);
    } finally {
      server?.stop();
    }
    const leaked = readdirSync(runTmp).filter((name) => !toolCaches.test(name));
    if (leaked.length > 0) problems.push(`left in the temporary folder: ${leaked.sort().join(", ")}`);
    rmSync(runTmp, { recursive: true, force: true });
    const dataAfter = filesUnder(dataDir);
    const written = [...dataAfter]
      .filter(([path, stamp]) => dataBefore.get(path) !== stamp)
      .map(([path]) => path);
    if (written.length > 0) problems.push(`written in data/: ${written.sort().join(", ")}`);
    if (problems.length > 0) {
      // vitest prints an error thrown here but still exits 0: set the exit code too.
      process.exitCode = 1;
      throw new Error(`Tests did not clean up after themselves:\n  ${problems.join("\n  ")}`);
    }
  };
}
