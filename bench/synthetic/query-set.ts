/** A query whose right answer is one paper; `target` is a fragment found in that paper's abstract and no other. */
export interface KnownItemQuery {
  query: string;
  typo: boolean;
  target: string;
}

/** A name as a user might type it, and the file spelling of the person meant. */
export interface AuthorQuery {
  query: string;
  name: string;
}

/** The queries the benchmark runs against a synthetic corpus, written beside it as JSON. */
export interface QuerySet {
  /** GENERATOR_VERSION of the code that wrote it: a cached corpus from older code is regenerated. */
  generator: number;
  seed: string;
  papers: number;
  knownItem: KnownItemQuery[];
  /** Common words, 1-3 of them: the slow OR queries. */
  topic: string[];
  /** Topic terms for "who works on …". */
  who: string[];
  author: AuthorQuery[];
}
