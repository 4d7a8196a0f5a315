import { DEFAULT_SOURCES_DIR, writeSyntheticCorpus } from "./corpus-files.js";
import { optionsOf } from "./options.js";

const USAGE = "usage: npm run bench:corpus -- --papers N --out DIR [--seed S] [--sources DIR] [--queries N]";

async function main(): Promise<void> {
  const { values } = optionsOf("bench:corpus", {
    options: {
      papers: { type: "string" },
      out: { type: "string" },
      seed: { type: "string", default: "1" },
      sources: { type: "string", default: DEFAULT_SOURCES_DIR },
      queries: { type: "string", default: "200" },
      help: { type: "boolean", default: false },
    },
  });
  const papers = Number(values.papers);
  const queriesPerKind = Number(values.queries);
  if (
    values.help ||
    !values.out ||
    !Number.isInteger(papers) ||
    papers < 1 ||
    !Number.isInteger(queriesPerKind)
  ) {
    console.error(USAGE);
    process.exitCode = values.help ? 0 : 2;
    return;
  }
  const started = performance.now();
  const written = await writeSyntheticCorpus({
    dir: values.out,
    papers,
    seed: values.seed,
    sourcesDir: values.sources,
    queriesPerKind,
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${written.papers} papers (${written.entries} entries) in ${written.files} files, ` +
      `${(written.bytes / 1e6).toFixed(1)} MB, written to ${written.dir} in ${seconds} s; queries: ${written.queriesPath}`,
  );
}

await main();
