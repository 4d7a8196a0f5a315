import { z } from "zod";
import { problemSchema } from "../corpus/problem-schema.js";
import { storedLengthSchema } from "../search/lengths.js";
import type { LoadProgress } from "./progress.js";

const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, { error: "expected bytes" });

/** What the build worker is sent: the folder's files as read by the main thread, and where to write. */
export const buildRequestSchema = z.object({
  dir: z.string(),
  files: z.array(z.object({ name: z.string(), bytes: bytes })),
  ignored: z.array(z.string()),
  problems: z.array(problemSchema),
  path: z.string(),
  fingerprint: z.string(),
});
export type BuildRequest = z.infer<typeof buildRequestSchema>;

export const progressSchema: z.ZodType<LoadProgress> = z.discriminatedUnion("phase", [
  z.object({ phase: z.literal("reading"), files: z.number() }),
  z.object({ phase: z.literal("parsing"), files: z.number() }),
  z.object({ phase: z.literal("indexing"), papers: z.number(), total: z.number() }),
]);

/** What it says meanwhile (progress) and at the end: done, or why the build failed (a CorpusError keeps its problems). */
export const buildMessageSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("progress"), progress: progressSchema }),
  z.object({ kind: z.literal("done") }),
  z.object({
    kind: z.literal("failed"),
    corpusError: z.boolean(),
    message: z.string(),
    problems: z.array(problemSchema),
  }),
]);
export type BuildMessage = z.infer<typeof buildMessageSchema>;

/** What the abstracts helper is given: the abstracts of the corpus, in order. */
export const abstractsWorkerDataSchema = z.object({ abstracts: z.array(z.string()) });

/**
 * What it answers: each word, in order, with how many abstracts hold it (`papers[i]` for `words[i]`); each
 * abstract's headline, in order; the acronyms defined.
 */
export const abstractsMessageSchema = z.object({
  words: z.array(z.string()),
  papers: z.custom<Int32Array>((value) => value instanceof Int32Array, { error: "expected counts" }),
  headlines: z.array(z.string()),
  acronyms: z.array(z.object({ short: z.string(), long: z.string() })),
  lengths: storedLengthSchema,
});
