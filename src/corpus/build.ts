import { mineAcronyms } from "./acronyms.js";
import { decodeCorpusBytes } from "./decode.js";
import { headlineOf } from "./headline.js";
import type { CorpusFile } from "./load.js";
import { personKey, rankSpellings } from "./names.js";
import { abstractFingerprint, assignPaperIds } from "./paper-id.js";
import { parseCorpusText } from "./parse.js";
import type { Corpus, Paper, Person, Problem } from "./types.js";

interface PaperDraft {
  key: string;
  abstract: string;
  authorKeys: string[];
  etAl: boolean;
  ownerKeys: string[];
  sources: { file: string; line: number }[];
}

interface PersonDraft {
  spellings: Map<string, number>;
  ownSpellings: Map<string, number>;
  paperKeys: Set<string>;
}

/** Collects every spelling of every person, keyed by the folded name. */
class PeopleRegister {
  readonly byKey = new Map<string, PersonDraft>();
  private readonly keyOfSpelling = new Map<string, string>();

  note(name: string, own = false): string {
    let key = this.keyOfSpelling.get(name);
    if (key === undefined) {
      key = personKey(name);
      this.keyOfSpelling.set(name, key);
    }
    let draft = this.byKey.get(key);
    if (draft === undefined) {
      draft = { spellings: new Map(), ownSpellings: new Map(), paperKeys: new Set() };
      this.byKey.set(key, draft);
    }
    const counts = own ? draft.ownSpellings : draft.spellings;
    counts.set(name, (counts.get(name) ?? 0) + 1);
    return key;
  }

  /** People with their papers in corpus order (`paperIds` iterates in that order). */
  people(paperIds: Map<string, string>): Map<string, Person> {
    const order = new Map<string, number>();
    for (const key of paperIds.keys()) order.set(key, order.size);
    const people = new Map<string, Person>();
    for (const [key, draft] of this.byKey) {
      const all = new Map(draft.spellings);
      for (const [name, count] of draft.ownSpellings) all.set(name, (all.get(name) ?? 0) + count);
      const profiled = draft.ownSpellings.size > 0;
      const spellings = rankSpellings(all);
      const name = (profiled ? rankSpellings(draft.ownSpellings)[0] : spellings[0]) ?? key;
      const ids = [...draft.paperKeys]
        .sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
        .map((paperKey) => paperIds.get(paperKey) ?? "");
      people.set(key, { key, name, spellings, profiled, paperIds: ids });
    }
    return people;
  }
}

function byName(a: CorpusFile, b: CorpusFile): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/**
 * Author files → Corpus: decode, parse, merge the same abstract across files into one paper whose owners
 * are the union, resolve people's display names, mine acronyms. Pure and linear in the input size.
 */
export function buildCorpus(files: CorpusFile[]): Corpus {
  const problems: Problem[] = [];
  const register = new PeopleRegister();
  const drafts = new Map<string, PaperDraft>();
  const profileKeys = new Set<string>();
  const sorted = [...files].sort(byName);

  for (const file of sorted) {
    const decoded = decodeCorpusBytes(file.bytes);
    if (!decoded.ok) {
      problems.push({ file: file.name, line: decoded.line, message: decoded.message });
      continue;
    }
    const parsed = parseCorpusText(file.name, decoded.text);
    for (const problem of parsed.problems) problems.push(problem);
    const ownerKey = parsed.owner === undefined ? undefined : register.note(parsed.owner, true);
    if (ownerKey !== undefined) profileKeys.add(ownerKey);
    const seenHere = new Map<string, number>();

    for (const entry of parsed.entries) {
      const key = abstractFingerprint(entry.abstract);
      const authorKeys = entry.authors.map((name) => register.note(name));
      const earlier = seenHere.get(key);
      if (earlier !== undefined) {
        problems.push({
          file: file.name,
          line: entry.line,
          message: `the same abstract as the entry at line ${earlier}; merged into one paper`,
        });
      } else {
        seenHere.set(key, entry.line);
      }
      let draft = drafts.get(key);
      if (draft === undefined) {
        draft = { key, abstract: entry.abstract, authorKeys, etAl: entry.etAl, ownerKeys: [], sources: [] };
        drafts.set(key, draft);
      }
      draft.sources.push({ file: file.name, line: entry.line });
      if (ownerKey !== undefined && !draft.ownerKeys.includes(ownerKey)) draft.ownerKeys.push(ownerKey);
      for (const person of [...authorKeys, ...(ownerKey === undefined ? [] : [ownerKey])]) {
        register.byKey.get(person)?.paperKeys.add(key);
      }
    }
  }

  const paperIds = assignPaperIds(drafts.keys());
  const people = register.people(paperIds);
  const displayName = (key: string): string => people.get(key)?.name ?? key;
  const papers: Paper[] = [];
  for (const draft of drafts.values()) {
    papers.push({
      id: paperIds.get(draft.key) ?? "",
      headline: headlineOf(draft.abstract),
      authors: draft.authorKeys.map(displayName),
      authorKeys: draft.authorKeys,
      etAl: draft.etAl,
      owners: draft.ownerKeys.map(displayName),
      ownerKeys: draft.ownerKeys,
      abstract: draft.abstract,
      sources: draft.sources,
    });
  }

  return {
    papers,
    people,
    acronyms: mineAcronyms(papers.map((paper) => paper.abstract)),
    files: files.length,
    profiles: profileKeys.size,
    problems,
  };
}
