// The index build's process (build.ts forks it): parses the corpus files the bot read and writes the index file.
// The order comes over IPC, then the files' bytes down stdin, one after another in the order's order.
import { getPriority, setPriority } from "node:os";
import { CorpusError } from "../corpus/load.js";
import { type BuildOutcome, buildIndexFile, type ChildOrder, type FromChild } from "./build.js";

// The bot gone (a kill -9 too), the build is for no one. Its synchronous stretches hold the event loop, where
// "disconnect" would be heard: each message first asks whether this process has been handed to another parent.
const parent = process.ppid;
process.on("disconnect", () => process.exit(1));

const tell = (message: FromChild, then?: () => void) => {
  if (process.ppid !== parent) process.exit(1);
  if (process.connected && process.send !== undefined) process.send(message, undefined, {}, then);
  else then?.();
};

/** The files' bytes from stdin, cut into the files the order names. */
async function filesOf(files: ChildOrder["order"]["read"]["files"]) {
  const all = Buffer.allocUnsafe(files.reduce((sum, { size }) => sum + size, 0));
  let at = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) at += chunk.copy(all, at);
  if (at !== all.length) throw new Error(`the build was sent ${at} of ${all.length} bytes`);
  let offset = 0;
  return files.map(({ name, size }) => {
    offset += size;
    return { name, bytes: all.subarray(offset - size, offset) };
  });
}

/**
 * A reload's build, ten nice steps below the bot (19 at most; the helper threads started later inherit it): it
 * shares the cores with the searches it must not slow. A first start's is not: nothing waits on it but its users.
 */
function lowerPriority(): void {
  try {
    setPriority(Math.min(19, getPriority() + 10));
  } catch {
    // Not allowed here (a container's policy): the build runs at the bot's priority.
  }
}

async function build({ order }: ChildOrder): Promise<BuildOutcome> {
  if (order.background === true) lowerPriority();
  const read = { ...order.read, files: await filesOf(order.read.files) };
  try {
    await buildIndexFile({ ...order, read }, (progress) => tell({ progress }));
    return { built: true };
  } catch (error) {
    // Its problems go as they are: the bot rejects with the same CorpusError.
    if (error instanceof CorpusError)
      return { built: false, message: error.message, problems: error.problems };
    throw error;
  }
}

process.once("message", (message) => {
  build(message as ChildOrder).then(
    (outcome) => tell({ outcome }, () => process.exit(0)),
    (thrown: unknown) => {
      const error = thrown instanceof Error ? thrown : new Error(String(thrown));
      const { name, message, stack } = error;
      const code = (error as { code?: unknown }).code;
      tell({ error: { name, message, stack, code } }, () => process.exit(1));
    },
  );
});
