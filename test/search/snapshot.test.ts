import { beforeAll, describe, expect, it } from "vitest";
import { loadCorpus } from "../../src/corpus/load.js";
import type { EngineIndex as SearchIndex } from "../../src/search/engine.js";
import { createSearchIndex } from "../../src/search/index.js";
import {
  INDEX_FORMAT_VERSION,
  indexFromSnapshot,
  SnapshotError,
  snapshotOf,
} from "../../src/search/snapshot.js";
import { generatedCorpus } from "./generated-corpus.js";

/** Every kind of question a user can ask, answered by both indexes: they must agree exactly. */
function expectSameAnswers(
  built: SearchIndex,
  restored: SearchIndex,
  queries: string[],
  names: string[],
): void {
  for (const query of queries) {
    expect(restored.search(query), query).toEqual(built.search(query));
    expect(restored.search(query, { limit: 3, offset: 2 }), query).toEqual(
      built.search(query, { limit: 3, offset: 2 }),
    );
    expect(restored.who(query), query).toEqual(built.who(query));
  }
  for (const name of names) expect(restored.author(name), name).toEqual(built.author(name));
  for (const paper of built.corpus.papers.slice(0, 25)) {
    expect(restored.similar(paper.id), paper.id).toEqual(built.similar(paper.id));
    expect(restored.paper(paper.id.slice(0, 6))).toEqual(built.paper(paper.id.slice(0, 6)));
  }
}

const shownIds = (index: SearchIndex, query: string): string[] =>
  index.search(query).hits.map((hit) => `${hit.paper.id} ${hit.snippet}`);

describe("index snapshot of the seeds", () => {
  let built: SearchIndex;
  let bytes: Uint8Array;
  beforeAll(async () => {
    built = createSearchIndex(await loadCorpus("seeds"));
    bytes = snapshotOf(built);
  });

  it("restores the whole corpus without reading the author files", () => {
    const restored = indexFromSnapshot(bytes);
    expect(restored.corpus.papers).toEqual(built.corpus.papers);
    expect([...restored.corpus.people]).toEqual([...built.corpus.people]);
    expect(restored.corpus.acronyms).toEqual(built.corpus.acronyms);
    expect(restored.corpus.problems).toEqual(built.corpus.problems);
    expect([restored.corpus.files, restored.corpus.profiles]).toEqual([
      built.corpus.files,
      built.corpus.profiles,
    ]);
  });

  it("answers searches, who, author and similar exactly as the built index", () => {
    expectSameAnswers(
      built,
      indexFromSnapshot(bytes),
      [
        "RLHF",
        "reward models",
        "speculativ decodng",
        "continual learning",
        '"human feedback" -vision',
        "agents author:wenxiang",
        "jailbrek",
        "stereo matching",
        "the of and",
      ],
      ["Enyu Zhou", "Wenxiang Chen", "chen", "Enyu Zhuo"],
    );
  });

  it("gives papers whose abstract survives copying and JSON, as the CLI's --json prints them", () => {
    const restored = indexFromSnapshot(bytes);
    for (const [at, paper] of restored.corpus.papers.entries()) {
      const original = built.corpus.papers[at];
      expect(JSON.parse(JSON.stringify(paper))).toEqual(JSON.parse(JSON.stringify(original)));
      expect({ ...paper }.abstract).toBe(original?.abstract);
      expect(Object.keys(paper)).toEqual(Object.keys(original ?? {}));
    }
  });

  it("no longer needs the snapshot's bytes once loaded", () => {
    const copy = bytes.slice();
    const restored = indexFromSnapshot(copy);
    copy.fill(0);
    expect(restored.corpus.papers.map((paper) => paper.abstract)).toEqual(
      built.corpus.papers.map((paper) => paper.abstract),
    );
    expect(shownIds(restored, "reward models")).toEqual(shownIds(built, "reward models"));
  });

  it("is compact: a small fraction of the text it indexes beyond the abstracts themselves", () => {
    const abstracts = built.corpus.papers.reduce((sum, paper) => sum + paper.abstract.length, 0);
    expect(bytes.length).toBeLessThan(abstracts * 4);
  });
});

describe("index snapshot of a generated corpus", () => {
  it("answers exactly as the built index", () => {
    const built = createSearchIndex(generatedCorpus(400));
    const restored = indexFromSnapshot(snapshotOf(built));
    const words = built.corpus.papers
      .slice(0, 5)
      .map((paper) => paper.abstract.split(" ").slice(1, 3).join(" "));
    expectSameAnswers(
      built,
      restored,
      [
        ...words,
        "PPO",
        "model reward",
        "kariмо",
        "agnet",
        '"proximal policy"',
        "tokens -entropy",
        "author:li",
      ],
      ["Wen-Xiang Li", "Zoe Muller", "Lu Wang", "Bo"],
    );
  });
});

describe("a bad snapshot", () => {
  let bytes: Uint8Array;
  beforeAll(() => {
    bytes = snapshotOf(createSearchIndex(generatedCorpus(60)));
  });
  const flipped = (at: number) => {
    const copy = bytes.slice();
    copy[at] = (copy[at] as number) ^ 0x10;
    return copy;
  };

  it("throws SnapshotError when truncated anywhere", () => {
    for (const length of [0, 7, 20, 60, bytes.length >> 1, bytes.length - 1]) {
      expect(() => indexFromSnapshot(bytes.slice(0, length)), `${length} bytes`).toThrow(SnapshotError);
    }
  });

  it("throws SnapshotError when a single bit is flipped, in the header or the payload", () => {
    for (const at of [0, 9, 14, 40, 60, bytes.length >> 2, bytes.length >> 1, bytes.length - 1]) {
      expect(() => indexFromSnapshot(flipped(at)), `byte ${at}`).toThrow(SnapshotError);
    }
  });

  it("throws SnapshotError for another format version", () => {
    const text = new TextDecoder("latin1").decode(bytes.subarray(0, 64));
    const at = text.indexOf(INDEX_FORMAT_VERSION) + INDEX_FORMAT_VERSION.length - 1;
    expect(at).toBeGreaterThan(0);
    expect(() => indexFromSnapshot(flipped(at))).toThrow(/format/);
    expect(() => indexFromSnapshot(flipped(at))).toThrow(SnapshotError);
  });

  it("throws SnapshotError for foreign bytes", () => {
    expect(() => indexFromSnapshot(new TextEncoder().encode('{"papers": []}'))).toThrow(SnapshotError);
    expect(() => indexFromSnapshot(new Uint8Array(4096).fill(7))).toThrow(SnapshotError);
  });

  it("still reads the untouched bytes, also from an offset inside a larger buffer", () => {
    const padded = new Uint8Array(bytes.length + 3);
    padded.set(bytes, 3);
    expect(indexFromSnapshot(padded.subarray(3)).corpus.papers).toHaveLength(60);
  });
});
