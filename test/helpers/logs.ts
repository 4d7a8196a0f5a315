import { Writable } from "node:stream";
import { createLogger, type Logger } from "../../src/logger.js";

/** One pino line, parsed. */
export interface LogEntry {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/**
 * A pino logger whose every line is kept in memory, as written and parsed, at debug level so nothing is
 * filtered out.
 */
export function capturedLogger(): { logger: Logger; lines: string[]; entries: LogEntry[] } {
  const lines: string[] = [];
  const entries: LogEntry[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      const line = String(chunk);
      lines.push(line);
      entries.push(JSON.parse(line));
      done();
    },
  });
  return { logger: createLogger("debug", sink), lines, entries };
}
