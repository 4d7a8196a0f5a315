import { describe, expect, it } from "vitest";
import { identifierKeysIn, identifierKeysOf } from "../../src/corpus/identifiers.js";

const findsPaper = (pasted: string, paper: Parameters<typeof identifierKeysOf>[0]) =>
  identifierKeysIn(pasted).some((key) => identifierKeysOf(paper).includes(key));

describe("what people paste to name a paper", () => {
  it("finds a paper whose link is its OpenReview forum page by that page, its PDF, with or without more parameters", () => {
    // OpenReview's own BibTeX gives `url={https://openreview.net/forum?id=…}`.
    const paper = { url: "https://openreview.net/forum?id=Xy1Zw_AbC" };
    expect(findsPaper("https://openreview.net/forum?id=Xy1Zw_AbC", paper)).toBe(true);
    expect(findsPaper("<https://openreview.net/pdf?id=Xy1Zw_AbC>", paper)).toBe(true);
    expect(findsPaper("https://openreview.net/forum?id=Xy1Zw_AbC&noteId=Qq9", paper)).toBe(true);
    expect(findsPaper("https://openreview.net/forum?id=Other", paper)).toBe(false);
  });

  it("reads the DOI in a publisher's link without the link's query, and a bioRxiv link without version or page", () => {
    const plos = { doi: "10.1371/journal.pone.0123456" };
    expect(
      findsPaper(
        "https://journals.plos.org/plosone/article/file?id=10.1371/journal.pone.0123456&type=printable",
        plos,
      ),
    ).toBe(true);
    expect(
      findsPaper("https://dl.acm.org/doi/pdf/10.1145/3580305.3599123", { doi: "10.1145/3580305.3599123" }),
    ).toBe(true);
    const preprint = { doi: "10.1101/2023.01.05.522900" };
    expect(findsPaper("https://www.biorxiv.org/content/10.1101/2023.01.05.522900v2.full.pdf", preprint)).toBe(
      true,
    );
    expect(findsPaper("https://www.medrxiv.org/content/10.1101/2023.01.05.522900v1", preprint)).toBe(true);
    expect(findsPaper("10.1101/2023.01.05.522900", preprint)).toBe(true);
  });

  it("reads an ACL Anthology page or PDF as its DOI", () => {
    const paper = { doi: "10.18653/v1/2023.acl-long.7" };
    expect(findsPaper("https://aclanthology.org/2023.acl-long.7/", paper)).toBe(true);
    expect(findsPaper("https://aclanthology.org/2023.acl-long.7.pdf", paper)).toBe(true);
    expect(findsPaper("https://aclanthology.org/2023.acl-long.8/", paper)).toBe(false);
  });
});
