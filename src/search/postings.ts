import type { Corpus } from "../corpus/types.js";
import { type AcronymTable, createVocabulary, isUnambiguous, type Vocabulary } from "./analyze.js";
import { type SortedKeys, sortedKeysOf } from "./sorted-keys.js";

/** Term ids of every document, flattened: document `d` holds `ids[offsets[d] .. offsets[d + 1])`. */
export interface TermRuns {
  offsets: Int32Array;
  ids: Int32Array;
}

/**
 * One field's inverted index: term `t` occurs in the documents `docs[offsets[t] .. offsets[t + 1])`
 * (ascending) with `counts` occurrences each (capped at 255). `lengths` are distinct terms per document (at least 1).
 */
export interface FieldPostings {
  offsets: Int32Array;
  docs: Int32Array;
  counts: Uint8Array;
  lengths: Int32Array;
  averageLength: number;
}

/** Everything the engine keeps per corpus besides the Corpus itself; what a snapshot stores. */
export interface IndexData {
  vocabulary: Vocabulary;
  /** Terms with postings: ids below this; later ids are words first met at query time. */
  termCount: number;
  /** Each abstract's terms in order (stop words dropped), for phrases, adjacency and similar papers. */
  sequences: TermRuns;
  text: FieldPostings;
  names: FieldPostings;
  /** Indexed terms → term id, for prefixes and typos in query words. */
  termKeys: SortedKeys;
  /** Folded words of the corpus → term id, to correct a typed word against real words. */
  wordKeys: SortedKeys;
}

/** A growable Int32Array list. */
class IntList {
  values = new Int32Array(1024);
  length = 0;
  push(value: number): void {
    if (this.length === this.values.length) {
      const grown = new Int32Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.length++] = value;
  }
  trimmed(): Int32Array {
    return this.values.slice(0, this.length);
  }
}

/** The postings of one field whose documents hold the concatenation of `parts`. */
export function fieldPostingsOf(
  documents: number,
  termCount: number,
  parts: readonly TermRuns[],
): FieldPostings {
  const frequency = new Int32Array(termCount + 1);
  const lastDoc = new Int32Array(termCount).fill(-1);
  const lengths = new Int32Array(documents);
  let total = 0;
  for (let doc = 0; doc < documents; doc++) {
    let distinct = 0;
    for (const { offsets, ids } of parts) {
      for (let i = offsets[doc] as number, end = offsets[doc + 1] as number; i < end; i++) {
        const id = ids[i] as number;
        if (lastDoc[id] !== doc) {
          lastDoc[id] = doc;
          frequency[id] = (frequency[id] as number) + 1;
          distinct++;
        }
      }
    }
    // MiniSearch measures a field in distinct terms; an empty field is one empty token.
    const length = Math.max(1, distinct);
    lengths[doc] = length;
    total += length;
  }
  const offsets = new Int32Array(termCount + 1);
  for (let t = 0; t < termCount; t++) offsets[t + 1] = (offsets[t] as number) + (frequency[t] as number);
  const docs = new Int32Array(offsets[termCount] as number);
  const counts = new Uint8Array(docs.length);
  const cursor = offsets.slice(0, termCount);
  const slot = new Int32Array(termCount);
  lastDoc.fill(-1);
  for (let doc = 0; doc < documents; doc++) {
    for (const { offsets: starts, ids } of parts) {
      for (let i = starts[doc] as number, end = starts[doc + 1] as number; i < end; i++) {
        const id = ids[i] as number;
        if (lastDoc[id] !== doc) {
          lastDoc[id] = doc;
          const at = cursor[id] as number;
          cursor[id] = at + 1;
          slot[id] = at;
          docs[at] = doc;
          counts[at] = 1;
        } else {
          const at = slot[id] as number;
          if ((counts[at] as number) < 0xff) counts[at] = (counts[at] as number) + 1;
        }
      }
    }
  }
  return { offsets, docs, counts, lengths, averageLength: documents === 0 ? 0 : total / documents };
}

/** Acronym long forms as term ids, by their first term: what the text field adds the short form for. */
interface LongForm {
  ids: Int32Array;
  shortId: number;
}

function longFormsByFirstId(acronyms: AcronymTable, vocabulary: Vocabulary): Map<number, LongForm[]> {
  const byFirst = new Map<number, LongForm[]>();
  for (const entries of acronyms.byFirstLongTerm.values()) {
    for (const entry of entries) {
      // Ambiguous acronyms are searched by their long forms instead (see expandAcronyms).
      if (!isUnambiguous(acronyms, entry.shortTerm)) continue;
      const ids = Int32Array.from(entry.longTerms, vocabulary.addTerm);
      const list = byFirst.get(ids[0] as number) ?? [];
      list.push({ ids, shortId: vocabulary.addTerm(entry.shortTerm) });
      byFirst.set(ids[0] as number, list);
    }
  }
  return byFirst;
}

/**
 * Analyses every paper once: the abstract's terms in order, its hyphen compounds and the acronyms it
 * spells out (the text field), and its authors' and owners' name terms (the names field).
 */
export function indexDataOf(corpus: Corpus, acronyms: AcronymTable): IndexData {
  const { papers } = corpus;
  const vocabulary = createVocabulary();
  const longForms = longFormsByFirstId(acronyms, vocabulary);
  const startsLongForm = new Uint8Array(vocabulary.terms.length);
  for (const id of longForms.keys()) startsLongForm[id] = 1;
  const nameIds = new Map<string, number[]>();
  const idsOfName = (name: string): number[] => {
    let ids = nameIds.get(name);
    if (!ids) {
      const found: number[] = [];
      vocabulary.analyzeInto(name, found, found);
      ids = found;
      nameIds.set(name, ids);
    }
    return ids;
  };
  const sequenceIds = new IntList();
  const extraIds = new IntList();
  const nameList = new IntList();
  const sequenceOffsets = new Int32Array(papers.length + 1);
  const extraOffsets = new Int32Array(papers.length + 1);
  const nameOffsets = new Int32Array(papers.length + 1);
  papers.forEach((paper, at) => {
    const start = sequenceIds.length;
    vocabulary.analyzeInto(paper.abstract, sequenceIds, extraIds);
    const end = sequenceIds.length;
    const ids = sequenceIds.values;
    for (let i = start; i < end; i++) {
      const id = ids[i] as number;
      if (id >= startsLongForm.length || startsLongForm[id] === 0) continue;
      const forms = longForms.get(id) ?? [];
      for (const form of forms) {
        if (i + form.ids.length > end) continue;
        let j = 1;
        while (j < form.ids.length && ids[i + j] === form.ids[j]) j++;
        if (j === form.ids.length) extraIds.push(form.shortId);
      }
    }
    for (const name of new Set([...paper.authors, ...paper.owners])) {
      for (const id of idsOfName(name)) nameList.push(id);
    }
    sequenceOffsets[at + 1] = sequenceIds.length;
    extraOffsets[at + 1] = extraIds.length;
    nameOffsets[at + 1] = nameList.length;
  });
  const sequences = { offsets: sequenceOffsets, ids: sequenceIds.trimmed() };
  const termCount = vocabulary.terms.length;
  const termKeys = sortedKeysOf(vocabulary.terms, (term) => vocabulary.idOf(term) as number);
  const wordKeys = sortedKeysOf(
    [...vocabulary.words.keys()],
    (word) => vocabulary.idOf(vocabulary.words.get(word) as string) as number,
  );
  vocabulary.release();
  return {
    vocabulary,
    termCount,
    termKeys,
    wordKeys,
    sequences,
    text: fieldPostingsOf(papers.length, termCount, [
      sequences,
      { offsets: extraOffsets, ids: extraIds.trimmed() },
    ]),
    names: fieldPostingsOf(papers.length, termCount, [{ offsets: nameOffsets, ids: nameList.trimmed() }]),
  };
}
