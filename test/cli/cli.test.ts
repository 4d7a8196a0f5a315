import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/commands.js";
import { childEnv } from "../helpers/child-env.js";

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temporary.push(dir);
  return dir;
}

async function run(...argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(
    argv,
    { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) },
    { corpusDir: "seeds", random: () => 0.5 },
  );
  return { code, stdout, stderr, json: () => JSON.parse(stdout) };
}

const paperShape = {
  id: expect.any(String),
  headline: expect.any(String),
  authors: expect.any(Array),
  owners: expect.any(Array),
  abstract: expect.any(String),
};

describe("paperbot search", () => {
  it("prints matches for people and exits 0", async () => {
    const { code, stdout, stderr } = await run("search", "jailbrek");
    expect(code).toBe(0);
    expect(stderr).toBe("");
    expect(stdout).toContain("SafeAligner");
    expect(stdout).toContain("*jailbreak*");
  });

  it("gives scripts query, total and results with score and snippet", async () => {
    const result = await run("--json", "search", "reward", "model", "--limit", "2");
    expect(result.code).toBe(0);
    const body = result.json();
    expect(body.query).toBe("reward model");
    expect(body.total).toBeGreaterThanOrEqual(4);
    expect(body.results).toHaveLength(2);
    expect(body.results[0]).toMatchObject({
      ...paperShape,
      score: expect.any(Number),
      snippet: expect.any(String),
    });
  });

  it("passes -word through as an exclusion, not an option", async () => {
    const body = (await run("--json", "search", "models", "-vision", "--limit", "50")).json();
    expect(body.results.length).toBeGreaterThan(0);
    for (const result of body.results) expect(result.abstract).not.toMatch(/\bvision\b/i);
  });

  it("exits 1 when nothing matches", async () => {
    const result = await run("--json", "search", "zzqqxxw");
    expect(result.code).toBe(1);
    expect(result.json()).toMatchObject({ total: 0, results: [] });
  });
});

describe("paperbot who and author", () => {
  it("ranks people with their evidence papers", async () => {
    const result = await run("--json", "who", "reward", "models");
    expect(result.code).toBe(0);
    const body = result.json();
    expect(body.topic).toBe("reward models");
    expect(body.people[0]).toMatchObject({ name: "Enyu Zhou", score: expect.any(Number) });
    expect(body.people[0].papers.every((id: unknown) => typeof id === "string")).toBe(true);
  });

  it("reads a question's topic as @paperbot does: who has worked on reward models?", async () => {
    const result = await run("--json", "who", "has", "worked", "on", "reward", "models?");
    expect(result.code).toBe(0);
    expect(result.json().topic).toBe("reward models");
    expect(result.json().people[0]).toMatchObject({ name: "Enyu Zhou" });
  });

  it("summarises an author from a loose name", async () => {
    const result = await run("--json", "author", "zhou", "enyu");
    expect(result.code).toBe(0);
    const body = result.json();
    expect(body.name).toBe("Enyu Zhou");
    expect(body.papers).toHaveLength(14);
    expect(body.papers[0]).toMatchObject(paperShape);
    expect(body.coauthors[0]).toEqual({ name: "Shihan Dou", papers: 5 });
    expect(body.topics).toEqual(expect.arrayContaining([expect.stringMatching(/^reward models?$/)]));
  });

  it("lists candidates for an ambiguous name and exits 1", async () => {
    const result = await run("--json", "author", "chen");
    expect(result.code).toBe(1);
    expect(result.json().ambiguous).toEqual(
      expect.arrayContaining([
        { name: "Wen-Xiang Chen", papers: 6 },
        { name: "Lu Chen", papers: 2 },
      ]),
    );
  });

  it("gives the one near name of a slip, saying so, and suggests close names where there are several", async () => {
    const slip = await run("--json", "author", "Enyo", "Zhou");
    expect(slip.code).toBe(0);
    expect(slip.json()).toMatchObject({ name: "Enyu Zhou", nearOf: "Enyo Zhou" });
    const result = await run("--json", "author", "Zhuo");
    expect(result.code).toBe(1);
    expect(result.json()).toMatchObject({ notFound: "Zhuo" });
    const text = (await run("author", "Zhuo")).stdout;
    expect(text).toContain("Did you mean");
    expect(text).toContain("Enyu Zhou");
  });
});

describe("paperbot paper, similar, random, stats", () => {
  it("shows a paper by id prefix, and exits 1 for an unknown id", async () => {
    const { id } = (await run("--json", "search", "speculative", "decoding")).json().results[0];
    const found = await run("--json", "paper", id.slice(0, 4).toUpperCase());
    expect(found.code).toBe(0);
    expect(found.json()).toMatchObject({ ...paperShape, id });
    expect((await run("paper", "zzzzzzzz")).code).toBe(1);
  });

  it("lists similar papers, never the paper itself", async () => {
    const { id } = (await run("--json", "search", "reward", "model")).json().results[0];
    const result = await run("--json", "similar", id);
    expect(result.code).toBe(0);
    const body = result.json();
    expect(body.of.id).toBe(id);
    expect(body.results.length).toBeGreaterThan(0);
    expect(body.results.map((r: { id: string }) => r.id)).not.toContain(id);
    // --limit is given in full, past the twenty Show more stops at in Slack: as many as are close, each once.
    const many = (await run("--json", "similar", id, "--limit", "24")).json();
    const ids = many.results.map((r: { id: string }) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBeGreaterThanOrEqual(body.results.length);
  });

  it("picks the same random paper for the same seed", async () => {
    const first = (await run("--json", "random", "--seed", "7")).json();
    const again = (await run("--json", "random", "--seed", "7")).json();
    expect(first).toMatchObject(paperShape);
    expect(again.id).toBe(first.id);
    const seeds = await Promise.all(
      ["1", "2", "3", "4", "5", "6"].map((s) => run("--json", "random", "--seed", s)),
    );
    expect(new Set(seeds.map((r) => r.json().id)).size).toBeGreaterThan(1);
  });

  it("counts the corpus: 3 files, 33 entries of which 6 repeat an abstract", async () => {
    const result = await run("--json", "stats");
    expect(result.code).toBe(0);
    expect(result.json()).toEqual({
      papers: 27,
      people: expect.any(Number),
      profiles: 3,
      files: 3,
      problems: [],
    });
  });

  it("reads the corpus folder from --corpus, else from the caller's default", async () => {
    const dir = tempDir("paperbot-cli-");
    writeFileSync(
      join(dir, "ada.txt"),
      "Ada Lovelace\n\nAda Lovelace, Charles Babbage\n\nWe study analytical engines and their programs.\n",
    );
    expect((await run("--json", "--corpus", dir, "stats")).json()).toMatchObject({ papers: 1, people: 2 });
    let stdout = "";
    await runCli(["--json", "stats"], { stdout: (t) => (stdout += t), stderr: () => {} }, { corpusDir: dir });
    expect(JSON.parse(stdout)).toMatchObject({ papers: 1 });
  });
});

describe("paperbot usage and errors", () => {
  it("prints usage on stdout with exit 0 when asked for help", async () => {
    for (const argv of [["help"], ["--help"], ["-h"], ["--json", "--help"]]) {
      const result = await run(...argv);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe("");
      expect(result.stdout).toContain("Usage: paperbot");
      expect(result.stdout).toContain("search <query…>");
    }
    const search = await run("search", "--help");
    expect(search.code).toBe(0);
    expect(search.stdout).toMatch(/^Usage: paperbot search <query…>/);
  });

  it("prints usage on stderr with exit 2 for no command or an unknown command", async () => {
    for (const argv of [[], ["frobnicate"]]) {
      const result = await run(...argv);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toContain("Usage: paperbot");
      expect(result.stderr).toContain("search <query…>");
    }
    expect((await run("frobnicate")).stderr).toContain("unknown command 'frobnicate'");
  });

  it("exits 2 for missing words, bad numbers and unknown options", async () => {
    expect((await run("search")).code).toBe(2);
    expect((await run("search", "--limit", "many", "reward")).stderr).toContain(
      "--limit needs a whole number",
    );
    expect((await run("--verbose", "stats")).code).toBe(2);
    const unknown = await run("search", "--colour", "reward");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^paperbot: unknown option '--colour'\n/);
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
  });

  it("exits 2 with a one-line message, no stack trace, for a missing corpus", async () => {
    const result = await run("--corpus", "/nonexistent/paperbot", "search", "reward");
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^paperbot: .+\n$/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it("runs as the installed command through bin/paperbot.js", () => {
    const cacheDir = tempDir("paperbot-cli-cache-");
    const result = spawnSync(process.execPath, ["bin/paperbot.js", "--json", "paper", "zzzzzzzz"], {
      encoding: "utf8",
      env: childEnv({ CORPUS_DIR: "seeds", CACHE_DIR: cacheDir }),
    });
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({ notFound: "zzzzzzzz" });
  });

  it("ends quietly when the reader closes the pipe early (paperbot … | true)", async () => {
    const cacheDir = tempDir("paperbot-cli-cache-");
    const child = spawn(process.execPath, ["bin/paperbot.js", "--json", "search", "model", "--limit", "50"], {
      env: childEnv({ CORPUS_DIR: "seeds", CACHE_DIR: cacheDir }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += String(chunk)));
    // `| true`: a reader that closes the pipe before reading.
    child.stdout.destroy();
    const [code] = await once(child, "close");
    expect(code).toBe(0);
    expect(stderr).not.toContain("EPIPE");
  });

  it("reads through the bot's snapshot cache, so the next command needs no parsing and answers the same", () => {
    const cacheDir = tempDir("paperbot-cli-cache-");
    const stats = () =>
      spawnSync(process.execPath, ["bin/paperbot.js", "--json", "stats"], {
        encoding: "utf8",
        env: childEnv({ CORPUS_DIR: "seeds", CACHE_DIR: cacheDir }),
      });
    const first = stats();
    expect(first.status).toBe(0);
    // stderr is a pipe here, not a terminal: no progress lines in it
    expect(first.stderr).toBe("");
    expect(readdirSync(cacheDir).some((name) => name.endsWith(".sqlite"))).toBe(true);
    const second = stats();
    expect(second.status).toBe(0);
    expect(JSON.parse(second.stdout)).toEqual(JSON.parse(first.stdout));
    expect(JSON.parse(second.stdout).papers).toBe(27);
  });
});

describe("paperbot prints what the bot would answer", () => {
  it("shows the same card text as the console, without buttons to press", async () => {
    const { stdout } = await run("search", "speculative", "decoding");
    expect(stdout).toMatch(/^\*\d+ papers?\* for “speculative decoding”/);
    expect(stdout).toContain("CARD: a cache-assisted parallel speculative decoding framework");
    expect(stdout).not.toMatch(/\[\d+\]|Share in channel/);
  });

  it("prints a paper with its whole abstract", async () => {
    const { id } = (await run("--json", "search", "speculative", "decoding")).json().results[0];
    const { stdout } = await run("paper", id);
    expect(stdout).toContain("no fine-tuning required for either models");
  });
});
