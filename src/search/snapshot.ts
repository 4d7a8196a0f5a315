import { isUtf8 } from "node:buffer";
import { createHash } from "node:crypto";
import { closeSync, readSync } from "node:fs";
import { z } from "zod";
import type { Corpus, Paper } from "../corpus/types.js";
import { createVocabulary } from "./analyze.js";
import { type EngineIndex, indexDataBehind, searchIndexOf } from "./engine.js";
import type { FieldPostings, IndexData } from "./postings.js";
import { type BigramIndex, sortedKeysFrom } from "./sorted-keys.js";
import { numbersOfVarints, varintsOf } from "./varint.js";

/** Part of the cache key: bump when the layout below, the analysis or the index options change. */
export const INDEX_FORMAT_VERSION = "paperbot-index-5";

/** The bytes are not a snapshot this build can read: truncated, corrupted, foreign or another version. */
export class SnapshotError extends Error {
  constructor(message: string) {
    super(`Index snapshot unusable: ${message}`);
    this.name = "SnapshotError";
  }
}

// Layout: magic, endianness mark, version, payload length, SHA-1 of the payload, payload.
// Payload: sections, each a u32 byte length then its bytes: one JSON section for strings, the
// abstracts as one UTF-8 blob, then offsets as raw little-endian Int32s, term counts as bytes, and
// posting lists and term sequences as varints.
const magic = new TextEncoder().encode("PBINDEX\n");
const endianMark = 0x01020304;
const digestLength = 20;

const personSchema = z.object({
  key: z.string(),
  name: z.string(),
  spellings: z.array(z.string()),
  profiled: z.boolean(),
  paperIds: z.array(z.string()),
});
/** The papers but their abstracts, column by column: far fewer objects to parse, check and collect than one per paper. */
const papersSchema = z.object({
  ids: z.array(z.string()),
  headlines: z.array(z.string()),
  etAl: z.array(z.boolean()),
  /** Per paper: how many authors, owners and sources. */
  counts: z.array(z.number().int().nonnegative()),
  /** Per paper: its authors, their keys, its owners, their keys. */
  names: z.array(z.string()),
  sourceFiles: z.array(z.string()),
  sourceLines: z.array(z.number()),
});
const stringsSchema = z.object({
  papers: papersSchema,
  people: z.array(personSchema),
  acronyms: z.array(z.object({ short: z.string(), long: z.string() })),
  files: z.number(),
  profiles: z.number(),
  problems: z.array(z.object({ file: z.string(), line: z.number(), message: z.string() })),
  terms: z.array(z.string()),
  words: z.array(z.string()),
  averageLengths: z.tuple([z.number(), z.number()]),
});

type StoredFields = Omit<Paper, "abstract">;

/** The abstracts of a restored corpus, outside the JS heap, each decoded only when read. */
interface AbstractShelf {
  textAt(at: number): string;
}

/** The abstracts as one UTF-8 blob in memory. */
function shelfInMemory(blob: Buffer, offsets: Int32Array): AbstractShelf {
  return { textAt: (at) => blob.toString("utf8", offsets[at], offsets[at + 1]) };
}

// An index let go (a reload replaced it) closes the snapshot file it was reading abstracts from.
const openFiles = new FinalizationRegistry<number>((fd) => {
  try {
    closeSync(fd);
  } catch {
    // already closed: nothing is left to release
  }
});

/** The abstracts left in the snapshot file, `start` bytes in, read with one positioned read each. */
function shelfOnDisk(fd: number, start: number, offsets: Int32Array): AbstractShelf {
  const shelf: AbstractShelf = {
    textAt(at) {
      const from = offsets[at] as number;
      const buffer = Buffer.allocUnsafe((offsets[at + 1] as number) - from);
      let done = 0;
      while (done < buffer.length) {
        const read = readSync(fd, buffer, done, buffer.length - done, start + from + done);
        if (read === 0) throw new SnapshotError("the snapshot file was cut short while in use");
        done += read;
      }
      return buffer.toString("utf8");
    },
  };
  openFiles.register(shelf, fd);
  return shelf;
}

/** A paper whose abstract stays on the shelf: still an own enumerable field, so copies and JSON hold it. */
// Fields are declared, not initialised, so that they come in the built paper's order with `abstract` among them.
class ShelvedPaper implements Paper {
  declare readonly abstract: string;
  readonly #shelf: AbstractShelf;
  readonly #at: number;
  declare id: string;
  declare headline: string;
  declare authors: string[];
  declare authorKeys: string[];
  declare etAl: boolean;
  declare owners: string[];
  declare ownerKeys: string[];
  declare sources: { file: string; line: number }[];

  static readonly #abstract = {
    get(this: ShelvedPaper): string {
      return this.#shelf.textAt(this.#at);
    },
    enumerable: true,
  };

  constructor(fields: StoredFields, shelf: AbstractShelf, at: number) {
    this.#shelf = shelf;
    this.#at = at;
    this.id = fields.id;
    this.headline = fields.headline;
    this.authors = fields.authors;
    this.authorKeys = fields.authorKeys;
    this.etAl = fields.etAl;
    this.owners = fields.owners;
    this.ownerKeys = fields.ownerKeys;
    Object.defineProperty(this, "abstract", ShelvedPaper.#abstract);
    this.sources = fields.sources;
  }
}

/** One string object for each distinct text: JSON.parse makes a new one for every time a name or id recurs. */
function internerOf() {
  const seen = new Map<string, string>();
  const one = (text: string): string => {
    const found = seen.get(text);
    if (found !== undefined) return found;
    seen.set(text, text);
    return text;
  };
  const all = (list: string[]): void => {
    for (let i = 0; i < list.length; i++) list[i] = one(list[i] as string);
  };
  return { one, all };
}

function papersColumnsOf(papers: readonly Paper[]): z.infer<typeof papersSchema> {
  const columns: z.infer<typeof papersSchema> = {
    ids: [],
    headlines: [],
    etAl: [],
    counts: [],
    names: [],
    sourceFiles: [],
    sourceLines: [],
  };
  for (const paper of papers) {
    columns.ids.push(paper.id);
    columns.headlines.push(paper.headline);
    columns.etAl.push(paper.etAl);
    columns.counts.push(paper.authors.length, paper.owners.length, paper.sources.length);
    columns.names.push(...paper.authors, ...paper.authorKeys, ...paper.owners, ...paper.ownerKeys);
    for (const source of paper.sources) {
      columns.sourceFiles.push(source.file);
      columns.sourceLines.push(source.line);
    }
  }
  return columns;
}

/** The papers' fields back from their columns, each repeated name and file one string; undefined if misshapen. */
function fieldsOfColumns(
  columns: z.infer<typeof papersSchema>,
  intern: ReturnType<typeof internerOf>,
): StoredFields[] | undefined {
  const { ids, headlines, etAl, counts, names, sourceFiles, sourceLines } = columns;
  const documents = ids.length;
  if (headlines.length !== documents || etAl.length !== documents || counts.length !== documents * 3) {
    return undefined;
  }
  if (sourceFiles.length !== sourceLines.length) return undefined;
  const fields: StoredFields[] = [];
  let name = 0;
  let source = 0;
  const take = (count: number): string[] => {
    const list = names.slice(name, name + count);
    name += count;
    intern.all(list);
    return list;
  };
  for (let at = 0; at < documents; at++) {
    const authorCount = counts[at * 3] as number;
    const ownerCount = counts[at * 3 + 1] as number;
    const sourceCount = counts[at * 3 + 2] as number;
    if (name + 2 * (authorCount + ownerCount) > names.length || source + sourceCount > sourceFiles.length) {
      return undefined;
    }
    const sources: StoredFields["sources"] = [];
    for (const end = source + sourceCount; source < end; source++) {
      sources.push({ file: intern.one(sourceFiles[source] as string), line: sourceLines[source] as number });
    }
    fields.push({
      id: intern.one(ids[at] as string),
      headline: headlines[at] as string,
      authors: take(authorCount),
      authorKeys: take(authorCount),
      etAl: etAl[at] as boolean,
      owners: take(ownerCount),
      ownerKeys: take(ownerCount),
      sources,
    });
  }
  return name === names.length && source === sourceFiles.length ? fields : undefined;
}

const bytesOf = (array: Int32Array | Uint32Array | Uint8Array): Uint8Array =>
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

const digestOf = (bytes: Uint8Array): Uint8Array => new Uint8Array(createHash("sha1").update(bytes).digest());

const bigramSections = (bigrams: BigramIndex): Uint8Array[] => [
  new Uint8Array(bigrams.grams.buffer, bigrams.grams.byteOffset, bigrams.grams.byteLength),
  bytesOf(bigrams.offsets),
  varintsOf(bigrams.positions, bigrams.offsets),
];

/** The whole index, corpus included, as bytes a restart can load without reading the author files. */
export function snapshotOf(index: EngineIndex): Uint8Array {
  const data = indexDataBehind(index);
  if (!data) throw new SnapshotError("this index was not built by createSearchIndex");
  if (new Uint8Array(Uint32Array.of(endianMark).buffer)[0] !== 4) throw new SnapshotError("big-endian host");
  const { corpus, vocabulary } = { corpus: index.corpus, vocabulary: data.vocabulary };
  const encoder = new TextEncoder();
  const abstracts = corpus.papers.map((paper) => encoder.encode(paper.abstract));
  const abstractOffsets = new Int32Array(abstracts.length + 1);
  abstracts.forEach((bytes, at) => {
    abstractOffsets[at + 1] = (abstractOffsets[at] as number) + bytes.length;
  });
  const blob = new Uint8Array(abstractOffsets[abstracts.length] as number);
  abstracts.forEach((bytes, at) => {
    blob.set(bytes, abstractOffsets[at]);
  });
  const strings = {
    papers: papersColumnsOf(corpus.papers),
    people: [...corpus.people.values()],
    acronyms: corpus.acronyms,
    files: corpus.files,
    profiles: corpus.profiles,
    problems: corpus.problems,
    terms: vocabulary.terms.slice(0, data.termCount),
    words: data.wordKeys.keys,
    averageLengths: [data.text.averageLength, data.names.averageLength],
  };
  const field = (postings: FieldPostings) => [
    bytesOf(postings.offsets),
    varintsOf(postings.docs, postings.offsets),
    postings.counts,
    varintsOf(postings.lengths),
  ];
  const sections = [
    encoder.encode(JSON.stringify(strings)),
    blob,
    bytesOf(abstractOffsets),
    bytesOf(data.sequences.offsets),
    varintsOf(data.sequences.ids),
    ...field(data.text),
    ...field(data.names),
    bytesOf(data.termKeys.values),
    ...bigramSections(data.termKeys.bigrams),
    bytesOf(data.wordKeys.values),
    ...bigramSections(data.wordKeys.bigrams),
  ];
  const payloadLength = sections.reduce((sum, section) => sum + 4 + section.byteLength, 0);
  const version = encoder.encode(INDEX_FORMAT_VERSION);
  const headerLength = magic.length + 4 + 4 + version.length + 8 + digestLength;
  const out = new Uint8Array(headerLength + payloadLength);
  const view = new DataView(out.buffer);
  let at = 0;
  out.set(magic, at);
  at += magic.length;
  view.setUint32(at, endianMark, true);
  view.setUint32(at + 4, version.length, true);
  out.set(version, at + 8);
  at += 8 + version.length;
  view.setFloat64(at, payloadLength, true);
  at += 8;
  const digestAt = at;
  at += digestLength;
  for (const section of sections) {
    view.setUint32(at, section.byteLength, true);
    out.set(section, at + 4);
    at += 4 + section.byteLength;
  }
  out.set(digestOf(out.subarray(headerLength)), digestAt);
  return out;
}

/** Reads sections one after another, each checked against the bytes left. */
function sectionReader(bytes: Uint8Array, start: number) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = start;
  const next = (): Uint8Array => {
    if (at + 4 > bytes.length) throw new SnapshotError("truncated");
    const length = view.getUint32(at, true);
    if (at + 4 + length > bytes.length) throw new SnapshotError("truncated");
    const section = bytes.subarray(at + 4, at + 4 + length);
    at += 4 + length;
    return section;
  };
  const int32s = (): Int32Array => {
    const section = next();
    if (section.length % 4 !== 0) throw new SnapshotError("misshapen array");
    const copy = new Int32Array(section.length / 4);
    bytesOf(copy).set(section);
    return copy;
  };
  const varints = (count: number, segments?: Int32Array): Int32Array => {
    const values = numbersOfVarints(next(), count, segments);
    if (!values) throw new SnapshotError("misshapen numbers");
    return values;
  };
  return { next, int32s, varints, done: () => at === bytes.length };
}

/** Offsets that start at 0, never decrease and end at `total`. */
function checkOffsets(offsets: Int32Array, count: number, total: number): void {
  if (offsets.length !== count + 1 || offsets[0] !== 0 || offsets[count] !== total) {
    throw new SnapshotError("inconsistent offsets");
  }
  for (let i = 0; i < count; i++) {
    if ((offsets[i] as number) > (offsets[i + 1] as number)) throw new SnapshotError("inconsistent offsets");
  }
}

function checkBelow(values: Int32Array, limit: number): void {
  for (let i = 0; i < values.length; i++) {
    const value = values[i] as number;
    if (value < 0 || value >= limit) throw new SnapshotError("value out of range");
  }
}

function fieldFrom(
  read: ReturnType<typeof sectionReader>,
  termCount: number,
  documents: number,
  averageLength: number,
): FieldPostings {
  const offsets = read.int32s();
  checkOffsets(offsets, termCount, offsets[termCount] ?? -1);
  const docs = read.varints(offsets[termCount] as number, offsets);
  checkBelow(docs, documents);
  // A copy: `slice` of a Node Buffer would share, and keep, the whole snapshot.
  const counts = new Uint8Array(read.next());
  const lengths = read.varints(documents);
  if (counts.length !== docs.length) throw new SnapshotError("misshapen field");
  return { offsets, docs, counts, lengths, averageLength };
}

function bigramsFrom(read: ReturnType<typeof sectionReader>, keys: number): BigramIndex {
  const gramBytes = read.next();
  if (gramBytes.length % 4 !== 0) throw new SnapshotError("misshapen bigrams");
  const grams = new Uint32Array(gramBytes.length / 4);
  bytesOf(grams).set(gramBytes);
  const offsets = read.int32s();
  checkOffsets(offsets, grams.length, offsets[grams.length] ?? -1);
  const positions = read.varints(offsets[grams.length] as number, offsets);
  checkBelow(positions, keys);
  return { grams, offsets, positions };
}

/**
 * The index a snapshot holds; throws SnapshotError rather than return anything broken. With `file`, the
 * open file whose whole content `bytes` is, the abstracts are read from it when asked for instead of kept in
 * memory; the index then owns the descriptor and closes it once garbage (on an error, the caller closes it).
 */
export function indexFromSnapshot(bytes: Uint8Array, file?: { fd: number }): EngineIndex {
  const version = new TextEncoder().encode(INDEX_FORMAT_VERSION);
  const headerLength = magic.length + 8 + version.length + 8 + digestLength;
  if (bytes.length < headerLength) throw new SnapshotError("truncated");
  if (magic.some((byte, i) => bytes[i] !== byte)) throw new SnapshotError("not a Paperbot index snapshot");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(magic.length, true) !== endianMark) throw new SnapshotError("foreign byte order");
  const versionLength = view.getUint32(magic.length + 4, true);
  const storedVersion = new TextDecoder().decode(
    bytes.subarray(magic.length + 8, magic.length + 8 + Math.min(versionLength, 256)),
  );
  if (versionLength !== version.length || storedVersion !== INDEX_FORMAT_VERSION) {
    throw new SnapshotError(`format ${JSON.stringify(storedVersion)}, expected ${INDEX_FORMAT_VERSION}`);
  }
  const payloadLength = view.getFloat64(magic.length + 8 + version.length, true);
  if (payloadLength !== bytes.length - headerLength) throw new SnapshotError("truncated or padded");
  const digestAt = headerLength - digestLength;
  const digest = digestOf(bytes.subarray(headerLength));
  if (digest.some((byte, i) => bytes[digestAt + i] !== byte)) throw new SnapshotError("checksum mismatch");

  const read = sectionReader(bytes, headerLength);
  let strings: z.infer<typeof stringsSchema>;
  try {
    strings = stringsSchema.parse(JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(read.next())));
  } catch {
    throw new SnapshotError("unreadable strings section");
  }
  const blob = read.next();
  const abstractOffsets = read.int32s();
  const documents = strings.papers.ids.length;
  checkOffsets(abstractOffsets, documents, blob.length);
  const termCount = strings.terms.length;
  const sequenceOffsets = read.int32s();
  checkOffsets(sequenceOffsets, documents, sequenceOffsets[documents] ?? -1);
  const sequenceIds = read.varints(sequenceOffsets[documents] as number);
  checkOffsets(sequenceOffsets, documents, sequenceIds.length);
  checkBelow(sequenceIds, termCount);
  const [textAverage, namesAverage] = strings.averageLengths;
  const text = fieldFrom(read, termCount, documents, textAverage);
  const names = fieldFrom(read, termCount, documents, namesAverage);
  const termOrder = read.int32s();
  const termBigrams = bigramsFrom(read, termCount);
  const wordTerms = read.int32s();
  const wordBigrams = bigramsFrom(read, strings.words.length);
  if (!read.done()) throw new SnapshotError("trailing bytes");
  if (termOrder.length !== termCount || wordTerms.length !== strings.words.length) {
    throw new SnapshotError("misshapen dictionary");
  }
  checkBelow(termOrder, termCount);
  checkBelow(wordTerms, termCount);

  if (!isUtf8(blob)) throw new SnapshotError("unreadable abstract");
  // Either way the snapshot's bytes can be let go once loaded.
  const shelf =
    file === undefined
      ? shelfInMemory(Buffer.from(blob), abstractOffsets)
      : shelfOnDisk(file.fd, blob.byteOffset - bytes.byteOffset, abstractOffsets);
  const intern = internerOf();
  const fields = fieldsOfColumns(strings.papers, intern);
  if (fields === undefined) throw new SnapshotError("misshapen papers");
  for (const person of strings.people) {
    person.key = intern.one(person.key);
    intern.all(person.spellings);
    person.name = intern.one(person.name);
    intern.all(person.paperIds);
  }
  const papers = fields.map((stored, at) => new ShelvedPaper(stored, shelf, at));
  const corpus: Corpus = {
    papers,
    people: new Map(strings.people.map((person) => [person.key, person])),
    acronyms: strings.acronyms,
    files: strings.files,
    profiles: strings.profiles,
    problems: strings.problems,
  };
  const data: IndexData = {
    vocabulary: createVocabulary({ terms: strings.terms, words: [] }),
    termCount,
    sequences: { offsets: sequenceOffsets, ids: sequenceIds },
    text,
    names,
    termKeys: sortedKeysFrom(
      Array.from(termOrder, (id) => strings.terms[id] as string),
      termOrder,
      termBigrams,
    ),
    wordKeys: sortedKeysFrom(strings.words, wordTerms, wordBigrams),
  };
  return searchIndexOf(corpus, data);
}
