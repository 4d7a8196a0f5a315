import type { Corpus } from "../corpus/types.js";
import type { AuthorSummary, SearchIndex } from "../search/types.js";

/** A summary from the corpus alone, for a person key the name lookup cannot single out (no topics). */
function summaryFromCorpus(corpus: Corpus, key: string): AuthorSummary | undefined {
  const person = corpus.people.get(key);
  if (!person) return undefined;
  const papers = corpus.papers.filter(
    (paper) => paper.authorKeys.includes(key) || paper.ownerKeys.includes(key),
  );
  const counts = new Map<string, number>();
  for (const paper of papers) {
    for (const other of new Set([...paper.authorKeys, ...paper.ownerKeys])) {
      if (other !== key) counts.set(other, (counts.get(other) ?? 0) + 1);
    }
  }
  const coauthors = [...counts]
    .map(([otherKey, n]) => ({
      key: otherKey,
      name: corpus.people.get(otherKey)?.name ?? otherKey,
      papers: n,
    }))
    .sort((a, b) => b.papers - a.papers || a.name.localeCompare(b.name));
  return {
    key,
    name: person.name,
    profiled: person.profiled,
    papers: papers.map((paper) => ({ paper, firstAuthor: paper.authorKeys[0] === key })),
    coauthors,
    topics: [],
  };
}

/** The summary of the person with this key (from a button), or undefined when they are no longer in the corpus. */
export function summaryOfKey(index: SearchIndex, key: string): AuthorSummary | undefined {
  const person = index.corpus.people.get(key);
  if (!person) return undefined;
  for (const name of [person.name, key]) {
    const lookup = index.author(name);
    if (lookup.kind === "found" && lookup.summary.key === key) return lookup.summary;
  }
  return summaryFromCorpus(index.corpus, key);
}
