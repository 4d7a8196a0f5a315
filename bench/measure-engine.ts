import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { eng } from "stopword/src/stopwords_eng.js";
import { readCorpus } from "../src/corpus/build.js";
import { readQuerySet } from "./corpus-files.js";
import {
  buildEngine,
  ENGINE_NAMES,
  type EngineName,
  type EngineUnderTest,
  loadStoreModule,
} from "./engines.js";
import { hostileQueries } from "./hostile-queries.js";
import { type EngineMeasurement, RESULT_PREFIX } from "./measurement.js";
import { optionsOf } from "./options.js";
import { reciprocalRank, summarize } from "./stats.js";

const WARM_UP = 5;
const MB = 1024 * 1024;

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("run with node --expose-gc");
  gc();
  gc();
}

function timed<T>(run: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = run();
  return { value, ms: performance.now() - started };
}

async function timedAsync<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await run();
  return { value, ms: performance.now() - started };
}

function progress(engine: EngineName, message: string): void {
  process.stderr.write(`  ${engine}: ${message}\n`);
}

const nextTick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

const stopWords: ReadonlySet<string> = new Set(eng);

/**
 * A phrase a reader might remember from a paper: three words in a row from the middle of a sentence, as written
 * (plain lower-case words, two of them at least not stop words; the method's name left out), picked by a hash of
 * the id so that runs agree.
 */
function rememberedPhraseOf(abstract: string, id: string): string | undefined {
  const tokens = abstract.split(/\s+/);
  const windows: string[] = [];
  for (let i = 1; i + 3 <= tokens.length; i++) {
    const words = tokens.slice(i, i + 3);
    const meaningful = words.filter((word) => word.length >= 4 && !stopWords.has(word)).length;
    if (meaningful >= 2 && words.every((word) => /^[a-z]+$/.test(word))) windows.push(words.join(" "));
  }
  let hash = 0;
  for (const char of id) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return windows[hash % Math.max(1, windows.length)];
}

/** Runs each query in its own event-loop turn and returns the per-query latencies. */
async function latencies(queries: readonly string[], run: (query: string) => unknown): Promise<number[]> {
  for (const query of queries.slice(0, WARM_UP)) run(query);
  const out: number[] = [];
  for (const query of queries) {
    await nextTick();
    out.push(timed(() => run(query)).ms);
  }
  return out;
}

async function measureEngine(
  name: EngineName,
  dir: string,
  queriesPath: string,
  count: number,
  known: number,
): Promise<EngineMeasurement> {
  const querySet = readQuerySet(queriesPath);
  const searchModule = name === "ours" ? await loadStoreModule() : undefined;
  let files: { name: string; bytes: Uint8Array }[] | undefined = readdirSync(dir)
    .filter((file) => file.endsWith(".txt"))
    .sort()
    .map((file) => ({ name: file, bytes: readFileSync(join(dir, file)) }));
  const fileCount = files.length;
  collectGarbage();
  // As the bot's build reads them; ours works out headlines and acronyms as it builds (plain needs neither).
  const parsed = timed(() => readCorpus(files ?? []));
  const corpus = parsed.value;
  progress(name, `parsed ${corpus.papers.length} papers in ${(parsed.ms / 1000).toFixed(1)} s`);
  files = undefined;
  collectGarbage();
  const heapAfterParse = process.memoryUsage().heapUsed;
  const built = await timedAsync(() => buildEngine(name, corpus, searchModule));
  const engine: EngineUnderTest = built.value;
  progress(name, `built the index in ${(built.ms / 1000).toFixed(1)} s`);
  collectGarbage();
  const memory = process.memoryUsage();

  let snapshot: EngineMeasurement["snapshot"] = null;
  const saved = timed(() => engine.snapshot());
  if (saved.value !== undefined) {
    const { bytes, load } = saved.value;
    snapshot = { mb: bytes / MB, saveMs: saved.ms, loadMs: timed(load).ms };
  }
  saved.value = undefined;
  collectGarbage();

  progress(name, snapshot === null ? "no snapshot API" : `snapshot ${snapshot.mb.toFixed(1)} MB`);
  const knownItem = querySet.knownItem.slice(0, count);
  // Entries come in pairs (the query, then the same with a typo): `known` pairs are scored for MRR.
  const scoredItems = querySet.knownItem.slice(0, 2 * known);
  const targets = new Map<string, string | undefined>();
  for (const { target } of scoredItems) {
    if (targets.has(target)) continue;
    const matches = corpus.papers.filter((paper) => paper.abstract.includes(target));
    targets.set(target, matches.length === 1 ? matches[0]?.id : undefined);
  }
  const topic = querySet.topic.slice(0, count);
  const who = querySet.who.slice(0, count);
  const author = querySet.author.slice(0, count).map((entry) => entry.query);

  const hostile = hostileQueries(
    topic.flatMap((q) => q.split(" ")),
    count,
  );
  const similarIds = corpus.papers.filter(
    (_, at) => at % Math.max(1, Math.floor(corpus.papers.length / count)) === 0,
  );

  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const exactLatency = await latencies(
    knownItem.filter((entry) => !entry.typo).map((entry) => entry.query),
    (query) => engine.searchIds(query, 10),
  );
  const typoLatency = await latencies(
    knownItem.filter((entry) => entry.typo).map((entry) => entry.query),
    (query) => engine.searchIds(query, 10),
  );
  const topicLatency = await latencies(topic, (query) => engine.searchIds(query, 10));
  // A topic among someone's papers: their name typed among the words, or as an author filter.
  const byName = author.map((name, at) =>
    at % 2 === 0
      ? `${name} ${topic[at % topic.length] ?? ""}`
      : `${topic[at % topic.length] ?? ""} author:"${name}"`,
  );
  const byNameLatency = await latencies(byName, (query) => engine.searchIds(query, 10));
  const hostileLatency = await latencies(hostile, (query) => engine.searchIds(query, 10));
  const whoLatency = engine.who ? await latencies(who, engine.who) : undefined;
  const authorLatency = engine.author ? await latencies(author, engine.author) : undefined;
  const similar = engine.similar;
  const similarLatency = similar
    ? await latencies(
        similarIds.slice(0, count).map((paper) => paper.id),
        (id) => similar(id),
      )
    : undefined;
  delay.disable();
  const knownLatency = [...exactLatency, ...typoLatency];

  const reciprocalRanks = (typo: boolean): number[] =>
    scoredItems
      .filter((entry) => entry.typo === typo)
      .map((entry) => {
        const target = targets.get(entry.target);
        return target === undefined ? Number.NaN : reciprocalRank(engine.searchIds(entry.query, 10), target);
      });
  const meanOf = (values: number[]) => {
    const known = values.filter((value) => !Number.isNaN(value));
    return known.length === 0 ? Number.NaN : known.reduce((a, b) => a + b, 0) / known.length;
  };
  const toMs = (ns: number): number => ns / 1e6;
  const ranks = { exact: reciprocalRanks(false), typo: reciprocalRanks(true) };
  const byId = new Map(corpus.papers.map((paper) => [paper.id, paper]));
  const remembered = [...new Set(targets.values())].flatMap((id) => {
    const paper = id === undefined ? undefined : byId.get(id);
    const query = paper === undefined ? undefined : rememberedPhraseOf(paper.abstract, paper.id);
    return id === undefined || query === undefined ? [] : [{ query, id }];
  });
  const phraseRanks = remembered.map(({ query, id }) => reciprocalRank(engine.searchIds(query, 10), id));
  engine.dispose();
  return {
    engine: name,
    papers: corpus.papers.length,
    files: fileCount,
    problems: corpus.problems.length,
    parseMs: parsed.ms,
    buildMs: built.ms,
    heapMB: memory.heapUsed / MB,
    // Ours keeps its index in the SQLite file (snapshot.mb), not on the heap.
    indexHeapMB: name === "ours" ? null : (memory.heapUsed - heapAfterParse) / MB,
    rssMB: memory.rss / MB,
    snapshot,
    // As the targets define a search (known items, typos, topics, hostile text); a topic by a name has its own row.
    search: summarize([...knownLatency, ...topicLatency, ...hostileLatency]),
    searchKnownItem: summarize(exactLatency),
    searchTypo: summarize(typoLatency),
    searchTopic: summarize(topicLatency),
    searchByName: summarize(byNameLatency),
    searchHostile: summarize(hostileLatency),
    similar: similarLatency ? summarize(similarLatency) : null,
    who: whoLatency ? summarize(whoLatency) : null,
    author: authorLatency ? summarize(authorLatency) : null,
    mrr10: meanOf(ranks.exact),
    mrr10Typo: meanOf(ranks.typo),
    knownItems: {
      queries: ranks.exact.length,
      unresolvedTargets: [...targets.values()].filter((id) => id === undefined).length,
    },
    reciprocalRanks: { ...ranks, phrase: phraseRanks },
    mrr10Phrase: meanOf(phraseRanks),
    eventLoopDelay: {
      p50: toMs(delay.percentile(50)),
      p99: toMs(delay.percentile(99)),
      max: toMs(delay.max),
    },
  };
}

async function main(): Promise<void> {
  const { values } = optionsOf("bench", {
    options: {
      engine: { type: "string" },
      dir: { type: "string" },
      queries: { type: "string" },
      count: { type: "string", default: "100" },
      known: { type: "string", default: "200" },
    },
  });
  const engine = ENGINE_NAMES.find((name) => name === values.engine);
  if (engine === undefined || !values.dir || !values.queries) {
    throw new Error(
      "usage: measure-engine --engine ours|plain --dir DIR --queries FILE [--count N] [--known N]",
    );
  }
  const result = await measureEngine(
    engine,
    values.dir,
    values.queries,
    Number(values.count),
    Number(values.known),
  );
  process.stdout.write(`${RESULT_PREFIX}${JSON.stringify(result)}\n`);
}

await main();
