import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  CorpusError,
  IGNORED_FILE_MESSAGE,
  loadCorpus,
  readCorpusFiles,
  readCorpusFolder,
} from "../../src/corpus/load.js";
import { PARSE_MESSAGES } from "../../src/corpus/parse.js";

const MIXED = new URL("../fixtures/corpus/mixed/", import.meta.url).pathname;
const SEEDS = new URL("../../seeds/", import.meta.url).pathname;

const temporary: string[] = [];
function scratchFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "paperbot-corpus-"));
  temporary.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe("readCorpusFolder", () => {
  it("reads each file's bytes whole, and gives their memory back at once when released", async () => {
    const dir = scratchFolder();
    const texts = Array.from({ length: 40 }, (_, at) => `Author ${at}\n\n${"x".repeat(64 * 1024)}`);
    for (const [at, text] of texts.entries())
      writeFileSync(join(dir, `author-${String(at).padStart(2, "0")}.txt`), text);

    const read = await readCorpusFolder(dir, (name, bytes) => ({ name, bytes }));
    const decoder = new TextDecoder();
    expect(read.files.map((file) => decoder.decode(file.bytes))).toEqual(texts);

    read.release();
    // Handed over, not left for a collection: every file's memory is detached from this process's buffers.
    expect(read.files.every((file) => file.bytes.length === 0 && file.bytes.buffer.byteLength === 0)).toBe(
      true,
    );
  });
});

describe("readCorpusFiles", () => {
  it("reads visible .txt files sorted by name and ignores hidden files, backups and other files", async () => {
    const dir = scratchFolder();
    cpSync(MIXED, dir, { recursive: true });
    for (const name of [".hidden.txt", "alice.txt~", "#alice.txt#", "alice.txt.bak", ".alice.txt.swp"]) {
      writeFileSync(join(dir, name), "Someone Else\n\nSomeone Else\n\nA paper nobody should see.\n");
    }
    mkdirSync(join(dir, "archive.txt"));

    const { files, ignored } = await readCorpusFiles(dir);

    expect(files.map((f) => f.name)).toEqual([
      "alice.txt",
      "bob.txt",
      "broken.txt",
      "carol.txt",
      "empty.txt",
    ]);
    expect(ignored.sort()).toEqual(
      [
        "#alice.txt#",
        ".alice.txt.swp",
        ".hidden.txt",
        "alice.txt.bak",
        "alice.txt~",
        "archive.txt",
        "notes.md",
      ].sort(),
    );
    const corpus = await loadCorpus(dir);
    expect(corpus.papers.some((p) => p.abstract.includes("nobody should see"))).toBe(false);
  });
});

describe("loadCorpus on a folder of mixed encodings and mistakes", () => {
  it("loads every valid paper and reports each problem with its file and line", async () => {
    const corpus = await loadCorpus(MIXED);

    expect(corpus.files).toBe(5);
    expect(corpus.profiles).toBe(4);
    expect(corpus.papers).toHaveLength(5);
    // The bad byte costs its character, not the file: Dan's paper loads without it.
    expect(corpus.papers.some((p) => p.abstract.includes("has a bad byte here"))).toBe(true);
    expect(corpus.problems).toEqual(
      expect.arrayContaining([
        {
          file: "broken.txt",
          line: 6,
          message: expect.stringContaining("invalid UTF-8 character; dropped it"),
        },
        { file: "empty.txt", line: 0, message: PARSE_MESSAGES.empty },
        { file: "bob.txt", line: 11, message: PARSE_MESSAGES.danglingAuthors },
        { file: "notes.md", line: 0, message: IGNORED_FILE_MESSAGE },
      ]),
    );
    expect(corpus.problems).toHaveLength(4);
  });

  it("merges the abstract shared by two files into one paper owned by both", async () => {
    const corpus = await loadCorpus(MIXED);
    const shared = corpus.papers.find((p) => p.abstract.includes("PairJudge"));

    expect(shared?.owners).toEqual(["María López", "Bob Stone"]);
    expect(shared?.sources).toEqual([
      { file: "alice.txt", line: 3 },
      { file: "bob.txt", line: 3 },
    ]);
    expect(shared?.headline).toBe("PairJudge: a reward model that compares two answers at once");
  });

  it("reads the UTF-16 file, the BOM + CRLF file, tabs and trailing spaces into clean text", async () => {
    const corpus = await loadCorpus(MIXED);
    const curriculum = corpus.papers.find(
      (p) => p.owners.includes("Carol Wu") && p.abstract.startsWith("Curriculum"),
    );
    const relay = corpus.papers.find((p) => p.abstract.includes("Relay"));
    const stereo = corpus.papers.find((p) => p.abstract.startsWith("Stereo"));

    expect(curriculum?.authors).toEqual(["Carol Wu", "Wenxiang Chen"]);
    expect(relay?.abstract).toBe(
      "Speculative decoding (SD) lets a small draft model propose tokens. We present Relay, a scheduler that overlaps drafting with verification.",
    );
    expect(stereo?.abstract).toContain("dense labels. We propose");
    expect(corpus.papers.every((p) => !/[\r\t\uFEFF\uFFFD]/.test(p.abstract))).toBe(true);
  });

  it("shows each person the same way: own file's spelling, else the most frequent one", async () => {
    const corpus = await loadCorpus(MIXED);
    const maria = corpus.people.get("marialopez");
    const chen = corpus.people.get("wenxiangchen");

    expect(maria?.name).toBe("María López");
    expect(maria?.profiled).toBe(true);
    expect(maria?.spellings).toEqual(["María López", "Maria Lopez"]);
    expect(chen?.name).toBe("Wenxiang Chen");
    expect(chen?.profiled).toBe(false);
    expect(chen?.spellings).toEqual(["Wenxiang Chen", "Wen-Xiang Chen"]);
    expect(chen?.paperIds).toHaveLength(3);
    const shared = corpus.papers.find((p) => p.abstract.includes("PairJudge"));
    expect(shared?.authors).toEqual(["María López", "Bob Stone"]);
  });
});

describe("loadCorpus failures", () => {
  it("names a missing folder", async () => {
    const missing = join(scratchFolder(), "nope");
    await expect(loadCorpus(missing)).rejects.toThrow(CorpusError);
    await expect(loadCorpus(missing)).rejects.toThrow(`The corpus folder ${missing} does not exist.`);
  });

  it("refuses a path that is a file", async () => {
    const file = join(scratchFolder(), "file.txt");
    writeFileSync(file, "x");
    await expect(loadCorpus(file)).rejects.toThrow("is not a folder");
  });

  it("refuses a folder without author files", async () => {
    const dir = scratchFolder();
    writeFileSync(join(dir, "readme.md"), "hello");
    await expect(loadCorpus(dir)).rejects.toThrow("holds no author files (.txt) or exports");
  });

  it("refuses a corpus with no valid paper and lists what was wrong", async () => {
    const dir = scratchFolder();
    writeFileSync(join(dir, "a.txt"), "Ann Smith\n");
    writeFileSync(
      join(dir, "b.txt"),
      Uint8Array.from({ length: 400 }, (_, i) => (i * 7919 + 13) % 256),
    );
    const error = await loadCorpus(dir).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(CorpusError);
    const corpusError = error as CorpusError;
    expect(corpusError.message).toContain("No valid paper");
    expect(corpusError.message).toContain(`a.txt:1: ${PARSE_MESSAGES.onlyName}`);
    expect(corpusError.message).toMatch(/b\.txt:\d+: not a text file/);
    expect(corpusError.problems).toHaveLength(2);
  });
});

describe("the real seeds", () => {
  it("loads 3 files and 33 entries as 27 distinct papers with no problem", async () => {
    const corpus = await loadCorpus(SEEDS);

    expect(corpus.files).toBe(3);
    expect(corpus.profiles).toBe(3);
    expect(corpus.problems).toEqual([]);
    expect(corpus.papers).toHaveLength(27);
    expect(corpus.papers.reduce((n, p) => n + p.sources.length, 0)).toBe(33);
  });

  it("gives Enyu Zhou 14 papers and makes Wen-Xiang Chen / Wenxiang Chen one person", async () => {
    const corpus = await loadCorpus(SEEDS);
    const enyu = corpus.people.get("enyuzhou");
    const chen = corpus.people.get("wenxiangchen");

    expect(enyu?.paperIds).toHaveLength(14);
    expect(chen?.name).toBe("Wen-Xiang Chen");
    expect(chen?.profiled).toBe(true);
    expect(chen?.spellings).toContain("Wenxiang Chen");
    const names = new Set(corpus.papers.flatMap((p) => [...p.authors, ...p.owners]));
    expect(names.has("Wenxiang Chen")).toBe(false);
    expect(names.has("Wen-Xiang Chen")).toBe(true);
  });

  it("knows the survey is owned by all three profiled authors though only one is visible", async () => {
    const corpus = await loadCorpus(SEEDS);
    const survey = corpus.papers.find((p) => p.abstract.includes("comprehensive survey on LLM-based agents"));

    expect(survey?.authors).toEqual(["Zhiheng Xi", "Wen-Xiang Chen", "Xin Guo"]);
    expect(survey?.etAl).toBe(true);
    expect(survey?.owners).toEqual(["Wen-Xiang Chen", "Senjie Jin", "Enyu Zhou"]);
    expect(survey?.headline).toBe("A comprehensive survey on LLM-based agents");
  });

  it("renders the LaTeX of the seeds as text", async () => {
    const corpus = await loadCorpus(SEEDS);
    const r3 = corpus.papers.find((p) => p.abstract.includes("Reverse Curriculum"));
    const ppo = corpus.papers.find((p) => p.abstract.includes("PPO-max"));
    const faults = corpus.papers.find((p) => p.abstract.includes("fault trees"));

    expect(r3?.abstract).toContain("we propose R³: Learning Reasoning");
    expect(r3?.abstract).toContain("by 4.1 points on average");
    expect(ppo?.abstract).toContain("include reward models to measure");
    expect(faults?.abstract).toContain("contains 3130 entries and 40.75 turns");
    expect(corpus.papers.every((p) => !/[\\$]/.test(p.abstract))).toBe(true);
  });
});
