import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PIPED_SEPARATOR } from "../../src/console/repl.js";
import { offlineConsoleOutput } from "../helpers/console-process.js";

// The index cache and the console's state go to a folder of this file's own, not the project's data/.
let dataDir = "";
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "paperbot-console-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

// Each case starts a fresh tsx process: slow to boot on a busy machine, so generous limits.
describe("npm start without tokens", { timeout: 60_000 }, () => {
  it("answers each piped line under the line it answers, apart from the next, and exits 0", async () => {
    const run = await offlineConsoleOutput(
      dataDir,
      "/paper who reward models\n@paperbot author Alan Turing\n",
    );
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const [first = "", second = "", ...more] = run.stdout.split(`${PIPED_SEPARATOR}\n`);
    expect(more).toEqual([]);
    expect(first.startsWith("> /paper who reward models\n")).toBe(true);
    expect(first).toContain("Ada Lovelace");
    expect(second.startsWith("> @paperbot author Alan Turing\n")).toBe(true);
    expect(second).toContain("*Alan Turing*");
    expect(run.stdout).not.toContain("paperbot>");
  });

  it("starts with one human line, not a JSON log, unless LOG_FORMAT=json", async () => {
    const human = await offlineConsoleOutput(dataDir, "", { LOG_LEVEL: "info" });
    expect(human.code).toBe(0);
    expect(human.stderr).toMatch(/^4 papers from test\/fixtures\/slack-corpus\/ in \d+\.\d\d? s\n$/);
    const json = await offlineConsoleOutput(dataDir, "", { LOG_LEVEL: "info", LOG_FORMAT: "json" });
    expect(JSON.parse(json.stderr.trim())).toMatchObject({
      papers: 4,
      msg: expect.stringMatching(/^4 papers from/),
    });
  });

  it("names each skipped entry by file and line under the log's warning, as /paper stats does", async () => {
    const library = join(dataDir, "library");
    mkdirSync(library, { recursive: true });
    writeFileSync(
      join(library, "refs.bib"),
      "@article{good, title={Agents that plan}, author={Ada Lin}, abstract={Agents plan.}}\n\n" +
        "@article{broken,\n  title={No comma} author={X}\n}\n",
    );
    const run = await offlineConsoleOutput(dataDir, "", { LOG_LEVEL: "info", CORPUS_DIR: library });
    expect(run.code).toBe(0);
    expect(run.stderr).toMatch(
      /^1 paper from .+ in [\d.]+ s\nwarning: some corpus entries were skipped \(problems: 1\)\n {2}refs\.bib:3: @article\{broken: [^\n]+\n/,
    );
  });

  it("exits 1 with one line naming a bad setting", async () => {
    const run = await offlineConsoleOutput(dataDir, "", { LOG_LEVEL: "chatty" });
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain("LOG_LEVEL");
    expect(run.stderr).not.toContain("chatty");
  });

  it("exits 1 with a clear line when the corpus folder is missing", async () => {
    const run = await offlineConsoleOutput(dataDir, "", { CORPUS_DIR: "test/fixtures/no-such-folder" });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^paperbot: could not start: .+\n$/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
  });
});
