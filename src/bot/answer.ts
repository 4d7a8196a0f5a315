import type { Paper } from "../corpus/types.js";
import { SearchUnavailableError } from "../search/errors.js";
import type { SearchIndex, WhoResult } from "../search/types.js";
import { dailyAnswer, dailyPreviewAnswer } from "./daily-answers.js";
import { followAnswer } from "./follow-answers.js";
import type { Intent } from "./intents.js";
import { MESSAGES, PAPER_SUGGESTIONS, SEARCH_SUGGESTIONS, WHO_SUGGESTIONS } from "./messages.js";
import { PEOPLE_READ, peopleLinesOf, peoplePageOf } from "./people-lines.js";
import { type Answer, type BotDeps, toAsker } from "./ports.js";
import type { Card, CardButton, Reply } from "./reply.js";
import type { BotRequest } from "./request.js";
import { intentOf } from "./request-intent.js";
import { savedAnswer } from "./saved-answers.js";
import { searchOf } from "./text-intent.js";

const RESULTS_PER_PAGE = 5;
/** Lines of a who reply: a person, or co-authors who share one paper. */
const LINES_PER_PAGE = 5;
const SIMILAR_PER_PAPER = 5;
/** "More like this" typed with no paper to point at. */
const POINTING = /^(?:this|that|these|those)$/i;
/** Papers like one that Show more reaches: four pages. */
const SIMILAR_MOST = 20;

const LIST_BUTTONS: CardButton[] = ["share", "similar", "moreBy", "full", "save", "follow"];

function cardOf(paper: Paper, buttons: CardButton[] = LIST_BUTTONS): Card {
  return { paper, buttons };
}

function paperNotFound(id: string): Answer {
  return toAsker({ kind: "notFound", what: "paper", query: id, suggestions: [...PAPER_SUGGESTIONS] });
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

/** "reward models by Rui Zheng": a topic, then one to four words that may name its author. */
const BYLINE = /^(.+?) by ((?:[\p{L}.'’-]+ ?){1,4})$/u;

/**
 * The search a query asks for; one ending "by <name>" is the topic among that person's papers, when the name is
 * someone's and they have such papers, and the words as typed otherwise ("learning by demonstration").
 */
async function searched(index: SearchIndex, intent: SearchIntent, limit: number) {
  const options = { limit, offset: intent.offset };
  const byline = /[":]/.test(intent.query) ? null : BYLINE.exec(intent.query);
  if (byline?.[1] !== undefined && byline[2] !== undefined) {
    const result = await index.search(`${byline[1]} author:"${byline[2].trim()}"`, options);
    if (result.total > 0) return { ...result, query: intent.query };
  }
  return index.search(intent.query, options);
}

async function searchAnswer(index: SearchIndex, intent: SearchIntent): Promise<Answer> {
  const limit = intent.limit ?? RESULTS_PER_PAGE;
  const result = await searched(index, intent, limit);
  if (result.hits.length === 0) {
    if (intent.offset > 0) return toAsker({ kind: "info", message: MESSAGES.noMoreResults }, intent.paging);
    const didYouMean = (result.didYouMean ?? []).filter((query) => query !== intent.query).slice(0, 3);
    // The search says why nothing could be looked for (only stop words, only exclusions, an unknown author).
    if (result.notice !== undefined && didYouMean.length === 0)
      return toAsker({ kind: "info", message: result.notice }, intent.paging);
    return toAsker(
      {
        kind: "notFound",
        what: "results",
        query: intent.query,
        suggestions: await searchSuggestions(index, intent.query),
        ...(didYouMean.length > 0 ? { didYouMean } : {}),
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
    offset: intent.offset,
    cards: result.hits.map((hit) => ({ ...cardOf(hit.paper), snippet: hit.snippet, score: hit.score })),
    ...(shown < result.total ? { nextOffset: shown } : {}),
    ...(notice ? { notice } : {}),
    ...(showingFor ? { showingFor } : {}),
  };
  return toAsker(reply, intent.paging);
}

/** Everyone behind a topic, in rank order: a page is cut from all of them, so it can end between lines. */
async function everyoneBehind(index: SearchIndex, topic: string): Promise<WhoResult> {
  const first = await index.who(topic, { limit: PEOPLE_READ, offset: 0 });
  if (first.people.length >= first.total) return first;
  return index.who(topic, { limit: first.total, offset: 0 });
}

async function whoAnswer(index: SearchIndex, intent: Extract<Intent, { kind: "who" }>): Promise<Answer> {
  const everyone = await everyoneBehind(index, intent.topic);
  const page = peoplePageOf(peopleLinesOf(everyone.people), intent.offset, intent.limit ?? LINES_PER_PAGE);
  if (page.lines.length === 0) {
    if (intent.offset > 0) return toAsker({ kind: "info", message: MESSAGES.noMorePeople }, intent.paging);
    return toAsker({
      kind: "notFound",
      what: "results",
      query: intent.topic,
      suggestions: [...WHO_SUGGESTIONS],
    });
  }
  const showingFor = everyone.showingFor === undefined ? {} : { showingFor: everyone.showingFor };
  return toAsker({ kind: "people", topic: intent.topic, ...showingFor, ...page }, intent.paging);
}

/** Papers like one, a page at a time, down to SIMILAR_MOST: further down they share little with it. */
async function similarAnswer(
  index: SearchIndex,
  intent: Extract<Intent, { kind: "similar" }>,
): Promise<Answer> {
  const paper = index.paper(intent.id);
  if (paper === undefined || (intent.orSearch !== undefined && paper.id !== intent.id)) {
    if (intent.orSearch === undefined) return paperNotFound(intent.id);
    if (POINTING.test(intent.orSearch)) return toAsker({ kind: "info", message: MESSAGES.whichPaperLike });
    const search = searchOf(intent.orSearch);
    return search.kind === "search" ? searchAnswer(index, search) : paperNotFound(intent.id);
  }
  const offset = Math.min(intent.offset ?? 0, SIMILAR_MOST);
  const limit = Math.min(intent.limit ?? SIMILAR_PER_PAPER, SIMILAR_MOST - offset);
  // One more than the page: whether there is a next one.
  const hits = limit > 0 ? await index.similar(paper.id, { limit: limit + 1, offset }) : [];
  if (!hits) return paperNotFound(intent.id);
  const page = hits.slice(0, limit);
  if (page.length === 0) {
    const message = offset > 0 ? MESSAGES.noMoreResults : MESSAGES.noSimilar;
    return toAsker({ kind: "info", message }, intent.paging);
  }
  const shown = offset + page.length;
  const reply: Reply = {
    kind: "similar",
    of: paper,
    cards: page.map((hit) => ({ ...cardOf(hit.paper), score: hit.score })),
    offset,
    ...(hits.length > page.length && shown < SIMILAR_MOST ? { nextOffset: shown } : {}),
  };
  return toAsker(reply, intent.paging);
}

async function authorAnswer(
  index: SearchIndex,
  intent: Extract<Intent, { kind: "author" }>,
): Promise<Answer> {
  const lookup = await index.author(intent.name);
  switch (lookup.kind) {
    case "found":
      return toAsker({ kind: "author", summary: lookup.summary });
    case "ambiguous":
      return toAsker({ kind: "ambiguous", query: intent.name, candidates: lookup.candidates });
    case "notFound": {
      if (intent.orSearch) {
        const found = await searchAnswer(index, {
          kind: "search",
          query: intent.name,
          offset: 0,
          shortened: false,
          paging: false,
        });
        if (found.reply.kind === "results") return found;
      }
      return toAsker({
        kind: "notFound",
        what: "author",
        query: intent.name,
        suggestions: lookup.suggestions.map((candidate) => candidate.name),
        ...(lookup.suggestions.length > 0 ? { people: lookup.suggestions.slice(0, 5) } : {}),
      });
    }
  }
}

/** The paper with exactly this id: a prefix is fine when the user asked for an id, not when it only looked like one. */
function paperAnswer(
  index: SearchIndex,
  intent: Extract<Intent, { kind: "paper" }>,
): Answer | Promise<Answer> {
  const paper = index.paper(intent.id);
  const exact = paper !== undefined && (intent.orSearch === undefined || paper.id === intent.id);
  if (paper === undefined || !exact) {
    if (intent.orSearch === undefined) return paperNotFound(intent.id);
    const search = searchOf(intent.orSearch);
    return search.kind === "search" ? searchAnswer(index, search) : paperNotFound(intent.id);
  }
  return toAsker({ kind: "card", card: { ...cardOf(paper), ...(intent.full ? { full: true } : {}) } });
}

/** A paper the thread has not shown yet; says so when it has shown them all. */
function randomAnswer(
  deps: BotDeps,
  index: SearchIndex,
  intent: Extract<Intent, { kind: "random" }>,
): Answer {
  const ids = index.paperIds();
  if (ids.length === 0) return toAsker({ kind: "info", message: MESSAGES.emptyCorpus });
  const seen = new Set(intent.seen ?? []);
  const fresh = seen.size === 0 ? ids : ids.filter((id) => !seen.has(id));
  if (fresh.length === 0) return toAsker({ kind: "info", message: MESSAGES.seenEverything(ids.length) });
  const pick = fresh[Math.min(fresh.length - 1, Math.floor(deps.random() * fresh.length))];
  const paper = pick === undefined ? undefined : index.paper(pick);
  if (paper === undefined) return toAsker({ kind: "info", message: MESSAGES.emptyCorpus });
  const card: Card = {
    ...cardOf(paper, [...LIST_BUTTONS, "reroll"]),
    ...(seen.size > 0 ? { seen: [...seen] } : {}),
  };
  return toAsker({ kind: "card", card, title: intent.title ?? "A paper to read" });
}

async function reloadAnswer(deps: BotDeps, userId: string): Promise<Answer> {
  if (!deps.reload) return toAsker({ kind: "error", message: MESSAGES.onlyAdminsReload });
  try {
    return toAsker({ kind: "info", message: await deps.reload(userId) });
  } catch {
    return toAsker({ kind: "error", message: MESSAGES.reloadFailed });
  }
}

/**
 * The answer to an intent, for a request from `request` (who asked, where). A search that stopped while
 * answering (its worker crashed or hung) gets an apology asking to try again.
 */
export async function answerIntent(deps: BotDeps, request: BotRequest, intent: Intent): Promise<Answer> {
  try {
    return await intentAnswer(deps, request, intent);
  } catch (error) {
    if (error instanceof SearchUnavailableError)
      return toAsker({ kind: "error", message: MESSAGES.searchUnavailable });
    throw error;
  }
}

async function intentAnswer(deps: BotDeps, request: BotRequest, intent: Intent): Promise<Answer> {
  const index = deps.index();
  switch (intent.kind) {
    case "help": {
      const [exampleId] = index.paperIds();
      return toAsker({
        kind: "help",
        ...(intent.topic ? { topic: intent.topic } : {}),
        ...(exampleId ? { exampleId } : {}),
      });
    }
    case "smallTalk":
      return toAsker({ kind: "info", message: intent.say === "hello" ? MESSAGES.hello : MESSAGES.thanks });
    case "invalid":
      return toAsker({ kind: "error", message: intent.message });
    case "search":
      return searchAnswer(index, intent);
    case "who":
      return whoAnswer(index, intent);
    case "author":
      return authorAnswer(index, intent);
    case "person": {
      const summary = await index.authorByKey(intent.key);
      if (summary) return toAsker({ kind: "author", summary });
      return toAsker({ kind: "notFound", what: "author", query: intent.key, suggestions: [] });
    }
    case "paper":
      return paperAnswer(index, intent);
    case "similar":
      return similarAnswer(index, intent);
    case "share": {
      const paper = index.paper(intent.id);
      if (!paper) return paperNotFound(intent.id);
      const card: Card = {
        paper,
        sharedBy: request.userId,
        buttons: ["similar", "moreBy", "full", "save", "follow"],
      };
      return { reply: { kind: "card", card }, audience: "channel" };
    }
    case "random":
      return randomAnswer(deps, index, intent);
    case "stats": {
      const state = deps.stateStatus?.();
      return toAsker({
        kind: "stats",
        ...index.stats(),
        ...(state === undefined || state.writable ? {} : { stateProblem: state.problem }),
      });
    }
    case "reload":
      return reloadAnswer(deps, request.userId);
    case "dailyOn":
    case "dailyOff":
    case "dailyStatus":
      return dailyAnswer(deps, request, intent);
    case "dailyPreview":
      return dailyPreviewAnswer(deps, request);
    case "follow":
    case "followKey":
    case "unfollow":
    case "unfollowKey":
    case "following":
    case "whatsNew":
    case "digest":
      return followAnswer(deps, request, intent);
    case "save":
    case "unsave":
    case "saved":
    case "savedExport":
      return savedAnswer(deps, request, intent);
  }
}

/** What the bot answers to a request, and who sees it. Never throws for user input: bad input gets a friendly reply. */
export async function answer(deps: BotDeps, request: BotRequest): Promise<Answer> {
  return answerIntent(deps, request, intentOf(request));
}
