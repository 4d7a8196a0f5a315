import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pino } from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { corpusReadToRemember, readCorpusFiles } from "../../src/corpus/load.js";
import type { CorpusRead } from "../../src/corpus/types.js";
import { createLiveIndex } from "../../src/index/live.js";
import { loadIndex } from "../../src/index/loader.js";

const temporary: string[] = [];
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), "paperbot-memory-"));
  temporary.push(dir);
  return dir;
}

const AGENTGYM =
  "Building generalist agents that can handle diverse tasks and evolve themselves across different environments is a long-term goal. We propose AgentGym, a new framework featuring a variety of environments and tasks for broad, real-time and concurrent agent exploration. AgentGym also includes a database with expanded instructions and a benchmark suite.";
const SURVEY =
  "For a long time, humanity has pursued artificial intelligence equivalent to or surpassing the human level, with agents considered a promising vehicle for this pursuit. We survey large language model based agents.";
const RMB =
  "Reward models guide the alignment of large language models. We introduce RMB, a comprehensive benchmark that covers over 49 real-world scenarios and pairwise and best-of-N evaluations.";

const authorFile = (...papers: [string, string][]) =>
  `Zhiheng Xi\n\n${papers.map(([authors, abstract]) => `${authors}\n\n${abstract}`).join("\n\n")}\n`;
const FULL = authorFile(
  ["Zhiheng Xi, Wenxiang Chen, Xin Guo et al.", SURVEY],
  ["Zhiheng Xi, Yiwen Ding, Wenxiang Chen et al.", AGENTGYM],
  ["Enyu Zhou, Guodong Zheng et al.", RMB],
);

/** The folder's corpus as the index build reads it, with its memory in `cache`. */
async function loaded(dir: string, cache: string): Promise<CorpusRead> {
  const { corpus, remember } = corpusReadToRemember(
    dir,
    await readCorpusFiles(dir),
    join(cache, "corpus-memory"),
  );
  remember();
  return corpus;
}
/** The author file turned to binary garbage. */
const garble = (dir: string) =>
  writeFileSync(
    join(dir, "zhiheng-xi.txt"),
    Uint8Array.from({ length: 2_000 }, (_, i) => i % 7),
  );
const idsOf = (corpus: CorpusRead) => corpus.papers.map((paper) => paper.id).sort();
const idOf = (corpus: CorpusRead, start: string) =>
  corpus.papers.find((p) => p.abstract.startsWith(start))?.id;

describe("reloads never make things worse", () => {
  it("keeps a paper's id when its abstract is cut mid-way, and names the file that lost papers", async () => {
    const [dir, cache] = [scratch(), scratch()];
    writeFileSync(join(dir, "zhiheng-xi.txt"), FULL);
    const before = await loaded(dir, cache);
    // The file cut at 55%: the survey whole, AgentGym's abstract cut short, RMB gone.
    writeFileSync(join(dir, "zhiheng-xi.txt"), FULL.slice(0, Math.floor(FULL.length * 0.55)));
    const after = await loaded(dir, cache);
    expect(after.papers).toHaveLength(2);
    expect(idOf(after, "Building generalist")).toBe(idOf(before, "Building generalist"));
    expect(idOf(after, "For a long time")).toBe(idOf(before, "For a long time"));
    expect(after.problems).toContainEqual({
      file: "zhiheng-xi.txt",
      line: 0,
      message: "gave 3 papers at the last load and 2 now: 1 fewer",
      notice: true,
    });
  });

  it("keeps a paper's id when its abstract is edited", async () => {
    const [dir, cache] = [scratch(), scratch()];
    writeFileSync(join(dir, "zhiheng-xi.txt"), FULL);
    const before = await loaded(dir, cache);
    writeFileSync(
      join(dir, "zhiheng-xi.txt"),
      FULL.replace("a benchmark suite", "a benchmark suite of 89 tasks"),
    );
    const after = await loaded(dir, cache);
    expect(idOf(after, "Building generalist")).toBe(idOf(before, "Building generalist"));
  });

  it("gives a paper added beside an edited one a new id and leaves the edited one its own", async () => {
    const [dir, cache] = [scratch(), scratch()];
    writeFileSync(join(dir, "zhiheng-xi.txt"), FULL);
    const before = await loaded(dir, cache);
    const added =
      "We propose AgentGym-RL, a framework to train agents for multi-turn decision making with RL.";
    const edited = authorFile(
      ["Zhiheng Xi, Wenxiang Chen, Xin Guo et al.", SURVEY],
      ["Zhiheng Xi, Yiwen Ding, Wenxiang Chen et al.", added],
      ["Zhiheng Xi, Yiwen Ding, Wenxiang Chen et al.", AGENTGYM],
      ["Enyu Zhou, Guodong Zheng et al.", RMB],
    );
    writeFileSync(join(dir, "zhiheng-xi.txt"), edited);
    const after = await loaded(dir, cache);
    const known = new Set(before.papers.map((paper) => paper.id));
    expect(idOf(after, "Building generalist")).toBe(idOf(before, "Building generalist"));
    expect(known.has(idOf(after, "We propose AgentGym-RL") ?? "")).toBe(false);
  });

  it("keeps an export paper's id when its entry gains a DOI", async () => {
    const [dir, cache] = [scratch(), scratch()];
    writeFileSync(
      join(dir, "lab.bib"),
      "@article{xi2024agentgym, title={AgentGym: Evolving Agents}, year={2024}}\n",
    );
    const before = await loaded(dir, cache);
    writeFileSync(
      join(dir, "lab.bib"),
      "@article{xi2024agentgym, title={AgentGym: Evolving Agents}, year={2024}, doi={10.48550/arXiv.2406.04151}}\n",
    );
    const after = await loaded(dir, cache);
    expect(after.papers[0]?.id).toBe(before.papers[0]?.id);
  });

  it("serves a file's last good papers when it turns to binary garbage, and the reload reply names it", async () => {
    const [dir, cache] = [scratch(), scratch()];
    writeFileSync(join(dir, "zhiheng-xi.txt"), FULL);
    writeFileSync(
      join(dir, "lab.bib"),
      "@article{a, title={A Paper Of The Lab On Agents}, author={Lee, Ann}}\n",
    );
    const options = {
      corpusDir: dir,
      cacheDir: cache,
      logger: pino({ level: "silent" }),
      build: "inline" as const,
      queries: "same-thread" as const,
    };
    const first = await loadIndex(options);
    const live = createLiveIndex(
      first.index,
      async () => (await loadIndex(options)).index,
      pino({ level: "silent" }),
    );
    try {
      writeFileSync(
        join(dir, "zhiheng-xi.txt"),
        Uint8Array.from({ length: 20_000 }, (_, i) => (i * 7919 + 13) % 256),
      );
      const reply = await live.reload();
      expect(live.current().stats().papers).toBe(4);
      expect(reply).toMatch(
        /^Reloaded: 4 papers, 7 people\. zhiheng-xi\.txt not a text file \(\d+ NUL or invalid UTF-8 characters\); still serving what it held at the last load \(3 papers\)\.$/,
      );
    } finally {
      await live.close();
    }
  });

  it("never takes another folder's files for this one's, when two folders share a cache", async () => {
    const [library, other, cache] = [scratch(), scratch(), scratch()];
    writeFileSync(join(library, "zhiheng-xi.txt"), FULL);
    await loaded(library, cache);
    writeFileSync(
      join(other, "zhiheng-xi.txt"),
      Uint8Array.from({ length: 2_000 }, (_, i) => i % 7),
    );
    writeFileSync(
      join(other, "lab.bib"),
      "@article{a, title={A Paper Of The Lab On Agents}, author={Lee, Ann}}\n",
    );
    const corpus = await loaded(other, cache);
    // The unreadable file of the other folder is not served from the library's memory, nor is anything "gone".
    expect(corpus.papers.map((paper) => paper.title)).toEqual(["A Paper Of The Lab On Agents"]);
    expect(corpus.problems.map((problem) => problem.message).join("\n")).not.toMatch(/last load|gone/);
    // And the library's own memory is still its own: a cut file keeps its ids.
    writeFileSync(join(library, "zhiheng-xi.txt"), FULL.slice(0, Math.floor(FULL.length * 0.55)));
    expect((await loaded(library, cache)).problems).toContainEqual(
      expect.objectContaining({
        file: "zhiheng-xi.txt",
        message: "gave 3 papers at the last load and 2 now: 1 fewer",
      }),
    );
  });

  it("takes over the one memory an older version kept for the whole cache, ids and last good files included", async () => {
    const [dir, cache] = [scratch(), scratch()];
    writeFileSync(join(dir, "zhiheng-xi.txt"), FULL);
    const before = await loaded(dir, cache);
    // The memory moved back to where an older version kept it, in corpus-memory itself.
    const [own] = readdirSync(join(cache, "corpus-memory"));
    for (const name of readdirSync(join(cache, "corpus-memory", own ?? "")))
      renameSync(join(cache, "corpus-memory", own ?? "", name), join(cache, "corpus-memory", name));
    rmSync(join(cache, "corpus-memory", own ?? ""), { recursive: true });
    garble(dir);
    expect(idsOf(await loaded(dir, cache))).toEqual(idsOf(before));
    // Taken over: the file still bad, its last good papers are served from the folder's own memory now.
    expect(readdirSync(join(cache, "corpus-memory")).filter((name) => name.endsWith(".json"))).toEqual([]);
    expect((await loaded(dir, cache)).papers).toHaveLength(3);
  });
});

describe("the memory's files", () => {
  const memoryDir = (cache: string) => {
    const [own = ""] = readdirSync(join(cache, "corpus-memory"));
    return join(cache, "corpus-memory", own);
  };

  it("reads the memory an older version kept a file per corpus file in: ids and last good bytes, then moves it", async () => {
    const [dir, cache] = [scratch(), scratch()];
    writeFileSync(join(dir, "zhiheng-xi.txt"), FULL);
    const before = await loaded(dir, cache);
    // Written back the way version 1 kept it: the file's bytes in a file of their own, named in `kept`.
    const own = memoryDir(cache);
    const stored = JSON.parse(readFileSync(join(own, "memory.json"), "utf8"));
    for (const name of readdirSync(own)) if (name.endsWith(".pack")) rmSync(join(own, name));
    writeFileSync(join(own, "3f2a"), FULL);
    writeFileSync(
      join(own, "memory.json"),
      JSON.stringify({
        ...stored,
        version: 1,
        pack: undefined,
        packed: undefined,
        kept: [["zhiheng-xi.txt", "3f2a", "d"]],
      }),
    );
    garble(dir);
    expect(idsOf(await loaded(dir, cache))).toEqual(idsOf(before));
    // Kept from now on in one pack beside memory.json; the older file is gone.
    expect(readdirSync(own).sort()).toEqual([expect.stringMatching(/^kept-[0-9a-f]+\.pack$/), "memory.json"]);
    expect((await loaded(dir, cache)).papers).toHaveLength(3);
  });

  it("removes a pack an interrupted write left once it is an hour older than the new one, and no younger one", async () => {
    const [dir, cache] = [scratch(), scratch()];
    writeFileSync(join(dir, "zhiheng-xi.txt"), FULL);
    await loaded(dir, cache);
    const own = memoryDir(cache);
    writeFileSync(join(own, "kept-00aa.pack"), "half");
    writeFileSync(join(own, "kept-00bb.pack"), "half");
    const twoHoursAgo = new Date(statSync(join(own, "memory.json")).mtimeMs - 2 * 3600_000);
    utimesSync(join(own, "kept-00aa.pack"), twoHoursAgo, twoHoursAgo);
    await loaded(dir, cache);
    const packs = readdirSync(own).filter((name) => name.endsWith(".pack"));
    expect(packs).toHaveLength(2);
    expect(packs).toContain("kept-00bb.pack");
    expect(packs).not.toContain("kept-00aa.pack");
  });
});
