import { describe, expect, it } from "vitest";
import { readBibtex } from "../../src/corpus/bibtex.js";
import type { Paper } from "../../src/corpus/types.js";
import { bibtexOf, generatedBibtex } from "../../src/render/bibtex-entry.js";
import { agentSurvey } from "./sample-replies.js";

/** Braces that open and close, LaTeX's escaped ones (\{ \}) aside: a parser reads the entry to its end. */
function balanced(entry: string): boolean {
  let depth = 0;
  for (const [i, c] of [...entry].entries()) {
    if (entry[i - 1] === "\\") continue;
    if (c === "{") depth += 1;
    if (c === "}") depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

describe("a BibTeX entry made from a paper's fields", () => {
  it("writes type, key, authors, the title in case-keeping braces, year, journal, DOI, arXiv eprint and URL", () => {
    const paper: Paper = {
      ...agentSurvey,
      title: "The Rise and Potential of Large Language Model Based Agents: A Survey",
      year: 2025,
      venue: "Science China Information Sciences",
      doi: "10.1007/s11432-024-4222-0",
      arxivId: "2309.07864",
      url: "https://link.springer.com/10.1007/s11432-024-4222-0",
    };
    expect(generatedBibtex(paper)).toBe(
      [
        "@article{xi2025rise,",
        "  author = {Zhiheng Xi and Wen-Xiang Chen and Xin Guo and others},",
        "  title = {{The Rise and Potential of Large Language Model Based Agents: A Survey}},",
        "  journal = {Science China Information Sciences},",
        "  year = {2025},",
        "  doi = {10.1007/s11432-024-4222-0},",
        "  eprint = {2309.07864},",
        "  archiveprefix = {arXiv},",
        "  url = {https://link.springer.com/10.1007/s11432-024-4222-0},",
        "}",
      ].join("\n"),
    );
  });

  it("leaves the title out of a paper that has none, never writing its made-up headline as one", () => {
    const untitled: Paper = { ...agentSurvey, year: 2023 };
    delete untitled.title;
    const entry = generatedBibtex(untitled);
    expect(entry).not.toContain("title =");
    expect(entry).not.toContain(untitled.headline);
    expect(entry).toContain("author = {Zhiheng Xi and Wen-Xiang Chen and Xin Guo and others}");
  });

  it("escapes braces and LaTeX's specials, braces a name holding “and”, and leaves out a link that is not http(s)", () => {
    const hostile: Paper = {
      ...agentSurvey,
      title: "50% of {unbalanced} } braces & $math_x^2$ #1 ~ \\end{document}",
      authors: ["Bill and Melinda Gates Foundation", "Lee, Ann"],
      etAl: false,
      venue: "Workshop on <!channel>",
      url: "javascript:alert(1)",
      doi: "10.1000/{x}",
    };
    const entry = generatedBibtex(hostile);
    expect(entry).toContain(
      "title = {{50\\% of \\{unbalanced\\} \\} braces \\& \\$math\\_x\\^{}2\\$ \\#1 \\~{} \\textbackslash{}end\\{document\\}}}",
    );
    expect(entry).toContain("author = {{Bill and Melinda Gates Foundation} and {Lee, Ann}}");
    expect(entry).toMatch(/^@inproceedings\{/);
    expect(entry).not.toContain("javascript");
    expect(entry).toContain("doi = {10.1000/x}");
    expect(balanced(entry)).toBe(true);
    // A BibTeX parser reads it back as one entry with the same title.
    const [read] = readBibtex("generated.bib", entry).entries;
    expect(read?.key).toBe("foundationunbalanced");
    expect(read?.fields.get("doi")).toBe("10.1000/x");
  });

  it("hands over an entry that came from a .bib file as it came in", () => {
    const bibtex = "@misc{lee2022,\n  title = {As {Written}},\n}";
    expect(bibtexOf({ ...agentSurvey, bibtex })).toEqual({ entry: bibtex, generated: false });
    expect(bibtexOf(agentSurvey).generated).toBe(true);
  });
});
