import { createHash } from "node:crypto";
import { byCodePoint } from "./names.js";
import type { CorpusFile } from "./types.js";

/** A file as the fingerprint sees it: its name, its length and the SHA-256 of its bytes (which need not be kept). */
export interface FileDigest {
  name: string;
  size: number;
  digest: Buffer;
}

/** The digest of one file, taken as it is read so that its bytes can be dropped straight after. */
export function fileDigestOf(name: string, bytes: Uint8Array): FileDigest {
  return { name, size: bytes.byteLength, digest: createHash("sha256").update(bytes).digest() };
}

const digestOfFile = (file: CorpusFile | FileDigest): FileDigest =>
  "digest" in file ? file : fileDigestOf(file.name, file.bytes);

/** SHA-256 over a version and each file's name, length and digest in name order; lengths frame each part. */
export function corpusFingerprint(files: readonly (CorpusFile | FileDigest)[], version: string): string {
  const hash = createHash("sha256");
  hash.update(`paperbot-corpus\u0000${version}\u0000`);
  for (const file of files.map(digestOfFile).sort((a, b) => byCodePoint(a.name, b.name))) {
    hash.update(`${file.name.length}:${file.name}\u0000${file.size}:`);
    hash.update(file.digest);
  }
  return hash.digest("hex");
}
