import { createWriterContext, writeAbstract } from "./abstract.js";
import { acronymOf, methodName, rankedLexicon } from "./lexicon.js";
import { buildMarkovChain } from "./markov.js";
import { type SyntheticPerson, stripAccents, syntheticPeople } from "./names.js";
import type { KnownItemQuery, QuerySet } from "./query-set.js";
import { createRandom, createZipfSampler, type Random, randomHex } from "./random.js";
import { withTypo } from "./typo.js";

/** Bump whenever a change to the generator changes its output for a given seed. */
export const GENERATOR_VERSION = 3;

export interface SyntheticCorpusOptions {
  papers: number;
  seed: number | string;
  /** Real abstracts to learn word order and common vocabulary from. */
  sources: readonly string[];
  /** Queries of each kind to emit (known-item queries come in exact + typo pairs). */
  queriesPerKind?: number;
}

/** One author file in the seeds format. */
export interface SyntheticFile {
  name: string;
  text: string;
}

export interface SyntheticCorpus {
  files: SyntheticFile[];
  queries: QuerySet;
  /** Distinct papers written (each in one or more files). */
  papers: number;
  /** Paper entries across all files. */
  entries: number;
}

interface Cluster {
  terms: number[];
  acronyms: { long: string; short: string }[];
  members: number[];
  coauthors: number[];
}

interface PlannedPaper {
  owners: number[];
  authorLine: string;
  abstract: string;
  method: string;
}

/** Who can write papers: people 0..profiledCount-1 have files, the rest appear only on author lines. */
interface Cast {
  people: number;
  profiledCount: number;
  clusters: Cluster[];
  clusterOf: Int32Array;
  /** Profiled people in order of productivity, sampled by Zipf so a few write many papers. */
  productive: number[];
  sampleProductive: () => number;
}

function gaussian(random: Random): number {
  return Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
}

/** Topics: a few real mid-frequency words plus two invented jargon words, and acronyms over real words. */
function clustersFor(count: number, lexicon: readonly string[], real: number, random: Random): Cluster[] {
  const clusters: Cluster[] = [];
  const realSpan = Math.max(1, real - 30);
  const jargonSpan = Math.max(1, Math.min(lexicon.length, real + 20_000) - real);
  for (let c = 0; c < count; c++) {
    const terms = Array.from({ length: 6 }, (_, i) =>
      i < 4 ? 30 + random.int(realSpan) : Math.min(lexicon.length - 1, real + random.int(jargonSpan)),
    );
    const acronyms = [0, 1].map(() => {
      const words = Array.from({ length: 2 + random.int(3) }, (_, i) =>
        i === 0 ? (lexicon[random.pick(terms.slice(0, 4))] as string) : (lexicon[random.int(real)] as string),
      );
      return acronymOf(words);
    });
    clusters.push({ terms, acronyms, members: [], coauthors: [] });
  }
  return clusters;
}

function spelling(person: SyntheticPerson, random: Random): string {
  return person.variants.length > 0 && random.chance(0.3) ? random.pick(person.variants) : person.name;
}

/**
 * The paper's owners (whose files list it) and its full author list in order. The first `profiledCount`
 * papers go one to each profiled person so that no file is empty.
 */
function paperAuthors(
  cast: Cast,
  p: number,
  random: Random,
): { owners: number[]; authors: number[]; cluster: Cluster } {
  const first = p < cast.profiledCount ? p : (cast.productive[cast.sampleProductive()] as number);
  const cluster = cast.clusters[cast.clusterOf[first] as number] as Cluster;
  const owners = [first];
  const extra = random.chance(0.1) ? 2 : random.chance(0.28) ? 1 : 0;
  for (let e = 0; e < extra; e++) {
    const pool = random.chance(0.7) && cluster.members.length > 1 ? cluster.members : cast.productive;
    const owner = random.pick(pool);
    if (!owners.includes(owner)) owners.push(owner);
  }
  const authors = [...owners];
  const wanted = authorCount(random);
  for (let tries = 0; authors.length < wanted && tries < wanted * 3; tries++) {
    const person =
      cluster.coauthors.length > 0 && random.chance(0.85)
        ? random.pick(cluster.coauthors)
        : cast.profiledCount + random.int(cast.people - cast.profiledCount);
    if (!authors.includes(person)) authors.push(person);
  }
  return { owners, authors: random.shuffle(authors), cluster };
}

function authorCount(random: Random): number {
  const roll = random.next();
  if (roll < 0.04) return 1;
  if (roll < 0.12) return 2;
  return 4 + Math.min(12, Math.floor(-Math.log(1 - random.next()) * 3));
}

/**
 * A deterministic synthetic corpus in the seeds format: author files, papers shared between owners,
 * spelling variants, Zipf vocabulary grown from the real abstracts, and the queries to run against it.
 */
export function generateSyntheticCorpus(options: SyntheticCorpusOptions): SyntheticCorpus {
  const { papers } = options;
  if (!Number.isInteger(papers) || papers < 1) throw new Error("papers must be a positive integer");
  const random = createRandom(options.seed);
  const chain = buildMarkovChain(options.sources);
  const { words: lexicon, real } = rankedLexicon(chain, Math.min(500_000, 8000 + 2 * papers), random);
  const context = createWriterContext(chain, lexicon, createZipfSampler(lexicon.length, 1.0, random), random);

  const profiledCount = Math.max(2, Math.min(papers, Math.round(papers / 8)));
  const people = syntheticPeople(profiledCount + Math.max(4, Math.round(papers * 0.35)), random);
  const clusters = clustersFor(Math.max(1, Math.round(profiledCount / 10)), lexicon, real, random);
  const clusterOf = new Int32Array(people.length);
  people.forEach((_, person) => {
    const c = random.int(clusters.length);
    clusterOf[person] = c;
    const cluster = clusters[c] as Cluster;
    (person < profiledCount ? cluster.members : cluster.coauthors).push(person);
  });
  const productive = random.shuffle(Array.from({ length: profiledCount }, (_, i) => i));
  const cast: Cast = {
    people: people.length,
    profiledCount,
    clusters,
    clusterOf,
    productive,
    sampleProductive: createZipfSampler(profiledCount, 0.7, random),
  };
  const taken = new Set<string>();
  const lastSeen = new Int32Array(lexicon.length).fill(-1);
  const documentFrequency = new Int32Array(lexicon.length);
  const targetCount = Math.min(papers, options.queriesPerKind ?? 200);
  const targets = new Set(random.shuffle(Array.from({ length: papers }, (_, i) => i)).slice(0, targetCount));
  const targetWords = new Map<number, number[]>();
  const usedCoauthors = new Set<number>();

  const planned: PlannedPaper[] = [];
  for (let p = 0; p < papers; p++) {
    const { owners, authors, cluster } = paperAuthors(cast, p, random);
    const visible = authors.slice(0, Math.min(3, authors.length));
    for (const person of visible) if (person >= profiledCount) usedCoauthors.add(person);
    const names = visible.map((person) => spelling(people[person] as SyntheticPerson, random));
    const authorLine = authors.length >= 3 ? `${names.join(", ")} et al.` : names.join(", ");

    const method = methodName(random, taken);
    const acronym = random.chance(0.6) ? random.pick(cluster.acronyms) : undefined;
    const words = Math.max(90, Math.min(330, Math.round(200 + 45 * gaussian(random))));
    const written = writeAbstract(context, {
      method,
      topicTerms: cluster.terms,
      words,
      ...(acronym ? { acronym } : {}),
    });
    for (const id of written.lexiconIds) {
      if (lastSeen[id] !== p) {
        lastSeen[id] = p;
        documentFrequency[id] = (documentFrequency[id] as number) + 1;
      }
    }
    if (targets.has(p)) targetWords.set(p, [...new Set(written.lexiconIds)]);
    planned.push({ owners, authorLine, abstract: written.text, method });
  }

  const papersOf: number[][] = Array.from({ length: profiledCount }, () => []);
  planned.forEach((paper, p) => {
    for (const owner of paper.owners) papersOf[owner]?.push(p);
  });
  const digits = String(profiledCount).length;
  let entries = 0;
  const files = papersOf.map((list, owner) => {
    random.shuffle(list);
    entries += list.length;
    const body = list.map((p) => `${planned[p]?.authorLine}\n\n${planned[p]?.abstract}`).join("\n\n");
    const name = `${String(owner).padStart(digits, "0")}_${randomHex(random, 16)}.txt`;
    return { name, text: `${people[owner]?.name}\n\n${body}\n` };
  });

  const queriesPerKind = options.queriesPerKind ?? 200;
  const queries: QuerySet = {
    generator: GENERATOR_VERSION,
    seed: String(options.seed),
    papers,
    knownItem: knownItemQueries(planned, targetWords, documentFrequency, lexicon, random),
    topic: Array.from({ length: queriesPerKind }, () =>
      distinctWords(1 + random.int(3), () => lexicon[random.int(Math.min(300, lexicon.length))] as string),
    ),
    who: Array.from({ length: queriesPerKind }, () => {
      const terms = random.pick(clusters).terms;
      return distinctWords(1 + random.int(2), () => lexicon[random.pick(terms)] as string);
    }),
    author: authorQueries(people, profiledCount, [...usedCoauthors], queriesPerKind, random),
  };
  return { files, queries, papers, entries };
}

function distinctWords(count: number, draw: () => string): string {
  const words = new Set<string>();
  for (let tries = 0; words.size < count && tries < count * 10; tries++) words.add(draw());
  return [...words].join(" ");
}

function knownItemQueries(
  planned: readonly PlannedPaper[],
  targetWords: Map<number, number[]>,
  documentFrequency: Int32Array,
  lexicon: readonly string[],
  random: Random,
): KnownItemQuery[] {
  const out: KnownItemQuery[] = [];
  for (const [p, ids] of targetWords) {
    const paper = planned[p] as PlannedPaper;
    const rarest = ids
      .sort((a, b) => (documentFrequency[a] as number) - (documentFrequency[b] as number) || a - b)
      .slice(0, 6)
      .map((id) => lexicon[id] as string);
    const count = 1 + random.int(3);
    const words = random.shuffle(rarest).slice(0, count);
    if (count === 1 && random.chance(0.3)) words[0] = paper.method;
    const query = words.join(" ");
    const longest = words.reduce((a, b) => (b.length > a.length ? b : a), "");
    const typoQuery = words.map((word) => (word === longest ? withTypo(word, random) : word)).join(" ");
    // the leading space keeps "PRAX-RL, a" from also matching inside "SPRAX-RL, a"
    const target = ` ${paper.method}, a`;
    out.push({ query, typo: false, target }, { query: typoQuery, typo: true, target });
  }
  return out;
}

function authorQueries(
  people: readonly SyntheticPerson[],
  profiledCount: number,
  coauthors: readonly number[],
  count: number,
  random: Random,
): { query: string; name: string }[] {
  return Array.from({ length: count }, () => {
    const index =
      coauthors.length > 0 && random.chance(0.3) ? random.pick(coauthors) : random.int(profiledCount);
    const person = people[index] as SyntheticPerson;
    const roll = random.next();
    let query = person.name;
    if (roll < 0.2) query = person.name.toLowerCase();
    else if (roll < 0.45 && person.variants.length > 0) query = random.pick(person.variants);
    else if (roll < 0.55) query = stripAccents(person.name).toLowerCase();
    else if (roll < 0.65) query = person.name.split(" ").at(-1) ?? person.name;
    else if (roll < 0.8)
      query = person.name
        .split(" ")
        .map((part) => (part.length >= 5 ? withTypo(part, random) : part))
        .join(" ");
    return { query, name: person.name };
  });
}
