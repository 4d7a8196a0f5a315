import { arxivIdIn } from "./library-entry.js";
import type { Paper } from "./types.js";

// What people paste to name a paper they have in mind: a DOI or doi.org link, an arXiv id or link, the paper's own
// link, a citation key.

const DOI = /\b10\.\d{4,9}\/[^\s<>|"]+/;
/** An ACL Anthology page or PDF: its DOI is 10.18653/v1/ and the Anthology id ("2023.acl-long.7", "P19-1001"). */
const ACL_ANTHOLOGY = /^https?:\/\/(?:www\.)?aclanthology\.org\/([A-Za-z0-9][A-Za-z0-9.-]*?)(?:\.pdf)?\/?$/i;
/**
 * A link the way two spellings of it meet: no scheme, no "www.", no trailing slash; an OpenReview PDF is its forum
 * page (what OpenReview's BibTeX gives as `url`).
 */
const urlKey = (url: string) =>
  `url:${url
    .replace(/^https?:\/\/(?:www\.)?/i, "")
    .replace(/\/+$/, "")
    .replace(/^openreview\.net\/(?:forum|pdf)\?id=([^&#]+).*$/i, "openreview.net/forum?id=$1")}`;

const keysOf = (keys: readonly (string | false | undefined)[]) =>
  keys.flatMap((key) => (key ? [key.toLowerCase()] : []));

/** The keys of a paper's public identifiers, DOI and arXiv id: the same paper in two files meets by them too. */
export const publicIdKeysOf = (paper: Pick<Paper, "doi" | "arxivId">): string[] =>
  keysOf([paper.doi && `doi:${paper.doi}`, paper.arxivId && `arxiv:${paper.arxivId}`]);

/** The keys a paper is found by when one of its identifiers is pasted (written into the index). */
export function identifierKeysOf(paper: Pick<Paper, "doi" | "arxivId" | "citationKey" | "url">): string[] {
  return [
    ...publicIdKeysOf(paper),
    ...keysOf([paper.url && urlKey(paper.url), paper.citationKey && `key:${paper.citationKey}`]),
  ];
}

/**
 * The DOI in pasted text, without what a link adds after it: a query ("?download=true", "&type=printable") and, for
 * bioRxiv and medRxiv (10.1101), the version and the page ("…123456v2.full.pdf").
 */
function doiIn(text: string): string | undefined {
  const doi = DOI.exec(text)?.[0]
    .replace(/[?#&].*$/, "")
    .replace(/[.,;:)\]}'"]+$/, "");
  return doi?.replace(/^(10\.1101\/.+?)(?:v\d+)?(?:\.full(?:\.pdf|-text)?|\.abstract|\.pdf)?$/i, "$1");
}

/** The keys pasted text may mean: a DOI and an arXiv id anywhere in it; the whole of it as a citation key. */
export function identifierKeysIn(text: string): string[] {
  const trimmed = text.trim().replace(/^<([^|>]+)(?:\|[^>]*)?>$/, "$1");
  const anthologyId = ACL_ANTHOLOGY.exec(trimmed)?.[1];
  const doi = anthologyId ? `10.18653/v1/${anthologyId}` : doiIn(trimmed);
  const arxivId = /arxiv/i.test(trimmed) || !doi ? arxivIdIn(trimmed) : undefined;
  const link = /^https?:\/\/\S+$/i.test(trimmed) && urlKey(trimmed);
  return [...publicIdKeysOf({ doi, arxivId }), ...keysOf([link, !/\s/.test(trimmed) && `key:${trimmed}`])];
}

/** Whether text names a paper by a DOI, an arXiv id or a link ("arXiv:2410.09893", "10.18653/v1/…", "https://…"). */
export const namesIdentifier = (text: string) =>
  identifierKeysIn(text).some((key) => !key.startsWith("key:"));
