// The parse helper: decodes and parses part of the corpus files (their entries' keys too) while the build thread
// parses the rest.
import { type FileParse, fileParseOf } from "../corpus/build.js";
import type { CorpusFile } from "../corpus/types.js";

export default function parseFiles(files: CorpusFile[]): [string, FileParse][] {
  return files.map((file) => [file.name, fileParseOf(file)]);
}
