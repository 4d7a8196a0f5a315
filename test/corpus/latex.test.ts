import { describe, expect, it } from "vitest";
import { latexToText } from "../../src/corpus/latex.js";

describe("latexToText", () => {
  it.each([
    ["R$^3$ overcomes", "R³ overcomes"],
    ["include \\textbf{reward models} to", "include reward models to"],
    ["contains $3130$ entries and $40.75$ turns", "contains 3130 entries and 40.75 turns"],
    ["on only $0.6\\%$ of the data", "on only 0.6% of the data"],
    ["from 28.8\\% to 2\\%", "from 28.8% to 2%"],
    ["a $4\\times$ speed-up", "a 4× speed-up"],
    ["a \\emph{new} and \\textit{fast} way", "a new and fast way"],
    ["$x_{t}$ and $\\theta_{\\text{old}}$", "xₜ and θ_old"],
    ["$O(n\\log n)$ time", "O(n log n) time"],
    ["$\\mathcal{O}(N^{2})$", "O(N²)"],
    ["$\\alpha \\leq 0.5$", "α ≤ 0.5"],
    ["$\\frac{1}{2}$", "1/2"],
    // A symbol right before a wrapper keeps its end (arXiv titles write them so).
    ["$x\\in\\mathbb{Z}$ and $f:\\mathbb{R}^n\\to\\mathbb{R}$", "x∈ Z and f:Rⁿ→ R"],
    ["$\\alpha\\beta$-divergence", "αβ-divergence"],
    ["such as ``best for humanity``.", "such as “best for humanity”."],
    ["from scratch -- without SFT", "from scratch – without SFT"],
    ["off-policy settings--where stale", "off-policy settings—where stale"],
    ["pages 1--5", "pages 1–5"],
    ["G\\\"odel and Jos\\'{e}", "Gödel and José"],
    ["as shown \\cite{smith2020}.", "as shown."],
    ["Q\\&A and \\#1 and a\\_b", "Q&A and #1 and a_b"],
    ["{\\relax Ch}ristopher Manning", "Christopher Manning"],
    ["{\\noopsort{b}}van Dijk and \\protect\\emph{Go}", "van Dijk and Go"],
  ])("%s → %s", (input, expected) => {
    expect(latexToText(input)).toBe(expected);
  });

  it("leaves money and plain text alone", () => {
    expect(latexToText("costs $5 and $10 a month")).toBe("costs $5 and $10 a month");
    expect(latexToText("A plain sentence, nothing to do.")).toBe("A plain sentence, nothing to do.");
  });
});
