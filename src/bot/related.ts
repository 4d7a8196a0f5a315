import { foldedText, isStopWord } from "../search/analyze.js";
import type { SearchIndex } from "../search/types.js";
import { answerIntent } from "./answer.js";
import { MESSAGES } from "./messages.js";
import { type Answer, type BotDeps, info } from "./ports.js";
import type { BotRequest } from "./request.js";
import { searchOf } from "./text-intent.js";
import { cleanedText } from "./typed-text.js";

/** Words of a message the related-papers search uses at most: enough to pin a topic, few enough to rank on. */
export const RELATED_TERMS = 5;
/** Distinct words weighed against the corpus at most (their papers counted in one call), so a long message stays fast. */
export const RELATED_CANDIDATES = 30;
/** How much of a very long message is read. */
const READ_CHARS = 20_000;
/** A word much weaker than the message's most distinctive one only dilutes the query. */
const MIN_SHARE_OF_TOP = 0.35;

const ROMAN_NUMERAL = /^(?:ii|iii|iv|vi|vii|viii|ix|xi|xii)$/;

const WORD = /[\p{L}\p{N}]+/gu;
const LETTER = /\p{L}/u;
const ACRONYM = /^\p{Lu}[\p{Lu}\p{N}]+$/u;
// Slack marks that typed-text keeps as words: bare links and :emoji: codes.
const NOT_WORDS = /\bhttps?:\/\/\S+|\bwww\.\S+|:[a-z0-9_+'-]+:/giu;

/** A word of the message and what it is worth as a search term. */
export interface DistinctiveTerm {
  /** As first written in the message ("RLHF"). */
  word: string;
  /** Times the message uses it. */
  count: number;
  /** Papers holding it (its stem, as the index analyses words). */
  papers: number;
  weight: number;
}

export type RelatedWords =
  /** The few most distinctive words, and the query made of them in the message's order. */
  | { kind: "terms"; terms: DistinctiveTerm[]; query: string }
  /** No text at all (files, images, an empty attachment). */
  | { kind: "noText" }
  /** Only stop words and chat. */
  | { kind: "onlyCommon" }
  /** Words, but none the papers use. */
  | { kind: "unknown" };

interface Candidate {
  word: string;
  folded: string;
  count: number;
  first: number;
}

/** The message's topic-bearing words, each once, with how often and where it first comes. */
function candidatesOf(text: string): Candidate[] {
  const byFolded = new Map<string, Candidate>();
  let position = 0;
  for (const match of text.matchAll(WORD)) {
    const word = match[0];
    const key = foldedText(word);
    position += 1;
    if (key.length < 2 || !LETTER.test(key) || ROMAN_NUMERAL.test(key) || isStopWord(key)) continue;
    const seen = byFolded.get(key);
    if (seen) seen.count += 1;
    else byFolded.set(key, { word, folded: key, count: 1, first: position });
  }
  return [...byFolded.values()];
}

/** Before asking the corpus: repeated words, acronyms and long words (rare ones, by Zipf) first. */
function likelyDistinctive(a: Candidate, b: Candidate): number {
  const worth = (c: Candidate) => c.count * (ACRONYM.test(c.word) ? 2 : 1) * Math.min(c.word.length, 12);
  return worth(b) - worth(a) || a.first - b.first;
}

/** A message's most distinctive words: rare in the corpus (IDF), more when repeated; stop words go. */
export async function distinctiveWordsOf(index: SearchIndex, slackText: string): Promise<RelatedWords> {
  const text = cleanedText(slackText.slice(0, READ_CHARS)).replace(NOT_WORDS, " ");
  if (!/[\p{L}\p{N}]/u.test(text)) return { kind: "noText" };
  const candidates = candidatesOf(text).sort(likelyDistinctive).slice(0, RELATED_CANDIDATES);
  if (candidates.length === 0) return { kind: "onlyCommon" };
  const total = Math.max(1, index.stats().papers);
  // A word the papers never hold as such counts none, even where a search would correct or complete it.
  const found = await index.papersWithWords(candidates.map((candidate) => candidate.word));
  const weighed = candidates.flatMap((candidate, at) => {
    const papers = found[at] ?? 0;
    if (papers === 0) return [];
    const weight = Math.log(1 + total / papers) * (1 + Math.log(candidate.count));
    return [{ candidate, term: { word: candidate.word, count: candidate.count, papers, weight } }];
  });
  if (weighed.length === 0) return { kind: "unknown" };
  weighed.sort((a, b) => b.term.weight - a.term.weight || a.candidate.first - b.candidate.first);
  const top = weighed[0]?.term.weight ?? 0;
  const chosen = weighed.slice(0, RELATED_TERMS).filter(({ term }) => term.weight >= top * MIN_SHARE_OF_TOP);
  const inMessageOrder = [...chosen].sort((a, b) => a.candidate.first - b.candidate.first);
  return {
    kind: "terms",
    terms: chosen.map(({ term }) => term),
    query: inMessageOrder.map(({ candidate }) => candidate.word).join(" "),
  };
}

/** Papers related to a message (the message shortcut); `sentToDm`: the answer could not go where it was. */
export async function relatedAnswer(
  deps: BotDeps,
  asker: { userId: string; channelId: string },
  slackText: string,
  options: { sentToDm?: boolean } = {},
): Promise<Answer> {
  const words = await distinctiveWordsOf(deps.index(), slackText);
  if (words.kind === "noText") return info(MESSAGES.relatedNoText);
  if (words.kind === "onlyCommon") return info(MESSAGES.relatedOnlyCommon);
  if (words.kind === "unknown") return info(MESSAGES.relatedUnknown);
  const request: BotRequest = { source: "slash", text: words.query, ...asker };
  const answer = await answerIntent(deps, request, searchOf(words.query));
  if (answer.reply.kind !== "results") return answer;
  const notice = [
    MESSAGES.relatedNotice,
    answer.reply.notice,
    options.sentToDm ? MESSAGES.relatedInDm : undefined,
  ]
    .filter(Boolean)
    .join(" ");
  return { ...answer, reply: { ...answer.reply, notice } };
}
