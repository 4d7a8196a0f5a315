import { z } from "zod";

const bytes = z.custom<Uint8Array>((value) => value instanceof Uint8Array, { error: "expected bytes" });
const problem = z.object({ file: z.string(), line: z.number(), message: z.string() });

/** What the build worker is sent: the folder's files as read by the main thread. */
export const buildRequestSchema = z.object({
  dir: z.string(),
  files: z.array(z.object({ name: z.string(), bytes: bytes })),
  ignored: z.array(z.string()),
  problems: z.array(problem),
});
export type BuildRequest = z.infer<typeof buildRequestSchema>;

/** What it answers: the index snapshot, or why the build failed (a CorpusError keeps its problems). */
export const buildResponseSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), bytes: bytes }),
  z.object({
    ok: z.literal(false),
    corpusError: z.boolean(),
    message: z.string(),
    problems: z.array(problem),
  }),
]);
export type BuildResponse = z.infer<typeof buildResponseSchema>;
