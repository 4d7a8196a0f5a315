// Writes the papers of an author-file corpus (as `npm run bench:corpus` makes) as one BibTeX file shaped like a
// Better BibTeX export, so that a .bib start can be measured beside the author files' on the same papers:
//   npm run bench:bib -- --from DIR --out FILE.bib
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseCorpusText } from "../src/corpus/parse.js";
import { optionsOf } from "./options.js";

const USAGE = "usage: npm run bench:bib -- --from AUTHOR_FILES_DIR --out FILE.bib";

/** "Ann Lee" → "Lee, Ann"; a few accents written as LaTeX, as exports write them. */
function bibName(name: string): string {
  const words = name.split(" ");
  const last = words.pop() ?? name;
  const written = words.length === 0 ? last : `${last}, ${words.join(" ")}`;
  return written.replace(/ü/g, '{\\"u}').replace(/é/g, "{\\'e}").replace(/ö/g, '{\\"o}');
}

/** Abstract text as a .bib holds it: %, & and _ escaped. */
const bibText = (text: string) => text.replace(/([%&_#])/g, "\\$1");

function main(): void {
  const { values } = optionsOf("bench:bib", {
    options: { from: { type: "string" }, out: { type: "string" } },
  });
  if (!values.from || !values.out) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  const seen = new Set<string>();
  const entries: string[] = [];
  for (const name of readdirSync(values.from)
    .filter((file) => file.endsWith(".txt"))
    .sort()) {
    const parsed = parseCorpusText(name, readFileSync(join(values.from, name), "utf8"));
    for (const entry of parsed.entries) {
      if (seen.has(entry.abstract)) continue;
      seen.add(entry.abstract);
      const n = entries.length;
      const title = entry.abstract.split(/[.:]/)[0]?.split(" ").slice(0, 12).join(" ") ?? "";
      const authors = [...entry.authors.map(bibName), ...(entry.etAl ? ["others"] : [])].join(" and ");
      const fields = [
        `\ttitle = {${bibText(title)}}`,
        `\tauthor = {${authors}}`,
        n % 3 === 0
          ? `\tbooktitle = {Proceedings of Conference ${n % 40}}`
          : `\tjournal = {Journal of Studies ${n % 60}}`,
        `\tyear = {${2000 + (n % 26)}}`,
        n % 2 === 0 ? `\tdoi = {10.5555/bench.${n}}` : `\turl = {https://example.org/papers/${n}}`,
        // Google Scholar-like entries (a fifth of them) have no abstract.
        ...(n % 5 === 4 ? [] : [`\tabstract = {${bibText(entry.abstract)}}`]),
      ];
      entries.push(`@${n % 3 === 0 ? "inproceedings" : "article"}{paper${n},\n${fields.join(",\n")},\n}\n`);
    }
  }
  const text = entries.join("\n");
  writeFileSync(values.out, text);
  console.error(`wrote ${entries.length} entries (${(text.length / 1e6).toFixed(1)} MB) to ${values.out}`);
}

main();
