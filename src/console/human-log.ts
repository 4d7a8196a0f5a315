import { z } from "zod";

const LEVEL_WORDS: Record<number, string> = {
  10: "trace",
  20: "debug",
  40: "warning",
  50: "error",
  60: "fatal",
};
const QUIET_KEYS = new Set(["level", "time", "pid", "hostname", "msg", "name", "err"]);

const lineSchema = z
  .object({
    level: z.number().default(30),
    msg: z.string().default(""),
    err: z
      .object({ message: z.string().default("") })
      .partial()
      .optional(),
  })
  .catchall(z.unknown());

/** One pino JSON line as a person would write it: "warning: some seed entries were skipped (problems: 3)". */
function humanLogLine(json: string): string {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return json.trimEnd();
  }
  const parsed = lineSchema.safeParse(raw);
  if (!parsed.success) return json.trimEnd();
  const { level, msg, err, ...fields } = parsed.data;
  const word = LEVEL_WORDS[level];
  const details = Object.entries(fields)
    .filter(([key, value]) => !QUIET_KEYS.has(key) && ["string", "number", "boolean"].includes(typeof value))
    .map(([key, value]) => `${key}: ${String(value)}`);
  const error = err?.message ? `: ${err.message}` : "";
  return `${word ? `${word}: ` : ""}${msg}${error}${details.length > 0 && word ? ` (${details.join(", ")})` : ""}`;
}

/** A pino destination writing human lines to `out` (the console's stderr), for LOG_FORMAT=text. */
export function humanLogDestination(out: { write(text: string): unknown }): { write(line: string): void } {
  return { write: (line) => void out.write(`${humanLogLine(line)}\n`) };
}
