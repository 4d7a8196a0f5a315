// The parse helper: decodes and parses some of the corpus files while the build thread parses the others.
import type { MessagePort } from "node:worker_threads";
import { type FileParse, fileParseOf } from "../corpus/build.js";

/** Says it has started (the build thread may then block its own), then parses the files cut out of `bytes`. */
export default function parseFiles({
  names,
  sizes,
  bytes,
  started,
}: {
  names: string[];
  sizes: number[];
  bytes: Uint8Array;
  started: MessagePort;
}): [string, FileParse][] {
  started.postMessage({ started: true });
  started.close();
  let offset = 0;
  return names.map((name, at) => {
    const size = sizes[at] ?? 0;
    offset += size;
    return [name, fileParseOf({ name, bytes: bytes.subarray(offset - size, offset) })];
  });
}
