import MiniSearch from "minisearch";
import type { Corpus } from "../src/corpus/types.js";

export type EngineName = "ours" | "plain";
export const ENGINE_NAMES: readonly EngineName[] = ["ours", "plain"];

/** A snapshot taken of a built index, and a way to load it back (timed by the caller). */
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
  /** Undefined when the engine has no snapshot API. */
  snapshot(): Snapshot | undefined;
}

type SearchModule = typeof import("../src/search/index.js") & typeof import("../src/search/snapshot.js");

function ours(searchModule: SearchModule, corpus: Corpus): EngineUnderTest {
  const index = searchModule.createSearchIndex(corpus);
  return {
    searchIds: (query, limit) => index.search(query, { limit }).hits.map((hit) => hit.paper.id),
    who: (topic) => index.who(topic, { limit: 5 }),
    author: (name) => index.author(name),
    snapshot: () => {
      // The snapshot holds the corpus too, so loading it is the whole restart over an unchanged corpus.
      const data = searchModule.snapshotOf(index);
      return { bytes: data.byteLength, load: () => searchModule.indexFromSnapshot(data) };
    },
  };
}

/** MiniSearch as it comes: default options, the abstract and the visible authors as fields. */
function plain(corpus: Corpus): EngineUnderTest {
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
  };
}

/** Our search module, loaded only when measured so that plain MiniSearch runs whatever state src/search is in. */
export async function loadSearchModule(): Promise<SearchModule> {
  return { ...(await import("../src/search/index.js")), ...(await import("../src/search/snapshot.js")) };
}

/** Builds the named engine's index over the corpus (the caller times this); `ours` needs the loaded module. */
export function buildEngine(name: EngineName, corpus: Corpus, searchModule?: SearchModule): EngineUnderTest {
  if (name === "plain") return plain(corpus);
  if (searchModule === undefined) throw new Error("load the search module first");
  return ours(searchModule, corpus);
}
