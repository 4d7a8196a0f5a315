import { describe, expect, it } from "vitest";
import { PARSE_MESSAGES, parseCorpusText } from "../../src/corpus/parse.js";

const ABSTRACT_A = "We propose Alpha, a method for sorting socks. It works on most socks.";
const ABSTRACT_B = "Large models forget. We show how to make them remember old tasks.";

describe("parseCorpusText", () => {
  it("reads the owner and (author line, abstract) pairs with their lines", () => {
    const text = `Ann Lee\n\nAnn Lee, Bo Chen, Cy Dorn et al.\n\n${ABSTRACT_A}\n\nBo Chen and Ann Lee\n\n${ABSTRACT_B}\n`;
    const parsed = parseCorpusText("ann.txt", text);

    expect(parsed.owner).toBe("Ann Lee");
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries).toEqual([
      { line: 3, authors: ["Ann Lee", "Bo Chen", "Cy Dorn"], etAl: true, abstract: ABSTRACT_A },
      { line: 7, authors: ["Bo Chen", "Ann Lee"], etAl: false, abstract: ABSTRACT_B },
    ]);
  });

  it("accepts one visible author, several blank lines, whitespace-only lines and wrapped abstracts", () => {
    const text = "  Ann Lee  \n \t\n\n\nBo Chen\n\n\n\nWe propose\n  Alpha,\ta method.   \n\n\n";
    const parsed = parseCorpusText("ann.txt", text);

    expect(parsed.problems).toEqual([]);
    expect(parsed.entries).toEqual([
      { line: 5, authors: ["Bo Chen"], etAl: false, abstract: "We propose Alpha, a method." },
    ]);
  });

  it("reports an empty file and a file with only a name", () => {
    expect(parseCorpusText("e.txt", "\n \n")).toEqual({
      owner: undefined,
      entries: [],
      problems: [{ file: "e.txt", line: 0, message: PARSE_MESSAGES.empty }],
    });
    expect(parseCorpusText("n.txt", "\nAnn Lee\n")).toEqual({
      owner: "Ann Lee",
      entries: [],
      problems: [{ file: "n.txt", line: 2, message: PARSE_MESSAGES.onlyName }],
    });
  });

  it("reports a dangling author line at the end and keeps the papers before it", () => {
    const parsed = parseCorpusText(
      "d.txt",
      `Ann Lee\n\nAnn Lee\n\n${ABSTRACT_A}\n\nBo Chen, Ann Lee et al.\n`,
    );
    expect(parsed.entries).toHaveLength(1);
    expect(parsed.problems).toEqual([{ file: "d.txt", line: 7, message: PARSE_MESSAGES.danglingAuthors }]);
  });

  it("resyncs when an abstract stands where an author line was expected", () => {
    const text = `Ann Lee\n\nAnn Lee\n\n${ABSTRACT_A}\n\nA second paragraph of the first abstract, by mistake.\n\nBo Chen\n\n${ABSTRACT_B}`;
    const parsed = parseCorpusText("r.txt", text);

    expect(parsed.entries.map((e) => e.abstract)).toEqual([ABSTRACT_A, ABSTRACT_B]);
    expect(parsed.entries[1]?.authors).toEqual(["Bo Chen"]);
    expect(parsed.problems).toEqual([
      { file: "r.txt", line: 7, message: PARSE_MESSAGES.abstractWithoutAuthors },
    ]);
  });

  it("reports an author line followed by another author line and uses the second", () => {
    const parsed = parseCorpusText("t.txt", `Ann Lee\n\nAnn Lee, Bo Chen\n\nCy Dorn et al.\n\n${ABSTRACT_B}`);
    expect(parsed.entries).toEqual([{ line: 5, authors: ["Cy Dorn"], etAl: true, abstract: ABSTRACT_B }]);
    expect(parsed.problems).toEqual([
      { file: "t.txt", line: 3, message: PARSE_MESSAGES.authorsWithoutAbstract },
    ]);
  });

  it("reads a file whose first paragraph is an author line as having no owner", () => {
    const parsed = parseCorpusText("o.txt", `Ann Lee, Bo Chen et al.\n\n${ABSTRACT_A}`);
    expect(parsed.owner).toBeUndefined();
    expect(parsed.entries).toHaveLength(1);
    expect(parsed.problems).toEqual([
      { file: "o.txt", line: 1, message: PARSE_MESSAGES.ownerMissingAuthorLine },
    ]);
  });

  it("skips an abstract standing first and reads on", () => {
    const parsed = parseCorpusText("f.txt", `${ABSTRACT_B}\n\nAnn Lee\n\n${ABSTRACT_A}`);
    expect(parsed.owner).toBeUndefined();
    expect(parsed.entries.map((e) => e.abstract)).toEqual([ABSTRACT_A]);
    expect(parsed.problems).toEqual([{ file: "f.txt", line: 1, message: PARSE_MESSAGES.ownerMissingText }]);
  });

  it("reads names with accents, particles, initials and LaTeX accents", () => {
    const text = `José María de la Cruz\n\nJ.-P. Sartre, Ludwig van Beethoven, Jos\\'e Mar\\'{\\i}a de la Cruz\n\n${ABSTRACT_A}`;
    const parsed = parseCorpusText("j.txt", text);
    expect(parsed.owner).toBe("José María de la Cruz");
    expect(parsed.entries[0]?.authors).toEqual([
      "J.-P. Sartre",
      "Ludwig van Beethoven",
      "José María de la Cruz",
    ]);
  });

  it("renders LaTeX in abstracts", () => {
    const parsed = parseCorpusText(
      "l.txt",
      "Ann Lee\n\nAnn Lee\n\nWe reach $95\\%$ with R$^3$ and \\textbf{bold} ideas.",
    );
    expect(parsed.entries[0]?.abstract).toBe("We reach 95% with R³ and bold ideas.");
  });

  it("reads author lines as people paste them: Oxford and, full-width commas, affiliation marks, a cut list", () => {
    const lines = [
      "Rui Zheng, Shihan Dou, and Songyang Gao",
      "Rui Zheng, Shihan Dou, & Songyang Gao",
      "郑锐，窦士涵、高松阳",
      "Rui Zheng1, Shihan Dou1,2, Songyang Gao2",
      "Rui Zheng¹, Shihan Dou¹², Songyang Gao*",
      "Rui Zheng*, Shihan Dou†, Songyang Gao‡",
      "Rui Zheng, Shihan Dou, Songyang Gao, …",
      "Aaron van den Oord, Juan de los Reyes, Alexandre d'Aspremont, Ahmed al-Sayed",
      "Pedro Antonio Martinez de la Cruz Ruiz, Ana Lee",
    ];
    const text = ["Ann Lee", ...lines.flatMap((line) => [line, ABSTRACT_A])].join("\n\n");
    const parsed = parseCorpusText("ann.txt", text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries.map((entry) => [entry.authors, entry.etAl])).toEqual([
      [["Rui Zheng", "Shihan Dou", "Songyang Gao"], false],
      [["Rui Zheng", "Shihan Dou", "Songyang Gao"], false],
      [["郑锐", "窦士涵", "高松阳"], false],
      [["Rui Zheng", "Shihan Dou", "Songyang Gao"], false],
      [["Rui Zheng", "Shihan Dou", "Songyang Gao"], false],
      [["Rui Zheng", "Shihan Dou", "Songyang Gao"], false],
      [["Rui Zheng", "Shihan Dou", "Songyang Gao"], true],
      [["Aaron van den Oord", "Juan de los Reyes", "Alexandre d'Aspremont", "Ahmed al-Sayed"], false],
      [["Pedro Antonio Martinez de la Cruz Ruiz", "Ana Lee"], false],
    ]);
  });

  it("reads the abstract after a heading or a title between it and its author line, saying so", () => {
    const text = `Ann Lee\n\nAnn Lee, Bo Chen et al.\n\nAbstract\n\n${ABSTRACT_A}\n\nBo Chen, Ann Lee\n\nAlpha: Sorting Socks at Scale\n\n${ABSTRACT_B}\n`;
    const parsed = parseCorpusText("ann.txt", text);
    expect(parsed.entries).toEqual([
      { line: 3, authors: ["Ann Lee", "Bo Chen"], etAl: true, abstract: ABSTRACT_A },
      { line: 9, authors: ["Bo Chen", "Ann Lee"], etAl: false, abstract: ABSTRACT_B },
    ]);
    expect(parsed.problems).toEqual([
      { file: "ann.txt", line: 5, message: PARSE_MESSAGES.headingSkipped },
      { file: "ann.txt", line: 11, message: PARSE_MESSAGES.headingSkipped },
    ]);
  });

  it("parts an author line from the abstract a missing blank line glued it to, before or after it", () => {
    const text = `Ann Lee\n\nAnn Lee, Bo Chen et al.\n${ABSTRACT_A}\nBo Chen, Ann Lee\n\n${ABSTRACT_B}\n\nBo Chen,\nCy Dorn, Ann Lee\n\n${ABSTRACT_A}\n`;
    const parsed = parseCorpusText("ann.txt", text);
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries).toEqual([
      { line: 3, authors: ["Ann Lee", "Bo Chen"], etAl: true, abstract: ABSTRACT_A },
      { line: 5, authors: ["Bo Chen", "Ann Lee"], etAl: false, abstract: ABSTRACT_B },
      // An author line wrapped over two lines is one.
      { line: 9, authors: ["Bo Chen", "Cy Dorn", "Ann Lee"], etAl: false, abstract: ABSTRACT_A },
    ]);
  });

  it("reads the owner's name with the first author line under it, no blank line between, as two paragraphs", () => {
    const parsed = parseCorpusText("ann.txt", `Ann Lee\nAnn Lee, Bo Chen et al.\n\n${ABSTRACT_A}\n`);
    expect(parsed.owner).toBe("Ann Lee");
    expect(parsed.problems).toEqual([]);
    expect(parsed.entries).toEqual([
      { line: 2, authors: ["Ann Lee", "Bo Chen"], etAl: true, abstract: ABSTRACT_A },
    ]);
  });
});
