import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import MiniSearch from "minisearch";
import { PEOPLE_READ } from "../src/bot/who-answer.js";
import type { CorpusRead } from "../src/corpus/types.js";

export type EngineName = "ours" | "plain";
export const ENGINE_NAMES: readonly EngineName[] = ["ours", "plain"];

/** A stored copy of a built index, and a way to load it back (timed by the caller). */
export interface Snapshot {
  bytes: number;
  load(): unknown;
}

/** What the harness measures, over either engine. */
export interface EngineUnderTest {
  /** Ids of the best hits, best first. */
  searchIds(query: string, limit: number): string[];
  who?(topic: string): unknown;
  author?(name: string): unknown;
  similar?(id: string): unknown;
  /** Undefined when the engine has no way to store its index. */
  snapshot(): Snapshot | undefined;
  /** Removes what the engine left on disk. */
  dispose(): void;
}

type StoreModule = typeof import("../src/search/store-file.js") &
  typeof import("../src/index/abstracts-helper.js");

/**
 * Ours as the bot runs it: the index written to a SQLite file (headlines, acronyms and vocabulary worked out beside),
 * then opened read-only.
 */
async function ours(store: StoreModule, corpus: CorpusRead): Promise<EngineUnderTest> {
  const dir = mkdtempSync(join(tmpdir(), "paperbot-bench-"));
  const path = join(dir, "index.sqlite");
  await store.writeIndexFileHelped(path, corpus, { fingerprint: "bench" }, (papers, rowOrder) =>
    store.startedHelperOf(papers, rowOrder),
  );
  const index = store.openIndexFile(path, "bench");
  return {
    searchIds: (query, limit) => index.search(query, { limit }).hits.map((hit) => hit.paper.id),
    // as the bot asks: everyone, a page is cut from them
    who: (topic) => index.who(topic, { limit: PEOPLE_READ }),
    author: (name) => index.author(name),
    similar: (id) => index.similar(id),
    snapshot: () => ({
      bytes: statSync(path).size,
      // The file is the index: loading it is opening it (what a restart over an unchanged corpus does).
      load: () => store.openIndexFile(path, "bench").close(),
    }),
    dispose: () => {
      index.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** MiniSearch as it comes: default options, the abstract and the visible authors as fields. */
function plain(corpus: CorpusRead): EngineUnderTest {
  const options = { fields: ["abstract", "authors"] };
  const index = new MiniSearch(options);
  index.addAll(
    corpus.papers.map((paper) => ({
      id: paper.id,
      abstract: paper.abstract,
      authors: paper.authors.join(", "),
    })),
  );
  return {
    searchIds: (query, limit) =>
      index
        .search(query)
        .slice(0, limit)
        .map((result) => String(result.id)),
    snapshot: () => {
      const json = JSON.stringify(index);
      return { bytes: Buffer.byteLength(json), load: () => MiniSearch.loadJSON(json, options) };
    },
    dispose: () => undefined,
  };
}

/** Our search module, loaded only when measured so that plain MiniSearch runs whatever state src/search is in. */
export async function loadStoreModule(): Promise<StoreModule> {
  return {
    ...(await import("../src/search/store-file.js")),
    ...(await import("../src/index/abstracts-helper.js")),
  };
}

/** Builds the named engine's index over the corpus (the caller times this); `ours` needs the loaded module. */
export async function buildEngine(
  name: EngineName,
  corpus: CorpusRead,
  store?: StoreModule,
): Promise<EngineUnderTest> {
  if (name === "plain") return plain(corpus);
  if (store === undefined) throw new Error("load the search module first");
  return ours(store, corpus);
}
