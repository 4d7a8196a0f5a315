import { headlineOf } from "../corpus/headline.js";
import { namesIdentifier } from "../corpus/identifiers.js";
import type { Paper } from "../corpus/types.js";
import type { PersonCandidate, SearchIndex } from "../search/types.js";
import { MOST_PER_PAGE, RESULTS_PER_PAGE } from "./actions.js";
import type { Intent } from "./intents.js";
import { MESSAGES, PAPER_SUGGESTIONS, SEARCH_SUGGESTIONS } from "./messages.js";
import { type Answer, type BotDeps, info, toAsker } from "./ports.js";
import type { Card, CardButton, Reply } from "./reply.js";
import { searchOf } from "./text-intent.js";
import { POINTING } from "./typed-text.js";

// The answers that find papers: a search, one paper, papers like one, a random one.

const SIMILAR_PER_PAPER = 5;

/** Papers like one that Show more reaches: four pages. */
const SIMILAR_MOST = 20;

const LIST_BUTTONS: CardButton[] = ["share", "similar", "moreBy", "full", "save", "follow"];

export function cardOf(paper: Paper, buttons: CardButton[] = LIST_BUTTONS): Card {
  return { paper, buttons };
}

/**
 * No paper has this id; for a DOI, arXiv id or link, where its entry would come from. `replaceOriginal`: a stale Show
 * more, whose paper left the corpus, says so in place of its page.
 */
export function paperNotFound(id: string, replaceOriginal = false): Answer {
  const suggestions = namesIdentifier(id) ? [MESSAGES.identifierNotInLibrary] : [...PAPER_SUGGESTIONS];
  return toAsker({ kind: "notFound", what: "paper", query: id, suggestions }, replaceOriginal);
}

async function searchSuggestions(index: SearchIndex, query: string): Promise<string[]> {
  const words = query.split(" ").filter((word) => word !== "");
  const suggestions: string[] = [];
  const fewer = words.slice(0, 2).join(" ");
  // Offered only where the fewer words do find papers.
  if (words.length > 2 && (await index.search(fewer, { limit: 1 })).total > 0)
    suggestions.push(SEARCH_SUGGESTIONS.fewerWords(fewer));
  suggestions.push(SEARCH_SUGGESTIONS.spelling);
  const person = await index.author(query);
  if (person.kind === "found") suggestions.push(SEARCH_SUGGESTIONS.author(person.summary.name));
  suggestions.push(SEARCH_SUGGESTIONS.who);
  return suggestions;
}

type SearchIntent = Extract<Intent, { kind: "search" }>;

/** No author has the name the papers were to be by: the names near it, offered as buttons. */
export function noSuchAuthor(name: string, near: readonly PersonCandidate[]): Answer {
  return toAsker({
    kind: "notFound",
    what: "author",
    query: name,
    suggestions: near.map((candidate) => candidate.name),
    ...(near.length > 0 ? { people: near.slice(0, 5) } : {}),
  });
}

export async function searchAnswer(index: SearchIndex, intent: SearchIntent): Promise<Answer> {
  const limit = intent.limit ?? RESULTS_PER_PAGE;
  const result = await index.search(intent.query, { limit, offset: intent.offset });
  if (result.unknownAuthor !== undefined)
    return noSuchAuthor(result.unknownAuthor.name, result.unknownAuthor.near);
  const didYouMean = (result.didYouMean ?? []).filter((query) => query !== intent.query).slice(0, 3);
  if (result.hits.length === 0) {
    if (intent.offset > 0) return info(MESSAGES.noMoreResults, intent.paging);
    // The search says why nothing could be looked for (only stop words, only exclusions, an unknown author).
    if (result.notice !== undefined && didYouMean.length === 0) return info(result.notice, intent.paging);
    return toAsker(
      {
        kind: "notFound",
        what: "results",
        query: intent.query,
        suggestions: await searchSuggestions(index, intent.query),
        ...(didYouMean.length > 0 ? { didYouMean } : {}),
        ...(result.missing !== undefined ? { missing: result.missing } : {}),
      },
      intent.paging,
    );
  }
  const shown = intent.offset + result.hits.length;
  const notice = [result.notice, intent.shortened ? MESSAGES.queryShortened : undefined]
    .filter(Boolean)
    .join(" ");
  const showingFor =
    result.showingFor !== undefined && result.showingFor !== intent.query ? result.showingFor : undefined;
  const reply: Reply = {
    kind: "results",
    query: intent.query,
    total: result.total,
    ...(result.orMore ? { orMore: true } : {}),
    offset: intent.offset,
    cards: result.hits.map((hit) => ({
      ...cardOf(hit.paper),
      snippet: hit.snippet,
      score: hit.score,
      ...personOf(hit.paper, result.by),
    })),
    ...(shown < result.total ? { nextOffset: shown } : {}),
    ...(notice ? { notice } : {}),
    ...(showingFor ? { showingFor } : {}),
    ...(didYouMean.length > 0 ? { didYouMean } : {}),
    // A button carries at most MOST_PER_PAGE (the CLI's --limit may ask for more).
    ...(intent.limit !== undefined ? { perPage: Math.min(intent.limit, MOST_PER_PAGE) } : {}),
  };
  return toAsker(reply, intent.paging);
}

/** The person a search was for, among the paper's owners and authors, as the card names them. */
function personOf(
  paper: Paper,
  by: readonly string[] | undefined,
): { person?: { key: string; name: string } } {
  if (by === undefined) return {};
  const names = [
    ...paper.ownerKeys.map((key, i) => ({ key, name: paper.owners[i] })),
    ...paper.authorKeys.map((key, i) => ({ key, name: paper.authors[i] })),
  ];
  const found = names.find((entry) => by.includes(entry.key) && entry.name !== undefined);
  return found?.name === undefined ? {} : { person: { key: found.key, name: found.name } };
}

/** Words beside an identifier that make a reference, not a note on a link ("see", "what is"). */
const MIN_REFERENCE_WORDS = 4;

/** The words of a text holding a DOI, arXiv id or link, but for those (none when it holds none). */
const wordsBesideIdentifiers = (text: string): string[] => {
  const words = text.split(/\s+/).filter((word) => word !== "");
  const beside = words.filter((word) => !namesIdentifier(word));
  return beside.length === words.length ? [] : beside.filter((word) => /[\p{L}\p{N}]/u.test(word));
};

/** A search for words that only looked like a paper's id; "no such paper" when they make no search. */
export function searchedInstead(index: SearchIndex, id: string, words: string): Answer | Promise<Answer> {
  const search = searchOf(words);
  return search.kind === "search" ? searchAnswer(index, search) : paperNotFound(id);
}

/**
 * The paper whose name the words are ("StepCoder", "the PPO-max", its whole title): the one its title, or the method
 * its abstract names (a title need not: "Secrets of RLHF… Part I: PPO" introduces PPO-max), is named for.
 */
async function paperNamed(index: SearchIndex, words: string) {
  const name = foldedName(words.replace(/^the /i, "").replace(/ (?:paper|one|work)$/i, ""));
  if (name === "") return undefined;
  const { hits } = await index.search(words, { limit: 3 });
  // "POLAR (Policy Discriminative Learning): a pre-training method…" is named POLAR.
  const nameOf = (headline: string) => foldedName((headline.split(":")[0] ?? "").replace(/\s*\(.*\)/, ""));
  const named = (paper: Paper) =>
    nameOf(paper.headline) === name ||
    (paper.title !== undefined &&
      (foldedName(paper.title) === name || nameOf(headlineOf(paper.abstract)) === name));
  return hits.find((hit) => named(hit.paper))?.paper;
}

const foldedName = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/** The paper an id means, or that typed words name ("summarize RMB"); id prefixes only for ids. */
export async function paperMeant(index: SearchIndex, id: string, orSearch: string | undefined) {
  const byId = index.paper(id);
  // With words to go on, a paper is taken by its id, or an id it had, never by an id it merely starts with.
  const byPrefix = byId !== undefined && byId.id.length > id.length && byId.id.startsWith(id.toLowerCase());
  if (orSearch === undefined || (byId !== undefined && !byPrefix)) return byId;
  return POINTING.test(orSearch) ? undefined : paperNamed(index, orSearch);
}

/** Papers like one, a page at a time, down to SIMILAR_MOST: further down they share little with it. */
export async function similarAnswer(
  index: SearchIndex,
  intent: Extract<Intent, { kind: "similar" }>,
): Promise<Answer> {
  const { orSearch } = intent;
  const paper = await paperMeant(index, intent.id, orSearch);
  if (paper === undefined) {
    if (orSearch === undefined) return paperNotFound(intent.id, intent.paging);
    if (POINTING.test(orSearch)) return info(MESSAGES.whichPaperLike);
    // A DOI, arXiv id or link no paper has: its words are no search.
    if (namesIdentifier(intent.id)) return paperNotFound(intent.id, intent.paging);
    return searchedInstead(index, intent.id, orSearch);
  }
  // Show more stops at SIMILAR_MOST; a limit asked for (the CLI's --limit) is given in full.
  const most = Math.max(SIMILAR_MOST, intent.limit ?? 0);
  const offset = Math.min(intent.offset ?? 0, most);
  const limit = Math.min(intent.limit ?? SIMILAR_PER_PAPER, most - offset);
  // One more than the page: whether there is a next one.
  const hits = limit > 0 ? await index.similar(paper.id, { limit: limit + 1, offset }) : [];
  if (!hits) return paperNotFound(intent.id, intent.paging);
  const page = hits.slice(0, limit);
  if (page.length === 0) {
    const title = paper.title ?? paper.headline;
    const message =
      offset > 0
        ? MESSAGES.noMoreResults
        : MESSAGES.noSimilar(title.length > 80 ? `${title.slice(0, 79)}…` : title);
    return info(message, intent.paging);
  }
  const shown = offset + page.length;
  const reply: Reply = {
    kind: "similar",
    of: paper,
    cards: page.map((hit) => ({
      ...cardOf(hit.paper),
      score: hit.score,
      snippet: hit.snippet,
      ...(hit.shares && hit.shares.length > 0 ? { shares: hit.shares } : {}),
    })),
    offset,
    ...(hits.length > page.length && shown < most ? { nextOffset: shown } : {}),
  };
  return toAsker(reply, intent.paging);
}

/** The paper with exactly this id: a prefix is fine when the user asked for an id, not when it only looked like one. */
export async function paperAnswer(
  index: SearchIndex,
  intent: Extract<Intent, { kind: "paper" }>,
): Promise<Answer> {
  const { orSearch } = intent;
  const paper = await paperMeant(index, intent.id, orSearch);
  if (paper === undefined) {
    // A reference pasted whole ("Zhou, E., et al. RMB: … arXiv:2410.09893"): its words, when its id is not here.
    const beside = wordsBesideIdentifiers(orSearch ?? "");
    if (beside.length >= MIN_REFERENCE_WORDS) return searchedInstead(index, intent.id, beside.join(" "));
    if (namesIdentifier(orSearch ?? intent.id)) return paperNotFound(orSearch ?? intent.id);
    if (orSearch === undefined) return paperNotFound(intent.id);
    return searchedInstead(index, intent.id, orSearch);
  }
  return toAsker({ kind: "card", card: { ...cardOf(paper), ...(intent.full ? { full: true } : {}) } });
}

/** A paper the thread has not shown yet; says so when it has shown them all. */
export function randomAnswer(
  deps: BotDeps,
  index: SearchIndex,
  intent: Extract<Intent, { kind: "random" }>,
): Answer {
  const ids = index.paperIds();
  if (ids.length === 0) return info(MESSAGES.emptyCorpus);
  const seen = new Set(intent.seen ?? []);
  const fresh = seen.size === 0 ? ids : ids.filter((id) => !seen.has(id));
  if (fresh.length === 0) return info(MESSAGES.seenEverything(ids.length));
  const pick = fresh[Math.min(fresh.length - 1, Math.floor(deps.random() * fresh.length))];
  const paper = pick === undefined ? undefined : index.paper(pick);
  if (paper === undefined) return info(MESSAGES.emptyCorpus);
  const card: Card = {
    ...cardOf(paper, [...LIST_BUTTONS, "reroll"]),
    ...(seen.size > 0 ? { seen: [...seen] } : {}),
  };
  return toAsker({ kind: "card", card, title: intent.title ?? "A paper to read" });
}
