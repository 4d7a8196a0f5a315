import { z } from "zod";
import type { Problem } from "./types.js";

/** A loader problem as it crosses a boundary (a worker message, the index file): checked on the way in. */
export const problemSchema: z.ZodType<Problem> = z.object({
  file: z.string(),
  line: z.number(),
  message: z.string(),
  notice: z.boolean().optional(),
});

/** " (path: message)" for the first thing zod found wrong in a value; `whole` names the value itself. */
export function firstIssueOf(error: z.ZodError, whole: string): string {
  const issue = error.issues[0];
  return issue === undefined ? "" : ` (${issue.path.join(".") || whole}: ${issue.message})`;
}
