import { z } from "zod";
import type { Paper } from "../corpus/types.js";
import type {
  AuthorLookup,
  AuthorSummary,
  EngineQueries,
  SearchHit,
  SearchResult,
  WhoResult,
} from "../search/types.js";

// What a search worker and the main thread say to each other; each side checks what it receives.

const paging = z.object({
  limit: z.number().int().min(0).optional(),
  offset: z.number().int().min(0).optional(),
});

/** One query for a worker: the engine's method and its arguments. */
export const searchCallSchema = z.discriminatedUnion("method", [
  z.object({ method: z.literal("search"), query: z.string(), options: paging.optional() }),
  z.object({ method: z.literal("who"), topic: z.string(), options: paging.optional() }),
  z.object({ method: z.literal("author"), name: z.string() }),
  z.object({ method: z.literal("authorByKey"), key: z.string() }),
  z.object({
    method: z.literal("similar"),
    id: z.string(),
    options: paging.optional(),
  }),
  z.object({
    method: z.literal("whoLike"),
    id: z.string(),
    options: paging.extend({ others: z.boolean().optional() }).optional(),
  }),
  z.object({ method: z.literal("papersWithWords"), words: z.array(z.string()) }),
]);
export type SearchCall = z.infer<typeof searchCallSchema>;

export const searchRequestSchema = z.object({ id: z.number().int(), call: searchCallSchema });
export type SearchRequest = z.infer<typeof searchRequestSchema>;

/** What a worker says: it opened the index (or could not), then one reply per request, by its id. */
export const workerReplySchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("ready") }),
  z.object({ kind: z.literal("unusable"), message: z.string() }),
  z.object({ kind: z.literal("answer"), id: z.number().int(), value: z.unknown() }),
  z.object({ kind: z.literal("failed"), id: z.number().int(), message: z.string() }),
]);
export type WorkerReply = z.infer<typeof workerReplySchema>;

/** The index file a search worker opens: the first message it is sent. */
export const openOrderSchema = z.object({ path: z.string(), fingerprint: z.string() });
export type OpenOrder = z.infer<typeof openOrderSchema>;

const paperSchema: z.ZodType<Paper> = z.object({
  id: z.string(),
  headline: z.string(),
  authors: z.array(z.string()),
  authorKeys: z.array(z.string()),
  etAl: z.boolean(),
  owners: z.array(z.string()),
  ownerKeys: z.array(z.string()),
  abstract: z.string(),
  sources: z.array(z.object({ file: z.string(), line: z.number() })),
});

const hitSchema: z.ZodType<SearchHit> = z.object({
  paper: paperSchema,
  score: z.number(),
  snippet: z.array(z.object({ text: z.string(), match: z.boolean() })),
});

const searchResultSchema: z.ZodType<SearchResult> = z.object({
  query: z.string(),
  total: z.number(),
  offset: z.number(),
  hits: z.array(hitSchema),
  notice: z.string().optional(),
  showingFor: z.string().optional(),
  didYouMean: z.array(z.string()).optional(),
  withAllWords: z.number().optional(),
  by: z.array(z.string()).optional(),
  missing: z.array(z.string()).optional(),
});

const whoResultSchema: z.ZodType<WhoResult> = z.object({
  topic: z.string(),
  showingFor: z.string().optional(),
  notice: z.string().optional(),
  total: z.number(),
  offset: z.number(),
  people: z.array(
    z.object({
      key: z.string(),
      name: z.string(),
      score: z.number(),
      profiled: z.boolean(),
      papers: z.array(z.object({ paper: paperSchema, score: z.number() })),
    }),
  ),
});

const candidateSchema = z.object({ key: z.string(), name: z.string(), papers: z.number() });

const authorSummarySchema: z.ZodType<AuthorSummary> = z.object({
  key: z.string(),
  name: z.string(),
  profiled: z.boolean(),
  papers: z.array(z.object({ paper: paperSchema, firstAuthor: z.boolean() })),
  coauthors: z.array(candidateSchema),
  topics: z.array(z.string()),
});

const authorLookupSchema: z.ZodType<AuthorLookup> = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("found"), summary: authorSummarySchema }),
  z.object({ kind: z.literal("ambiguous"), query: z.string(), candidates: z.array(candidateSchema) }),
  z.object({
    kind: z.literal("notFound"),
    query: z.string(),
    suggestions: z.array(candidateSchema),
    slipOf: candidateSchema.optional(),
  }),
]);

/** The schema of each method's answer, as the main thread checks it. */
export const answerSchemas: { [K in keyof EngineQueries]: z.ZodType<ReturnType<EngineQueries[K]>> } = {
  search: searchResultSchema,
  who: whoResultSchema,
  author: authorLookupSchema,
  authorByKey: authorSummarySchema.optional(),
  similar: z.array(hitSchema).optional(),
  whoLike: whoResultSchema.optional(),
  papersWithWords: z.array(z.number().int().min(0)),
};

/** The engine's answer to one call. */
export function answerOf(engine: EngineQueries, call: SearchCall): unknown {
  switch (call.method) {
    case "search":
      return engine.search(call.query, call.options);
    case "who":
      return engine.who(call.topic, call.options);
    case "author":
      return engine.author(call.name);
    case "authorByKey":
      return engine.authorByKey(call.key);
    case "similar":
      return engine.similar(call.id, call.options);
    case "whoLike":
      return engine.whoLike(call.id, call.options);
    case "papersWithWords":
      return engine.papersWithWords(call.words);
  }
}
