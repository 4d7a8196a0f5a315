import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { PIPED_SEPARATOR } from "../../src/console/repl.js";
import { FIXTURE_CORPUS } from "../helpers/bot.js";
import { offlineConsoleOutput } from "../helpers/console-process.js";

/*
 * CACHE_DIR as operators meet it (issue 38, item 2): a read-only folder, a folder whose files cannot be written,
 * a full disk. Each starts the bot as `npm start` does (the offline console, its state elsewhere) on real folders.
 */

const isRoot = process.getuid?.() === 0;
const undo: (() => void)[] = [];
afterEach(() => {
  for (const step of undo.splice(0).reverse()) step();
});

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "paperbot-cache-faults-"));
  undo.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Every path given refuses writes: as root an immutable file or folder (chmod means nothing to root), else chmod a-w. */
function refuseWrites(paths: string[]): void {
  if (isRoot) execFileSync("chattr", ["+i", ...paths]);
  else execFileSync("chmod", ["a-w", ...paths]);
  undo.push(() => {
    if (isRoot) execFileSync("chattr", ["-i", ...paths]);
    else execFileSync("chmod", ["u+w", ...paths]);
  });
}

/** Every file and folder under `dir`, `dir` too, deepest first. */
function everythingIn(dir: string): string[] {
  const paths: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) paths.push(...everythingIn(path));
    else paths.push(path);
  }
  return [...paths, dir];
}

/** `/paper stats` and a search, through `npm start` without tokens, over a corpus copy and this CACHE_DIR. */
async function startWith(root: string, cacheDir: string) {
  const run = await offlineConsoleOutput(root, "/paper stats\n/paper reward models\n", {
    CORPUS_DIR: join(root, "corpus"),
    CACHE_DIR: cacheDir,
  });
  const [stats = "", search = ""] = run.stdout.split(`${PIPED_SEPARATOR}\n`);
  return { ...run, stats, search };
}

function corpusCopy(root: string): void {
  cpSync(FIXTURE_CORPUS, join(root, "corpus"), { recursive: true });
}

const PAPER =
  "Grace Hopper\n\nGrace Hopper\n\nWe present a debugging method for relay computers that finds moths.\n";

describe("a CACHE_DIR that cannot take the index", { timeout: 120_000 }, () => {
  it("read-only: starts, warns naming the folder and why, serves, and /paper stats says so", async () => {
    const root = scratch();
    corpusCopy(root);
    const cacheDir = join(root, "cache");
    mkdirSync(cacheDir);
    refuseWrites([cacheDir]);

    const run = await startWith(root, cacheDir);

    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`CACHE_DIR ${cacheDir} cannot be written (read-only, or no permission`);
    expect(run.stderr).not.toContain("could not start");
    expect(run.stats).toContain(cacheDir);
    expect(run.stats).toContain("built in a temporary folder");
    expect(run.search).toContain("1 paper* for “reward models”");
    expect(readdirSync(cacheDir)).toEqual([]);
  });

  it("files that cannot be written (a previous start's, in a folder that refuses new ones): serves the new corpus", async () => {
    const root = scratch();
    corpusCopy(root);
    const cacheDir = join(root, "cache");
    expect((await startWith(root, cacheDir)).code).toBe(0);
    const before = readdirSync(cacheDir).sort();
    expect(before.some((name) => name.startsWith("index-"))).toBe(true);
    writeFileSync(join(root, "corpus", "grace-hopper.txt"), PAPER);
    refuseWrites(everythingIn(cacheDir));

    const run = await offlineConsoleOutput(root, "/paper stats\n/paper moths relay\n", {
      CORPUS_DIR: join(root, "corpus"),
      CACHE_DIR: cacheDir,
    });
    const [stats = "", search = ""] = run.stdout.split(`${PIPED_SEPARATOR}\n`);

    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`CACHE_DIR ${cacheDir} cannot be written`);
    // The corpus's memory could not be kept either: said, and not a reason to stop.
    expect(stats).toContain("cannot keep the corpus's memory");
    expect(stats).toContain("built in a temporary folder");
    expect(search).toContain("Grace Hopper");
    expect(readdirSync(cacheDir).sort()).toEqual(before);
  });

  it("on a full disk: starts from a temporary folder, names the folder as full and leaves no half-written file", async () => {
    const root = scratch();
    corpusCopy(root);
    const cacheDir = join(root, "cache");
    mkdirSync(cacheDir);
    // A real full disk: a 16 KB tmpfs on CACHE_DIR, mounted in a mount namespace of the bot's own (a user
    // namespace too when not root), so nothing is left mounted whatever happens; what is left in it is listed.
    const script = [
      'mount -t tmpfs -o size=16k tmpfs "$CACHE_DIR" || exit 97',
      '"$@"; code=$?',
      'echo "left in the cache: [$(ls -A "$CACHE_DIR" | tr "\\n" " ")]" >&2',
      "exit $code",
    ].join("\n");
    const namespace = isRoot ? ["unshare", "--mount"] : ["unshare", "--map-root-user", "--mount"];
    const run = await offlineConsoleOutput(
      root,
      "/paper stats\n/paper reward models\n",
      { CORPUS_DIR: join(root, "corpus"), CACHE_DIR: cacheDir },
      [...namespace, "sh", "-c", script, "sh"],
    );
    const [stats = "", search = ""] = run.stdout.split(`${PIPED_SEPARATOR}\n`);

    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`CACHE_DIR ${cacheDir} cannot be written (the disk is full)`);
    expect(stats).toContain("the disk is full");
    expect(search).toContain("1 paper* for “reward models”");
    // The half-written index file was removed (the corpus memory, small, may fit).
    const left = /left in the cache: \[(.*)\]/.exec(run.stderr)?.[1];
    expect(left).toBeDefined();
    expect(left).not.toContain("index-");
  });
});

describe("an index file damaged deep inside, where opening it finds nothing wrong", {
  timeout: 120_000,
}, () => {
  it("asks the search again in a moment, then serves from a file built anew, not the damaged one again", async () => {
    const root = scratch();
    corpusCopy(root);
    const cacheDir = join(root, "cache");
    expect((await startWith(root, cacheDir)).search).toContain("1 paper* for “reward models”");
    const [file = ""] = readdirSync(cacheDir).filter((name) => /^index-.*\.sqlite$/.test(name));
    const path = join(cacheDir, file);
    // A torn page near the end (a damaged sector, a copy cut short and patched): the first page is whole.
    const bytes = readFileSync(path);
    bytes.fill(0xa5, bytes.length - 30 * 1024, bytes.length - 10 * 1024);
    writeFileSync(path, bytes);

    const damaged = await startWith(root, cacheDir);
    expect(damaged.code).toBe(0);
    expect(damaged.search).toContain("Please ask again in a moment");
    expect(damaged.search).not.toContain("something went wrong");
    expect(damaged.stderr).toContain("the index file is damaged");

    const next = await startWith(root, cacheDir);
    expect(next.search).toContain("1 paper* for “reward models”");
    expect(next.stderr).not.toContain("damaged");
  });
});
