import { Writable } from "node:stream";
import { createLogger, type Logger } from "../../src/logger.js";

/** A pino logger whose every line is kept in memory, at debug level so nothing is filtered out. */
export function capturedLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger("debug", sink), lines };
}
