import type { Paper } from "../corpus/types.js";
import type { PaperLookups } from "../search/types.js";
import { pageAt } from "./paging.js";
import type { DigestView, FollowTarget } from "./ports.js";
import type { DigestGroup, Reply } from "./reply.js";

/** Papers per DM (and per page of it): with a line for each group, well inside a message's 50 blocks. */
const DIGEST_PAPERS_PER_PAGE = 15;

/** A page of a digest, grouped under the first follow each paper matched; papers that left the corpus go. */
export function digestReplyOf(
  view: DigestView,
  index: PaperLookups,
  offset: number,
  dailyCap?: number,
): Extract<Reply, { kind: "digest" }> {
  const present: { paper: Paper; matched: FollowTarget[] }[] = [];
  for (const item of view.papers) {
    const paper = index.paper(item.id);
    if (paper === undefined || paper.id !== item.id) continue;
    const matched = item.matched.flatMap((i) => view.follows[i] ?? []);
    if (matched.length > 0) present.push({ paper, matched });
  }
  const { page, ...paging } = pageAt(present, offset, DIGEST_PAPERS_PER_PAGE);
  const groups: DigestGroup[] = [];
  for (const { paper, matched } of page) {
    const [first, ...also] = matched;
    if (first === undefined) continue;
    const last = groups.at(-1);
    const entry = { paper, also };
    if (last && last.follow.kind === first.kind && last.follow.target === first.target)
      last.papers.push(entry);
    else groups.push({ follow: first, papers: [entry] });
  }
  return {
    kind: "digest",
    digestId: view.id,
    groups,
    ...paging,
    ...(view.capReached && dailyCap !== undefined ? { capReached: dailyCap } : {}),
  };
}
