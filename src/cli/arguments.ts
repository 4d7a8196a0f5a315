import { parseArgs } from "node:util";
import { type Command, UsageError, type Values } from "./command-table.js";

/** Splits argv at the command: global options before it, the command's words and options after. */
export function splitAtCommand(argv: string[]): { globals: string[]; name?: string; rest: string[] } {
  let i = 0;
  for (let arg = argv[i]; arg !== undefined; arg = argv[i]) {
    if (arg === "--corpus") i += 2;
    else if (arg.startsWith("-")) i += 1;
    else break;
  }
  return { globals: argv.slice(0, Math.min(i, argv.length)), name: argv[i], rest: argv.slice(i + 1) };
}

// Query words like "-vision" are exclusions, not options: no command has single-dash options.
const exclusionMark = "\u0000";

export function commandArgs(
  command: Pick<Command, "options" | "minWords" | "usage">,
  rest: string[],
): { words: string[]; values: Values } {
  const { values, positionals } = parseArgs({
    args: rest.map((arg) => (/^-[^-]/.test(arg) ? `${exclusionMark}${arg}` : arg)),
    options: { ...command.options, json: { type: "boolean" }, help: { type: "boolean" } },
    allowPositionals: true,
    strict: true,
  });
  const words = positionals.map((word) => word.replace(exclusionMark, ""));
  if (words.length < command.minWords && values.help !== true)
    throw new UsageError(`Usage: paperbot ${command.usage}`);
  const flat: Values = {};
  for (const [key, value] of Object.entries(values)) if (!Array.isArray(value)) flat[key] = value;
  return { words, values: flat };
}
