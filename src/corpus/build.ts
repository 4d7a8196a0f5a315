import { abstractFactsOf, completedCorpus } from "./abstract-facts.js";
import { decodeCorpusBytes } from "./decode.js";
import { personKey, rankSpellings } from "./names.js";
import { abstractFingerprint, assignPaperIds } from "./paper-id.js";
import { parseCorpusText } from "./parse.js";
import type { Corpus, CorpusFile, CorpusRead, PaperRead, Person, Problem } from "./types.js";

interface PaperDraft {
  key: string;
  /** Position in corpus order. */
  index: number;
  abstract: string;
  authors: PersonDraft[];
  etAl: boolean;
  owners: PersonDraft[];
  sources: { file: string; line: number }[];
}

/** How often one spelling was seen: in its owner's own file (`own`) or elsewhere. */
interface SpellingTally {
  name: string;
  person: PersonDraft;
  own: number;
  other: number;
}

interface PersonDraft {
  key: string;
  spellings: SpellingTally[];
  /** Corpus-order positions of the papers naming this person, with repeats; sorted and made unique at the end. */
  papers: number[];
  /** The display name, once resolved. */
  name: string;
}

/** Collects every spelling of every person, keyed by the folded name. */
class PeopleRegister {
  readonly byKey = new Map<string, PersonDraft>();
  // One lookup per name seen: the spelling leads straight to its tally and person.
  private readonly bySpelling = new Map<string, SpellingTally>();

  note(name: string, own = false): PersonDraft {
    let tally = this.bySpelling.get(name);
    if (tally === undefined) {
      const key = personKey(name);
      let person = this.byKey.get(key);
      if (person === undefined) {
        person = { key, spellings: [], papers: [], name: key };
        this.byKey.set(key, person);
      }
      tally = { name, person, own: 0, other: 0 };
      person.spellings.push(tally);
      this.bySpelling.set(name, tally);
    }
    if (own) tally.own += 1;
    else tally.other += 1;
    return tally.person;
  }

  /** People with their papers in corpus order; `idsInOrder[i]` is the id of the i-th paper. */
  people(idsInOrder: string[]): Map<string, Person> {
    const people = new Map<string, Person>();
    for (const [key, draft] of this.byKey) {
      const all = new Map<string, number>();
      const ownSpellings = new Map<string, number>();
      for (const tally of draft.spellings) {
        all.set(tally.name, tally.own + tally.other);
        if (tally.own > 0) ownSpellings.set(tally.name, tally.own);
      }
      const profiled = ownSpellings.size > 0;
      const spellings = rankSpellings(all);
      const name = (profiled ? rankSpellings(ownSpellings)[0] : spellings[0]) ?? key;
      draft.name = name;
      const positions = Int32Array.from(draft.papers).sort();
      const ids: string[] = [];
      for (let i = 0; i < positions.length; i++) {
        const position = positions[i] ?? 0;
        if (i === 0 || position !== positions[i - 1]) ids.push(idsInOrder[position] ?? "");
      }
      people.set(key, { key, name, spellings, profiled, paperIds: ids });
    }
    return people;
  }
}

function byName(a: CorpusFile, b: CorpusFile): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

const keyOf = (person: PersonDraft): string => person.key;
const nameOf = (person: PersonDraft): string => person.name;

/** Author files → Corpus: the files read (`readCorpus`), then their headlines and acronyms worked out. */
export function buildCorpus(files: CorpusFile[]): Corpus {
  const read = readCorpus(files);
  return completedCorpus(read, abstractFactsOf(read.papers.map((paper) => paper.abstract)));
}

/**
 * Author files → the corpus as they give it: decode, parse, merge the same abstract across files into one paper
 * whose owners are the union, resolve people's display names. Pure and linear in the input size.
 */
export function readCorpus(files: CorpusFile[]): CorpusRead {
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
    const owner = parsed.owner === undefined ? undefined : register.note(parsed.owner, true);
    if (owner !== undefined) profileKeys.add(owner.key);
    const seenHere = new Map<string, number>();

    for (const entry of parsed.entries) {
      const key = abstractFingerprint(entry.abstract);
      const authors = entry.authors.map((name) => register.note(name));
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
        draft = {
          key,
          index: drafts.size,
          abstract: entry.abstract,
          authors,
          etAl: entry.etAl,
          owners: [],
          sources: [],
        };
        drafts.set(key, draft);
      }
      draft.sources.push({ file: file.name, line: entry.line });
      if (owner !== undefined && !draft.owners.includes(owner)) draft.owners.push(owner);
      for (const person of authors) person.papers.push(draft.index);
      if (owner !== undefined) owner.papers.push(draft.index);
    }
  }

  const paperIds = assignPaperIds(drafts.keys());
  const idsInOrder = Array.from(paperIds.values());
  const people = register.people(idsInOrder);
  const papers: PaperRead[] = [];
  for (const draft of drafts.values()) {
    papers.push({
      id: idsInOrder[draft.index] ?? "",
      authors: draft.authors.map(nameOf),
      authorKeys: draft.authors.map(keyOf),
      etAl: draft.etAl,
      owners: draft.owners.map(nameOf),
      ownerKeys: draft.owners.map(keyOf),
      abstract: draft.abstract,
      sources: draft.sources,
    });
  }

  return {
    papers,
    people,
    files: files.length,
    profiles: profileKeys.size,
    problems,
  };
}
