import { createHash } from "node:crypto";
import { z } from "zod";
import type { Corpus } from "../corpus/types.js";
import { createVocabulary } from "./analyze.js";
import { indexDataBehind, searchIndexOf } from "./engine.js";
import type { FieldPostings, IndexData } from "./postings.js";
import { type BigramIndex, sortedKeysFrom } from "./sorted-keys.js";
import type { SearchIndex } from "./types.js";
import { numbersOfVarints, varintsOf } from "./varint.js";

/** Part of the cache key: bump when the layout below, the analysis or the index options change. */
export const INDEX_FORMAT_VERSION = "paperbot-index-3";

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
const paperSchema = z.looseObject({
  id: z.string(),
  headline: z.string(),
  authors: z.array(z.string()),
  authorKeys: z.array(z.string()),
  etAl: z.boolean(),
  owners: z.array(z.string()),
  ownerKeys: z.array(z.string()),
  abstract: z.literal(""),
  sources: z.array(z.object({ file: z.string(), line: z.number() })),
});
const stringsSchema = z.object({
  papers: z.array(paperSchema),
  people: z.array(personSchema),
  acronyms: z.array(z.object({ short: z.string(), long: z.string() })),
  files: z.number(),
  profiles: z.number(),
  problems: z.array(z.object({ file: z.string(), line: z.number(), message: z.string() })),
  terms: z.array(z.string()),
  words: z.array(z.string()),
  averageLengths: z.tuple([z.number(), z.number()]),
});

const bytesOf = (array: Int32Array | Uint32Array | Uint8Array): Uint8Array =>
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength);

const digestOf = (bytes: Uint8Array): Uint8Array => new Uint8Array(createHash("sha1").update(bytes).digest());

const bigramSections = (bigrams: BigramIndex): Uint8Array[] => [
  new Uint8Array(bigrams.grams.buffer, bigrams.grams.byteOffset, bigrams.grams.byteLength),
  bytesOf(bigrams.offsets),
  varintsOf(bigrams.positions, bigrams.offsets),
];

/** The whole index, corpus included, as bytes a restart can load without reading the author files. */
export function snapshotOf(index: SearchIndex): Uint8Array {
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
    papers: corpus.papers.map((paper) => ({ ...paper, abstract: "" })),
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
  const counts = read.next().slice();
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

/** The index a snapshot holds; throws SnapshotError rather than return anything broken. */
export function indexFromSnapshot(bytes: Uint8Array): SearchIndex {
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
  const documents = strings.papers.length;
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

  const decoder = new TextDecoder("utf-8", { fatal: true });
  let papers: Corpus["papers"];
  try {
    papers = strings.papers.map((paper, at) => {
      paper.abstract = decoder.decode(blob.subarray(abstractOffsets[at], abstractOffsets[at + 1])) as "";
      return paper;
    });
  } catch {
    throw new SnapshotError("unreadable abstract");
  }
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
