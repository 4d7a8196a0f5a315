import { once } from "node:events";
import { MessageChannel } from "node:worker_threads";
import { type FileParse, fileParseOf, filesParsedAlone } from "../corpus/build.js";
import type { CorpusFile } from "../corpus/types.js";
import type parseFiles from "./parse-worker.js";
import { runOnce } from "./workers.js";

/** Below this many bytes of files a second thread costs more to start (half a second through tsx) than it saves. */
export const PARSE_HELPED_FROM = 16 * 1024 * 1024;

/**
 * The corpus files that can be parsed alone, decoded and parsed on two threads: a helper takes the first files up
 * to half their bytes, this thread the rest meanwhile. Empty below `helpedFrom` bytes (the build parses them as it
 * goes); what a helper that stops has not parsed is parsed here.
 */
export async function fileParsesOf(
  files: readonly CorpusFile[],
  helpedFrom = PARSE_HELPED_FROM,
): Promise<Map<string, FileParse>> {
  const alone = filesParsedAlone(files);
  const total = alone.reduce((sum, file) => sum + file.bytes.length, 0);
  // One file (a .bib of a whole library) leaves this thread nothing to do meanwhile.
  if (total < helpedFrom || alone.length < 2) return new Map();
  let cut = 0;
  for (let bytes = 0; cut < alone.length - 1 && bytes < total / 2; cut++)
    bytes += alone[cut]?.bytes.length ?? 0;
  // This thread keeps at least one file.
  const [theirs, mine] = [alone.slice(0, cut), alone.slice(cut)];
  const { parsed } = await handedOver(theirs);
  const parses = new Map(mine.map((file) => [file.name, fileParseOf(file)]));
  const parsedThere =
    (await parsed) ?? theirs.map((file): [string, FileParse] => [file.name, fileParseOf(file)]);
  for (const [name, parse] of parsedThere) parses.set(name, parse);
  return parses;
}

/**
 * Files handed to a helper thread, once it has them (a helper still waiting for its task would wait for this
 * thread, which blocks next): what it parses, or undefined when it cannot (no memory for its bytes, a thread that
 * stops), and they are parsed here.
 */
async function handedOver(
  files: readonly CorpusFile[],
): Promise<{ parsed: Promise<[string, FileParse][] | undefined> }> {
  try {
    // One buffer of their bytes, of its own (never Buffer's shared pool), handed over rather than copied.
    const bytes = new Uint8Array(files.reduce((sum, file) => sum + file.bytes.length, 0));
    let at = 0;
    for (const file of files) {
      bytes.set(file.bytes, at);
      at += file.bytes.length;
    }
    const { port1, port2 } = new MessageChannel();
    port1.unref();
    const started = once(port1, "message");
    const task = {
      names: files.map((file) => file.name),
      sizes: files.map((file) => file.bytes.length),
      bytes,
      started: port2,
    };
    const done = runOnce<ReturnType<typeof parseFiles>>("parse-worker", task, {}, [port2, bytes.buffer]);
    await Promise.race([started, done.catch(() => undefined)]);
    port1.close();
    return { parsed: done.catch(() => undefined) };
  } catch {
    return { parsed: Promise.resolve(undefined) };
  }
}
