import { prettyFactory } from "pino-pretty";

const LEVEL_WORDS: Record<number, string> = {
  10: "trace",
  20: "debug",
  40: "warning",
  50: "error",
  60: "fatal",
};
const QUIET_KEYS = new Set(["level", "time", "pid", "hostname", "msg", "name", "err"]);

/** One log record as a person would write it: "warning: some seed entries were skipped (problems: 3)". */
function sentence(log: Record<string, unknown>, messageKey: string): string {
  const word = typeof log.level === "number" ? LEVEL_WORDS[log.level] : undefined;
  const message = typeof log[messageKey] === "string" ? log[messageKey] : "";
  const err = log.err;
  const cause =
    typeof err === "object" && err !== null && "message" in err && typeof err.message === "string"
      ? err.message
      : "";
  // Details only beside a warning or worse: the info lines are the console's own sentences.
  const details = Object.entries(log)
    .filter(([key, value]) => !QUIET_KEYS.has(key) && ["string", "number", "boolean"].includes(typeof value))
    .map(([key, value]) => `${key}: ${String(value)}`);
  // Beside a warning, what it is about ("seeds/a.txt:3: …" for each entry skipped), a line each under it.
  const listed = Object.entries(log)
    .flatMap(([key, value]) => (!QUIET_KEYS.has(key) && Array.isArray(value) && word ? value : []))
    .filter((item) => typeof item === "string")
    .map((item) => `\n  ${item}`);
  return `${word ? `${word}: ` : ""}${message}${cause ? `: ${cause}` : ""}${details.length > 0 && word ? ` (${details.join(", ")})` : ""}${listed.join("")}`;
}

/** A pino destination writing human lines to `out` (the console's stderr), for LOG_FORMAT=text. */
export function humanLogDestination(out: { write(text: string): unknown }): { write(line: string): void } {
  const prettify = prettyFactory({
    colorize: false,
    ignore: "time,pid,hostname,level,name",
    hideObject: true,
    messageFormat: sentence,
  });
  return { write: (line) => void out.write(prettify(line)) };
}
