import { hash } from "node:crypto";
import { abstractFactsOf, completedCorpus } from "./abstract-facts.js";
import { type BibStrings, bibStringsOf } from "./bibtex.js";
import { parseBibtexFile } from "./bibtex-papers.js";
import { decodeCorpusBytes } from "./decode.js";
import { publicIdKeysOf } from "./identifiers.js";
import { parseArxivJsonlFile, parseCslJsonFile } from "./json-exports.js";
import type { LibraryEntry } from "./library-entry.js";
import { MEMBERS_FILE_NAMES, parseMembersFile } from "./members.js";
import { type CorpusMemory, NO_MEMORY, type Remembered } from "./memory.js";
import { byCodePoint, personKey, rankSpellings } from "./names.js";
import { abstractFingerprint, assignPaperIds, fullPaperId } from "./paper-id.js";
import { parseCorpusText } from "./parse.js";
import { sentencesIn } from "./sentences.js";
import { joinedSpellings } from "./spellings.js";
import { isCaseFlattened, titleCased } from "./title-case.js";
import { abstractNamedBy, contentStemsOf } from "./title-match.js";
import type { Corpus, CorpusFile, CorpusRead, Member, Paper, PaperRead, Person, Problem } from "./types.js";

interface PaperDraft {
  /** Position in corpus order. */
  index: number;
  /** The key of a paper first read from an author file: its id is made from it, as it always was. */
  seedsKey?: string;
  /** Keys of a paper read from an export, most stable first (DOI, arXiv id, citation key, title, abstract). */
  libraryKeys: string[];
  abstract: string;
  /** Whether `abstract` and `authors` come from an author file (which wins over an export's). */
  fromSeeds: boolean;
  authors: PersonDraft[];
  etAl: boolean;
  owners: PersonDraft[];
  sources: { file: string; line: number }[];
  fields: LibraryFields;
  /** Every match key this paper claimed. */
  keys: string[];
  /** Keys that say which paper this is across edits but never match two entries (an author file's owner and line). */
  placeKeys: string[];
  /** Set when an entry showed this draft and an earlier one to be the same paper: it lives on in that one. */
  mergedInto?: PaperDraft;
}

function resolved(draft: PaperDraft): PaperDraft {
  let found = draft;
  while (found.mergedInto !== undefined) found = found.mergedInto;
  return found;
}

type LibraryFields = Pick<
  Paper,
  "title" | "year" | "venue" | "doi" | "arxivId" | "url" | "code" | "citationKey" | "bibtex"
>;
const LIBRARY_FIELDS = [
  "title",
  "year",
  "venue",
  "doi",
  "arxivId",
  "url",
  "code",
  "citationKey",
  "bibtex",
] as const;

/** Gives `target` each field it lacks that `source` has; a preprint's venue "arXiv" gives way to a journal's. */
function fillFields(target: LibraryFields, source: LibraryFields): void {
  for (const field of LIBRARY_FIELDS) {
    if (target[field] === undefined && source[field] !== undefined) {
      Object.assign(target, { [field]: source[field] });
    }
  }
  if (target.venue === "arXiv" && source.venue !== undefined) target.venue = source.venue;
  // Google Scholar's lowered title ("Bert: Pre-training…") gives way to one written with its capitals.
  const lowered = (title: string | undefined) => title !== undefined && isCaseFlattened(title);
  if (lowered(target.title) && source.title !== undefined && !lowered(source.title))
    target.title = source.title;
}

/** Appends the items of `more` that `list` does not hold yet. */
function addMissing<T>(list: T[], more: Iterable<T>): void {
  for (const item of more) if (!list.includes(item)) list.push(item);
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
  /** A member's alias key → the member's key. */
  readonly aliases = new Map<string, string>();
  /**
   * Joins the people whose names are one name spelt otherwise ("E. Zhou" a member's, "O. George" and "Olivier
   * George": spellings.ts) into one, a member or an author file's owner keeping theirs; gives who went into whom.
   */
  joinSpellings(memberKeys: ReadonlySet<string>): Map<PersonDraft, PersonDraft> {
    const people = [...this.byKey.values()].map((person) => ({
      person,
      name: person.spellings[0]?.name ?? person.key,
      papers: new Set(person.papers).size,
    }));
    const member = ({ person }: (typeof people)[number]) => memberKeys.has(person.key);
    const kept = (one: (typeof people)[number]) =>
      member(one) || one.person.spellings.some((tally) => tally.own > 0);
    const into = new Map<PersonDraft, PersonDraft>();
    for (const [from, to] of joinedSpellings(people, kept, member)) {
      for (const tally of from.person.spellings) {
        tally.person = to.person;
        to.person.spellings.push(tally);
      }
      to.person.papers.push(...from.person.papers);
      this.byKey.delete(from.person.key);
      into.set(from.person, to.person);
    }
    return into;
  }

  note(name: string, own = false): PersonDraft {
    let tally = this.bySpelling.get(name);
    if (tally === undefined) {
      const written = personKey(name);
      const key = this.aliases.get(written) ?? written;
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
      // A paper merged from two drafts has two positions but one id.
      const ids = new Set(Array.from(Int32Array.from(draft.papers).sort(), (at) => idsInOrder[at] ?? ""));
      people.set(key, { key, name, spellings, profiled, paperIds: [...ids] });
    }
    return people;
  }
}

const keyOf = (person: PersonDraft): string => person.key;
const nameOf = (person: PersonDraft): string => person.name;

/** Author files → Corpus: the files read (`readCorpus`), then their headlines and acronyms worked out. */
export function buildCorpus(files: CorpusFile[]): Corpus {
  const read = readCorpus(files);
  return completedCorpus(read, abstractFactsOf(read.papers));
}

/** An author file's abstract's keys: its fingerprint (its id's source) and, when long enough, its match key. */
interface SeedsKeys {
  fingerprint: string;
  match?: string;
}

type Parsed =
  | { kind: "seeds"; parsed: ReturnType<typeof parseCorpusText>; keys?: SeedsKeys[] }
  | { kind: "library"; entries: LibraryEntry[]; problems: Problem[] };

/** A file decoded and parsed on its own, on any thread (the build's parse helper), for readCorpusRemembering. */
export type FileParse =
  | { ok: false; line: number; message: string }
  | { ok: true; problems: Pick<Problem, "line" | "message">[]; parsed: Parsed };

/** Files of `files` whose parse needs no other file: not members.yml, nor a .bib beside another .bib (@strings). */
export function filesParsedAlone<T extends { name: string }>(files: readonly T[]): T[] {
  const isBib = (file: T) => file.name.toLowerCase().endsWith(".bib");
  const bibs = files.filter(isBib).length;
  return files.filter(
    (file) => !MEMBERS_FILE_NAMES.includes(file.name.toLowerCase()) && (bibs < 2 || !isBib(file)),
  );
}

/** A file of filesParsedAlone decoded and parsed, its abstracts' keys worked out. */
export function fileParseOf(file: CorpusFile): FileParse {
  const decoded = decodeCorpusBytes(file.bytes);
  if (!decoded.ok) return decoded;
  const parsed = parsedFile(file.name, decoded.text);
  if (parsed.kind === "seeds")
    parsed.keys = parsed.parsed.entries.map(({ abstract }) => seedsKeysOf(abstract));
  return { ok: true, problems: decoded.problems ?? [], parsed };
}

function seedsKeysOf(abstract: string): SeedsKeys {
  const match = abstractMatchKey(abstract);
  const fingerprint = abstractFingerprint(abstract);
  return match === undefined ? { fingerprint } : { fingerprint, match };
}

/** A corpus file's text, read as its name says: an author file (.txt), a .bib, CSL-JSON (.json) or arXiv JSONL. */
function parsedFile(name: string, text: string, bibStrings?: BibStrings): Parsed {
  const lower = name.toLowerCase();
  if (lower.endsWith(".bib")) return { kind: "library", ...parseBibtexFile(name, text, bibStrings) };
  if (lower.endsWith(".jsonl")) return { kind: "library", ...parseArxivJsonlFile(name, text) };
  if (lower.endsWith(".json")) return { kind: "library", ...parseCslJsonFile(name, text) };
  return { kind: "seeds", parsed: parseCorpusText(name, text) };
}

const isMembersFile = (file: CorpusFile): boolean => MEMBERS_FILE_NAMES.includes(file.name.toLowerCase());

/** looseText of ASCII text: its bytes kept in place (over 100,000 abstracts a tenth of a regex replace's time). */
function asciiLooseText(text: string): string {
  const bytes = Buffer.from(text, "latin1");
  let kept = 0;
  for (let at = 0; at < bytes.length; at++) {
    const code = bytes[at] ?? 0;
    const lower = code >= 65 && code <= 90 ? code + 32 : code;
    if ((lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57)) bytes[kept++] = lower;
  }
  return bytes.toString("latin1", 0, kept);
}
const unicodeLooseText = (text: string): string =>
  text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, "");

/** Text for matching: letters and digits only, lower case, accents gone. */
function looseText(text: string): string {
  // Plain classes: most abstracts are ASCII, and \p{…} scans are many times slower.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, to tell ASCII text apart
  if (!/[^\x00-\x7f]/.test(text)) return asciiLooseText(text);
  // A capital sigma's lower case depends on the letters around it.
  if (text.includes("\u03a3")) return unicodeLooseText(text);
  // Only the runs of other characters through the slow path (no decomposition or mark crosses an ASCII character):
  // the same text, a third less time over 100,000 abstracts.
  let loose = "";
  let from = 0;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the whole ASCII range, as above
  for (const run of text.matchAll(/[^\x00-\x7f]+/g)) {
    loose += asciiLooseText(text.slice(from, run.index)) + unicodeLooseText(run[0]);
    from = run.index + run[0].length;
  }
  return loose + asciiLooseText(text.slice(from));
}

/** Shorter normalised titles ("Introduction", "Reply") are too common to say two entries are one paper. */
const MIN_TITLE_KEY = 16;
/** Shorter abstracts say too little to match on. */
const MIN_ABSTRACT_KEY = 60;

function abstractMatchKey(abstract: string): string | undefined {
  const loose = looseText(abstract);
  return loose.length < MIN_ABSTRACT_KEY ? undefined : `abs:${hash("sha256", loose, "base64")}`;
}

/** Whether two lists of names share a word (folded, initials left out), or either names nobody. */
function shareAnAuthor(some: readonly string[], others: readonly string[]): boolean {
  const wordsOf = (names: readonly string[]) =>
    names.flatMap((name) => name.split(/[\s,.-]+/).map(personKey)).filter((word) => word.length > 1);
  const theirs = new Set(wordsOf(some));
  const words = wordsOf(others);
  return theirs.size === 0 || words.length === 0 || words.some((word) => theirs.has(word));
}

/** The keys that name one paper within a file, and what a problem calls them. */
const ID_KINDS = [
  ["key:", "citation key"],
  ["doi:", "DOI"],
  ["arxiv:", "arXiv id"],
] as const;

/** DOIs of preprint servers (arXiv, bioRxiv and medRxiv, SSRN, Research Square…): a paper may have one and a journal's. */
const PREPRINT_DOI = /^doi:10\.(?:48550|1101|2139|21203|31234|20944|36227)\//i;

/** Whether two papers' keys hold different DOIs (preprint servers' aside) or different arXiv ids: two works. */
function idsDiffer(some: readonly string[], others: readonly string[]): boolean {
  return ["doi:", "arxiv:"].some((kind) => {
    const idsOf = (keys: readonly string[]) =>
      keys.filter((key) => key.startsWith(kind) && !PREPRINT_DOI.test(key));
    const theirs = idsOf(some);
    const mine = idsOf(others);
    return theirs.length > 0 && mine.length > 0 && !mine.some((id) => theirs.includes(id));
  });
}

/** A title or an abstract is weak evidence: two entries with authors and no author in common are two papers. */
const isWeakKey = (key: string) => key.startsWith("title:") || key.startsWith("abs:");

/** The keys an export's entry is known by, most stable first. */
function libraryKeysOf(entry: LibraryEntry): string[] {
  const keys = publicIdKeysOf(entry);
  // As written: a citation key matches within one file, where case tells two keys apart.
  if (entry.citationKey !== undefined) keys.push(`key:${entry.citationKey}`);
  const title = looseText(entry.title);
  if (title.length >= MIN_TITLE_KEY) keys.push(`title:${title}`);
  const abstract = abstractMatchKey(entry.abstract);
  if (abstract !== undefined) keys.push(abstract);
  return keys;
}

/**
 * Corpus files → the corpus as they give it: decode, parse each format, merge the same paper across files and
 * formats into one (by DOI, arXiv id, normalised title or abstract) whose owners are the union, resolve people's
 * display names. Pure and linear in the input size.
 */
export function readCorpus(files: CorpusFile[]): CorpusRead {
  return readCorpusRemembering(files, NO_MEMORY).corpus;
}

/**
 * `readCorpus` with what the last load left (`memory`): a file that can no longer be read (`unreadable`, or bytes
 * that are not text) is read from its last good bytes, a file that gave fewer papers is named, and a paper keeps
 * the id its stable keys had. Returns what to remember of this load.
 */
export function readCorpusRemembering(
  files: CorpusFile[],
  memory: CorpusMemory,
  unreadable: readonly { name: string; reason: string }[] = [],
  parses: ReadonlyMap<string, FileParse> = new Map(),
): { corpus: CorpusRead; remembered: Remembered } {
  const problems: Problem[] = [];
  const good: CorpusFile[] = [];
  const keptAsWas: string[] = [];
  const register = new PeopleRegister();
  const drafts: PaperDraft[] = [];
  /** Every match key → the draft it belongs to. Citation keys only match within one file. */
  const byKey = new Map<string, PaperDraft>();
  const profileKeys = new Set<string>();
  const members: Member[] = [];

  /** A file's last good text, when it is kept, with a notice saying why it is served. */
  const lastGoodText = (name: string, reason: string): string | undefined => {
    const bytes = memory.lastGood(name);
    const decoded = bytes === undefined ? undefined : decodeCorpusBytes(bytes);
    if (decoded === undefined || !decoded.ok) return undefined;
    keptAsWas.push(name);
    const had = memory.papers.get(name);
    const papers = had === undefined ? "" : ` (${had} papers)`;
    problems.push({
      file: name,
      line: 0,
      message: `${reason}; still serving what it held at the last load${papers}`,
      notice: true,
    });
    return decoded.text;
  };
  /** A file that is not text: its last good text, else the problem. */
  const failedText = (name: string, { line, message }: { line: number; message: string }) => {
    const kept = lastGoodText(name, message.replace(/; file skipped.*$/, ""));
    if (kept === undefined) problems.push({ file: name, line, message });
    return kept;
  };
  const decodedWell = (file: CorpusFile, decoded: { problems?: Pick<Problem, "line" | "message">[] }) => {
    for (const problem of decoded.problems ?? []) problems.push({ file: file.name, ...problem });
    good.push(file);
  };
  const decodedText = (file: CorpusFile): string | undefined => {
    const decoded = decodeCorpusBytes(file.bytes);
    if (!decoded.ok) return failedText(file.name, decoded);
    decodedWell(file, decoded);
    return decoded.text;
  };
  const servedFiles: CorpusFile[] = [...files];
  for (const { name, reason } of unreadable) {
    if (memory.lastGood(name) !== undefined) servedFiles.push({ name, bytes: new Uint8Array() });
    else problems.push({ file: name, line: 0, message: `${reason}; file skipped` });
  }
  const unreadableReason = new Map(unreadable.map(({ name, reason }) => [name, reason]));
  const sorted = servedFiles.sort((a, b) => byCodePoint(a.name, b.name));
  const textOf = (file: CorpusFile): string | undefined => {
    const reason = unreadableReason.get(file.name);
    return reason === undefined ? decodedText(file) : lastGoodText(file.name, reason);
  };

  for (const file of sorted.filter(isMembersFile)) {
    const text = textOf(file);
    if (text === undefined) continue;
    const read = parseMembersFile(file.name, text);
    problems.push(...read.problems);
    for (const member of read.members) {
      if (members.some((known) => known.key === member.key)) continue;
      members.push(member);
      for (const alias of member.aliases) {
        const aliasKey = personKey(alias);
        if (aliasKey.length > 0 && aliasKey !== member.key) register.aliases.set(aliasKey, member.key);
      }
      profileKeys.add(register.note(member.name, true).key);
      // An alias is a spelling of theirs, so a search or a name among the words finds them by it too.
      for (const alias of member.aliases) register.note(alias);
    }
  }
  const newDraft = (): PaperDraft => {
    const draft: PaperDraft = {
      index: drafts.length,
      libraryKeys: [],
      abstract: "",
      fromSeeds: false,
      authors: [],
      etAl: false,
      owners: [],
      sources: [],
      fields: {},
      keys: [],
      placeKeys: [],
    };
    drafts.push(draft);
    return draft;
  };
  const claim = (draft: PaperDraft, keys: readonly string[]) => {
    for (const key of keys) {
      if (!byKey.has(key)) byKey.set(key, draft);
      if (!draft.keys.includes(key)) draft.keys.push(key);
    }
  };
  /** The draft an entry with these keys belongs to (new when none): drafts the keys show to be one are merged. */
  const draftFor = (keys: readonly string[]): PaperDraft => {
    const found: PaperDraft[] = [];
    for (const key of keys) {
      const draft = byKey.get(key);
      if (draft !== undefined && !found.includes(resolved(draft))) found.push(resolved(draft));
    }
    const [target = newDraft(), ...others] = found;
    for (const other of others) absorb(target, other);
    return target;
  };
  const absorb = (target: PaperDraft, other: PaperDraft) => {
    other.mergedInto = target;
    if (other.fromSeeds && !target.fromSeeds) {
      target.fromSeeds = true;
      if (other.seedsKey !== undefined) target.seedsKey = other.seedsKey;
      target.abstract = other.abstract;
      target.authors = other.authors;
      target.etAl = other.etAl;
    } else {
      if (target.abstract.length === 0) target.abstract = other.abstract;
      if (target.authors.length === 0) {
        target.authors = other.authors;
        target.etAl = other.etAl;
      }
    }
    fillFields(target.fields, other.fields);
    target.sources.push(...other.sources);
    addMissing(target.owners, other.owners);
    addMissing(target.libraryKeys, other.libraryKeys);
    for (const key of other.keys) byKey.set(key, target);
    claim(target, other.keys);
    target.placeKeys.push(...other.placeKeys);
  };

  // Abbreviations one .bib file defines serve the folder's others (IEEEtran's IEEEabrv.bib beside refs.bib).
  const bibFiles = sorted.filter((file) => file.name.toLowerCase().endsWith(".bib"));
  const bibTexts = new Map<string, string | undefined>();
  const definedIn = new Map<string, BibStrings>();
  if (bibFiles.length > 1)
    for (const file of bibFiles) {
      const text = textOf(file);
      bibTexts.set(file.name, text);
      if (text !== undefined) definedIn.set(file.name, bibStringsOf(text));
    }
  const stringsBeside = (name: string): BibStrings | undefined => {
    const others = [...definedIn].filter(([other]) => other !== name).map(([, strings]) => strings);
    if (others.every((strings) => strings.values.size === 0)) return undefined;
    return {
      values: new Map(others.flatMap((strings) => [...strings.values])),
      sources: new Map(others.flatMap((strings) => [...strings.sources])),
    };
  };

  /** A file's parse: the helper's (parse-helper.ts) when it made one, else its text decoded and parsed here. */
  const readOf = (file: CorpusFile): Parsed | undefined => {
    const early = unreadableReason.has(file.name) ? undefined : parses.get(file.name);
    if (early?.ok === true) {
      decodedWell(file, early);
      return early.parsed;
    }
    let text: string | undefined;
    if (early !== undefined) text = failedText(file.name, early);
    else if (bibTexts.has(file.name)) text = bibTexts.get(file.name);
    else text = textOf(file);
    return text === undefined ? undefined : parsedFile(file.name, text, stringsBeside(file.name));
  };

  for (const file of sorted) {
    if (isMembersFile(file)) continue;
    const read = readOf(file);
    bibTexts.delete(file.name);
    if (read === undefined) continue;
    if (read.kind === "seeds") {
      readSeedsFile(file.name, read.parsed, read.keys);
      continue;
    }
    for (const problem of read.problems) problems.push(problem);
    const fileScope = `${file.name}\u0000`;
    for (const entry of read.entries) {
      // A citation key names a paper within its own file only: two exports may use one key for two papers.
      let keys = libraryKeysOf(entry).map((key) =>
        key.startsWith("key:") ? `key:${fileScope}${key.slice(4)}` : key,
      );
      // A citation key, DOI or arXiv id given in a file to another title ("smith2020" for two of Smith's papers, an
      // entry copied in a hand-kept file with its id left as it was) is two papers, unless their abstracts are one.
      keys = keys.filter((key) => {
        const kind = ID_KINDS.find(([prefix]) => key.startsWith(prefix))?.[1];
        const holder = kind === undefined ? undefined : byKey.get(key);
        const line = holder?.sources.find((source) => source.file === file.name)?.line;
        if (holder === undefined || line === undefined) return true;
        const { fields, abstract } = resolved(holder);
        const otherTitle = looseText(fields.title ?? "");
        const sameAbstract = abstract !== "" && looseText(abstract) === looseText(entry.abstract);
        if (otherTitle === "" || entry.title === "" || otherTitle === looseText(entry.title) || sameAbstract)
          return true;
        const named = key.startsWith("key:") ? `${kind} “${entry.citationKey}”` : kind;
        problems.push({
          file: file.name,
          line: entry.line,
          message: `the ${named} is also the entry's at line ${line}, another title; read as a paper of its own`,
        });
        return false;
      });
      // The same generic title ("Introduction to the Special Issue") or placeholder abstract ("An abstract is not
      // available for this content…") by other people, or with another DOI or arXiv id, is another paper.
      const ids = keys;
      keys = keys.filter((key) => {
        const holder = isWeakKey(key) ? byKey.get(key) : undefined;
        if (holder === undefined) return true;
        const { authors, keys: theirs } = resolved(holder);
        const spelt = authors.flatMap((person) => person.spellings.map((tally) => tally.name));
        return shareAnAuthor(spelt, entry.authors) && !idsDiffer(theirs, ids);
      });
      const draft = draftFor(keys);
      const earlier = draft.sources.find((source) => source.file === file.name);
      if (earlier !== undefined) {
        problems.push({
          file: file.name,
          line: entry.line,
          message: `the same paper as the entry at line ${earlier.line}; merged into one paper`,
        });
      }
      draft.sources.push({ file: file.name, line: entry.line });
      addMissing(draft.libraryKeys, keys);
      claim(draft, keys);
      fillFields(draft.fields, entry);
      if (!draft.fromSeeds && draft.abstract.length === 0) draft.abstract = entry.abstract;
      if (!draft.fromSeeds && draft.authors.length === 0 && entry.authors.length > 0) {
        draft.authors = entry.authors.map((name) => register.note(name));
        draft.etAl = entry.etAl;
        for (const person of draft.authors) person.papers.push(draft.index);
      }
    }
  }

  function readSeedsFile(
    fileName: string,
    parsed: ReturnType<typeof parseCorpusText>,
    keysFound: readonly SeedsKeys[] = [],
  ): void {
    for (const problem of parsed.problems) problems.push(problem);
    const owner = parsed.owner === undefined ? undefined : register.note(parsed.owner, true);
    if (owner !== undefined) profileKeys.add(owner.key);
    const seenHere = new Map<string, number>();
    const authorLines = new Map<string, number>();
    for (const [at, entry] of parsed.entries.entries()) {
      // Who owns it and who wrote it, the how-many-th such paper of the file: survives an edit or a cut of the abstract.
      const line = `${owner?.key ?? fileName}|${entry.authors.slice(0, 12).map(personKey).join(",")}`;
      const nth = (authorLines.get(line) ?? 0) + 1;
      authorLines.set(line, nth);
      const { fingerprint: seedsKey, match: matchKey } = keysFound[at] ?? seedsKeysOf(entry.abstract);
      const keys = matchKey === undefined ? [`fp:${seedsKey}`] : [`fp:${seedsKey}`, matchKey];
      const earlier = seenHere.get(seedsKey);
      if (earlier !== undefined) {
        problems.push({
          file: fileName,
          line: entry.line,
          message: `the same abstract as the entry at line ${earlier}; merged into one paper`,
        });
      } else {
        seenHere.set(seedsKey, entry.line);
      }
      const draft = draftFor(keys);
      claim(draft, keys);
      draft.placeKeys.push(`seed:${line}|${nth}`);
      draft.sources.push({ file: fileName, line: entry.line });
      if (!draft.fromSeeds) {
        // An author file's abstract and author line win over an export's, so a paper already there reads the same.
        draft.fromSeeds = true;
        draft.seedsKey = seedsKey;
        draft.abstract = entry.abstract;
        draft.authors = entry.authors.map((name) => register.note(name));
        draft.etAl = entry.etAl;
        for (const person of draft.authors) person.papers.push(draft.index);
      } else {
        for (const name of entry.authors) register.note(name);
      }
      if (owner !== undefined && !draft.owners.includes(owner)) {
        draft.owners.push(owner);
        owner.papers.push(draft.index);
      }
    }
  }

  // An author file has no title, and an export often shortens or re-types an abstract or has none: an author-file
  // paper no key matched and an export's paper that shares an author are one paper when their abstracts share
  // sentences, or when the export has no abstract and its title names that author-file abstract.
  const mergePairs = (pairs: [PaperDraft, PaperDraft][]) => {
    for (const [fromSeeds, fromExport] of pairs) {
      const [one, two] = [resolved(fromSeeds), resolved(fromExport)];
      if (one === two) continue;
      const [target, other] = one.index < two.index ? [one, two] : [two, one];
      absorb(target, other);
      target.sources.sort((a, b) => byCodePoint(a.file, b.file) || a.line - b.line);
    }
  };
  mergePairs(shortenedAbstractPairs(drafts));
  mergePairs(namedTitlePairs(drafts));
  mergePairs(retypedInAnotherFilePairs(drafts));

  const live = drafts.filter((draft) => draft.mergedInto === undefined);
  const memberKeys = new Set(members.map((member) => member.key));
  const joined = register.joinSpellings(memberKeys);
  if (joined.size > 0) {
    const joinedOf = (people: PersonDraft[]) =>
      people.some((person) => joined.has(person))
        ? [...new Set(people.map((person) => joined.get(person) ?? person))]
        : people;
    for (const draft of live) {
      draft.authors = joinedOf(draft.authors);
      draft.owners = joinedOf(draft.owners);
    }
    for (const [from, to] of joined) if (profileKeys.delete(from.key)) profileKeys.add(to.key);
  }
  // Members own the papers of exports that have no author file of theirs.
  for (const draft of live) {
    if (draft.owners.length > 0) continue;
    for (const person of draft.authors) if (memberKeys.has(person.key)) draft.owners.push(person);
  }

  // A title whose capitals an export lowered gets them back from the paper's abstract.
  for (const { fields, abstract } of live)
    if (fields.title !== undefined) fields.title = titleCased(fields.title, abstract);

  const liveIds = paperIdsOf(live, memory);
  const idOf = new Map(live.map((draft, at) => [draft, liveIds[at] ?? ""]));
  const idsInOrder = drafts.map((draft) => idOf.get(resolved(draft)) ?? "");
  const people = register.people(idsInOrder);
  // A member no paper names is most often a name written another way than the papers write it.
  const membersFile = sorted.find(isMembersFile)?.name ?? MEMBERS_FILE_NAMES[0] ?? "";
  for (const member of members)
    if ((people.get(member.key)?.paperIds.length ?? 0) === 0)
      problems.push({
        file: membersFile,
        line: 0,
        message: `no paper names ${member.name}: write the name as the papers do, or add that spelling to aliases`,
        notice: true,
      });
  const papers: PaperRead[] = live.map((draft) => ({
    id: idsInOrder[draft.index] ?? "",
    authors: draft.authors.map(nameOf),
    authorKeys: draft.authors.map(keyOf),
    etAl: draft.etAl,
    owners: draft.owners.map(nameOf),
    ownerKeys: draft.owners.map(keyOf),
    abstract: draft.abstract,
    sources: draft.sources,
    ...draft.fields,
  }));

  const papersOfFile = new Map<string, number>();
  for (const draft of live) {
    for (const file of new Set(draft.sources.map((source) => source.file))) {
      papersOfFile.set(file, (papersOfFile.get(file) ?? 0) + 1);
    }
  }
  for (const [file, had] of memory.papers) {
    const now = papersOfFile.get(file) ?? 0;
    if (now >= had) continue;
    const gone = !sorted.some((served) => served.name === file);
    problems.push({
      file,
      line: 0,
      message: gone
        ? `is gone: its ${had} papers left the corpus`
        : `gave ${had} papers at the last load and ${now} now: ${had - now} fewer`,
      notice: true,
    });
  }
  const ids = new Map<string, string>();
  for (const draft of live) {
    const id = idOf.get(draft) ?? "";
    for (const key of [...draft.keys, ...draft.placeKeys]) ids.set(key, id);
  }
  // An id a reload took away (an export's entry found to be an author-file paper, a paper rewritten past its keys)
  // still finds its paper: a saved or followed paper is never lost to a merge.
  const liveIdSet = new Set(idOf.values());
  const former = new Map<string, string>();
  const formerIds = new Map<string, string>();
  const keepFormer = (oldId: string, key: string) => {
    const id = ids.get(key);
    if (id === undefined || liveIdSet.has(oldId) || former.has(oldId)) return;
    former.set(oldId, key);
    formerIds.set(oldId, id);
  };
  for (const [oldId, key] of memory.former) keepFormer(oldId, key);
  for (const [key, oldId] of memory.ids) keepFormer(oldId, key);
  const corpus: CorpusRead = {
    papers,
    people,
    files: files.length + unreadable.length,
    profiles: profileKeys.size,
    problems,
    ...(members.length > 0 ? { members } : {}),
    ...(formerIds.size > 0 ? { formerIds } : {}),
  };
  return { corpus, remembered: { ids, former, papers: papersOfFile, good, keptAsWas } };
}

/**
 * Ids in corpus order. A paper from an author file keeps the id made from its abstract, as it always had; a paper
 * only in exports gets one from its most stable key (DOI, then arXiv id, citation key, title, abstract).
 */
function paperIdsOf(drafts: readonly PaperDraft[], memory: CorpusMemory): string[] {
  // The id a paper had under one of its keys: exact keys first (the same abstract, DOI, arXiv id, citation key),
  // then the keys of its place and title, so that a paper added beside an edited one never takes its id.
  const carried = new Map<PaperDraft, string>();
  const taken = new Set<string>();
  if (memory.ids.size > 0) {
    for (const exact of [true, false]) {
      for (const draft of drafts) {
        if (carried.has(draft)) continue;
        // An author file's abstract first: merged with an export's entry, the paper keeps the id it had there.
        const keys = exact
          ? [...draft.keys.filter((key) => key.startsWith("fp:")), ...draft.keys.filter(isExactKey)]
          : [...draft.placeKeys, ...draft.keys];
        for (const key of keys) {
          const id = memory.ids.get(key);
          if (id !== undefined && !taken.has(id)) {
            carried.set(draft, id);
            taken.add(id);
            break;
          }
        }
      }
    }
  }
  const used = new Set<string>();
  const seeds = drafts.map((draft) => {
    const base = draft.seedsKey ?? stablestKey(draft.libraryKeys) ?? `paper:${draft.index}`;
    let seed = base;
    for (let n = 2; used.has(seed); n++) seed = `${base}#${n}`;
    used.add(seed);
    return seed;
  });
  const ids = assignPaperIds(seeds);
  return drafts.map((draft, at) => {
    const kept = carried.get(draft);
    if (kept !== undefined) return kept;
    const seed = seeds[at] ?? "";
    const id = ids.get(seed) ?? "";
    if (!taken.has(id)) return id;
    // Its own id was carried by another paper: the shortest longer prefix of its full id that is free.
    const full = fullPaperId(seed);
    let size = id.length + 1;
    while (size < full.length && taken.has(full.slice(0, size))) size += 1;
    taken.add(full.slice(0, size));
    return full.slice(0, size);
  });
}

const isExactKey = (key: string): boolean => /^(?:fp|doi|arxiv|key):/.test(key);

const KEY_ORDER = ["doi:", "arxiv:", "key:", "title:", "abs:"];

/** The most stable of a paper's export keys, whatever order its sources gave them in. */
function stablestKey(keys: readonly string[]): string | undefined {
  for (const prefix of KEY_ORDER) {
    const key = keys.find((candidate) => candidate.startsWith(prefix));
    if (key !== undefined) return key;
  }
  return undefined;
}

/** Sentences shorter than this (letters and digits) are too common to say two abstracts are one. */
const MIN_SENTENCE_KEY = 40;

/** The abstract's sentences long enough to match on, as loose text, in order. */
function sentenceKeys(abstract: string): string[] {
  const keys: string[] = [];
  for (const sentence of sentencesIn(abstract)) {
    const key = looseText(sentence);
    if (key.length >= MIN_SENTENCE_KEY && !keys.includes(key)) keys.push(key);
  }
  return keys;
}

/** "Zhiheng Xi", "Z. Xi", "Xi, Zhiheng" (already turned) → "zxi": first initial and surname, so spellings meet. */
function authorTag(name: string): string {
  const words = name.split(/[\s.]+/).filter((word) => personKey(word).length > 0);
  const first = personKey(words[0] ?? "");
  const last = personKey(words.at(-1) ?? "");
  return words.length < 2 ? first : `${first.charAt(0)}${last}`;
}

function authorTagsOf(draft: PaperDraft, first = false): Set<string> {
  const people = first ? draft.authors.slice(0, 1) : draft.authors;
  return new Set(people.flatMap((person) => person.spellings.map((tally) => authorTag(tally.name))));
}

/**
 * Author-file papers no export matched, each with the export's paper without an abstract (Google Scholar's, DBLP's)
 * whose title names it (`abstractNamedBy`) among the author-file papers of the same first author.
 */
function namedTitlePairs(drafts: readonly PaperDraft[]): [PaperDraft, PaperDraft][] {
  const titledOnly = drafts.filter(
    (draft) =>
      draft.mergedInto === undefined && !draft.fromSeeds && draft.abstract.length === 0 && draft.fields.title,
  );
  // Most corpora have no such entry: the author-file side is not tagged for nothing (a second at 100,000 papers).
  if (titledOnly.length === 0) return [];
  const byTag = new Map<string, PaperDraft[]>();
  for (const draft of drafts) {
    if (draft.mergedInto !== undefined || !draft.fromSeeds || draft.libraryKeys.length > 0) continue;
    for (const tag of authorTagsOf(draft, true)) {
      const list = byTag.get(tag);
      if (list === undefined) byTag.set(tag, [draft]);
      else list.push(draft);
    }
  }
  const stems = new Map<PaperDraft, { text: string; stems: Set<string> }>();
  const abstractOf = (draft: PaperDraft) => {
    const known = stems.get(draft) ?? { text: draft.abstract, stems: contentStemsOf(draft.abstract) };
    stems.set(draft, known);
    return known;
  };
  const pairs: [PaperDraft, PaperDraft][] = [];
  for (const draft of titledOnly) {
    const title = draft.fields.title ?? "";
    const sameFirst = [...new Set([...authorTagsOf(draft, true)].flatMap((tag) => byTag.get(tag) ?? []))];
    const named = sameFirst[abstractNamedBy(title, sameFirst.map(abstractOf)) ?? -1];
    if (named !== undefined) pairs.push([named, draft]);
  }
  return pairs;
}

/** An export's abstract cut short ("… such agents due to their generalized …") is a prefix of the whole one. */
const MIN_PREFIX_KEY = 100;

/** Two abstracts are one paper's when they share two sentences or more, at least half of `of` sentences. */
const sharesMost = (shared: number, of: number) => shared >= 2 && shared * 2 >= of;

/**
 * Author-file papers listed by two members with the abstract a little other (a sentence added, or the last one left
 * out): the same author line in two files, and two or more sentences shared, at least half of the shorter's. Grouped
 * by author line first, so a corpus of 100,000 compares only papers that could be one.
 */
function retypedInAnotherFilePairs(drafts: readonly PaperDraft[]): [PaperDraft, PaperDraft][] {
  // By first author (an object: no string is made or hashed for 100,000 papers), then the whole line compared.
  const byFirstAuthor = new Map<PersonDraft, PaperDraft[]>();
  for (const draft of drafts) {
    const [first] = draft.authors;
    if (draft.mergedInto !== undefined || !draft.fromSeeds || first === undefined) continue;
    const group = byFirstAuthor.get(first);
    if (group === undefined) byFirstAuthor.set(first, [draft]);
    else group.push(draft);
  }
  const sameLine = (one: PaperDraft, two: PaperDraft) =>
    one.etAl === two.etAl &&
    one.authors.length === two.authors.length &&
    one.authors.every((person, at) => two.authors[at] === person);
  // Sentences are split only for papers that open or end alike (splitting every abstract costs a second).
  const alike = (one: string, two: string) =>
    one.slice(0, 60) === two.slice(0, 60) || one.slice(-60) === two.slice(-60);
  const keys = new Map<PaperDraft, string[]>();
  const keysOf = (draft: PaperDraft) =>
    keys.get(draft) ?? keys.set(draft, sentenceKeys(draft.abstract)).get(draft) ?? [];
  const pairs: [PaperDraft, PaperDraft][] = [];
  for (const group of byFirstAuthor.values()) {
    for (let at = 0; at < group.length; at++) {
      for (let next = at + 1; next < group.length; next++) {
        const [one, two] = [group[at], group[next]];
        if (one === undefined || two === undefined) continue;
        if (!sameLine(one, two) || !alike(one.abstract, two.abstract)) continue;
        const files = new Set(one.sources.map((source) => source.file));
        if (two.sources.every((source) => files.has(source.file))) continue;
        const [mine, theirs] = [keysOf(one), keysOf(two)];
        const shared = mine.filter((key) => theirs.includes(key)).length;
        if (sharesMost(shared, Math.min(mine.length, theirs.length))) pairs.push([one, two]);
      }
    }
  }
  return pairs;
}

/** The loose text of an abstract without a last word cut short by "…" or "...". */
function cutAbstractKey(abstract: string): string {
  return looseText(abstract.replace(/\s*\S*(?:…|\.\.\.)$/, ""));
}

/**
 * Author-file papers no export matched, each with the export's paper that shortens or re-types its abstract: at
 * least one author in common, and either two or more of the export's sentences, at least half of them, found
 * word for word (letters and digits) in the author file's abstract, or the export's abstract a cut-short start
 * of it.
 */
function shortenedAbstractPairs(drafts: readonly PaperDraft[]): [PaperDraft, PaperDraft][] {
  const live = drafts.filter((draft) => draft.mergedInto === undefined && draft.abstract.length > 0);
  const seedsSide = live.filter((draft) => draft.fromSeeds && draft.libraryKeys.length === 0);
  const exportSide = live.filter((draft) => !draft.fromSeeds && draft.authors.length > 0);
  if (seedsSide.length === 0 || exportSide.length === 0) return [];
  const seedsTags = new Map(seedsSide.map((draft) => [draft, authorTagsOf(draft)]));
  const anySeedsTag = new Set([...seedsTags.values()].flatMap((tags) => [...tags]));
  const bySentence = new Map<string, PaperDraft[]>();
  for (const draft of seedsSide) {
    for (const key of sentenceKeys(draft.abstract)) {
      const holders = bySentence.get(key);
      if (holders === undefined) bySentence.set(key, [draft]);
      else holders.push(draft);
    }
  }
  const pairs: [PaperDraft, PaperDraft][] = [];
  for (const draft of exportSide) {
    const tags = authorTagsOf(draft);
    if (![...tags].some((tag) => anySeedsTag.has(tag))) continue;
    const keys = sentenceKeys(draft.abstract);
    const shared = new Map<PaperDraft, number>();
    for (const key of keys) {
      for (const holder of bySentence.get(key) ?? []) shared.set(holder, (shared.get(holder) ?? 0) + 1);
    }
    let best: PaperDraft | undefined;
    let bestCount = 0;
    let cut: string | undefined;
    for (const [holder, count] of shared) {
      if (count <= bestCount) continue;
      if (![...(seedsTags.get(holder) ?? [])].some((tag) => tags.has(tag))) continue;
      if (!sharesMost(count, keys.length)) {
        cut ??= cutAbstractKey(draft.abstract);
        if (cut.length < MIN_PREFIX_KEY || !looseText(holder.abstract).startsWith(cut)) continue;
      }
      best = holder;
      bestCount = count;
    }
    if (best !== undefined) pairs.push([best, draft]);
  }
  return pairs;
}
