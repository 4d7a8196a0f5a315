import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import { seededRandom } from "../../src/search/seeded-random.js";
import { childEnv } from "../helpers/child-env.js";

const run = promisify(execFile);
const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Author files of `papers` papers in all, their abstracts of seeded made-up words: a build of some seconds. */
function largeCorpus(dir: string, papers: number): void {
  const random = seededRandom(11);
  const syllables = ["ka", "ri", "mo", "te", "lu", "sha", "vin", "dor", "pe", "zen", "ith", "bro"];
  const word = () => Array.from({ length: 3 }, () => syllables[Math.floor(random() * 12)]).join("");
  const abstract = () => `${Array.from({ length: 60 }, word).join(" ")}.`;
  for (let author = 0; author < papers / 500; author++) {
    const name = `Ann Lee${String.fromCharCode(97 + author)}`;
    const entries = Array.from({ length: 500 }, () => `${name}, Bo Chen et al.\n\n${abstract()}`);
    writeFileSync(join(dir, `author-${author}.txt`), `${name}\n\n${entries.join("\n\n")}\n`);
  }
}

// The bot: it starts the build process (a reload's when `background` is "1"); at the build's first progress in
// `phase` it prints the build's pid and its priority and its own, and is killed -9.
const BOT = `
import { readFileSync, readdirSync } from "node:fs";
import { getPriority } from "node:os";
const { readCorpusFiles } = await import(${JSON.stringify(resolve("src/corpus/load.ts"))});
const { buildInProcess } = await import(${JSON.stringify(resolve("src/index/build.ts"))});
const [background, phase, dir, path] = process.argv.slice(-4);
const read = await readCorpusFiles(dir);
const children = () => readdirSync("/proc/self/task").flatMap((task) =>
  readFileSync("/proc/self/task/" + task + "/children", "utf8").split(" ").filter(Boolean));
void buildInProcess({ dir, read, path, fingerprint: "orphan", background: background === "1" }, (progress) => {
  if (progress.phase !== phase) return;
  const [build] = children();
  const said = [build, getPriority(Number(build)), getPriority()].join(" ");
  process.stdout.write(said + "\\n", () => process.kill(process.pid, "SIGKILL"));
});
`;

/** The bot run until the build's first progress in `phase`: the build's pid, its priority and the bot's. */
async function botKilledAt(phase: string, corpusDir: string, path: string, background = false) {
  const reload = background ? "1" : "0";
  const args = ["--import", "tsx", "--input-type=module", "-e", BOT, reload, phase, corpusDir, path];
  const bot = await run(process.execPath, args, { env: childEnv() }).catch(
    (error: { signal?: string; stdout: string }) => error,
  );
  expect("signal" in bot ? bot.signal : undefined).toBe("SIGKILL");
  const [build = 0, buildPriority, botPriority] = bot.stdout.trim().split(" ").map(Number);
  expect(build).toBeGreaterThan(0);
  return { build, buildPriority, botPriority };
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("the index build's process", () => {
  it("runs a reload's build below the bot's priority, so it leaves the cores to the searches", async () => {
    const root = mkdtempSync(join(tmpdir(), "paperbot-build-"));
    temporary.push(root);
    const reload = await botKilledAt("parsing", "seeds", join(root, "reload.tmp"), true);
    // Ten steps lower than the bot (a nice value, 19 at most), wherever the bot itself runs.
    expect(reload.buildPriority).toBe(Math.min(19, (reload.botPriority ?? 0) + 10));
    // A first start's build has nothing to give way to but its own users' wait.
    const first = await botKilledAt("parsing", "seeds", join(root, "first.tmp"));
    expect(first.buildPriority).toBe(first.botPriority);
    for (const { build } of [reload, first])
      await vi.waitFor(() => expect(isRunning(build)).toBe(false), { timeout: 60_000, interval: 50 });
  }, 90_000);

  it("stops once its bot is killed -9 mid-build, without finishing an index nobody will open", async () => {
    const root = mkdtempSync(join(tmpdir(), "paperbot-orphan-"));
    temporary.push(root);
    const corpusDir = join(root, "corpus");
    mkdirSync(corpusDir);
    largeCorpus(corpusDir, 12_000);
    const path = join(root, "index.sqlite.tmp");
    const { build } = await botKilledAt("indexing", corpusDir, path);
    await vi.waitFor(() => expect(isRunning(build)).toBe(false), { timeout: 60_000, interval: 50 });
    // Left at once, the file was never finished: with no one to tell, finishing it was time taken from the next start.
    const finished = (() => {
      try {
        const db = new Database(path, { readonly: true });
        try {
          return db.prepare("SELECT value FROM meta WHERE key = 'complete'").pluck().get() === "1";
        } finally {
          db.close();
        }
      } catch {
        return false;
      }
    })();
    expect(finished).toBe(false);
    expect(readdirSync(root)).toContain("index.sqlite.tmp");
  }, 90_000);
});
