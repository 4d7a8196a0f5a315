import type { Paper } from "../corpus/types.js";
import type { SearchIndex } from "../search/types.js";
import { EVERY_DAY } from "./daily-spec.js";
import { type Intent, intentOf } from "./intents.js";
import { MESSAGES, PAPER_SUGGESTIONS, SEARCH_SUGGESTIONS, WHO_SUGGESTIONS } from "./messages.js";
import type { Answer, BotDeps } from "./ports.js";
import type { Card, CardButton, Reply } from "./reply.js";
import type { BotRequest } from "./request.js";

export const RESULTS_PER_PAGE = 5;
export const PEOPLE_PER_TOPIC = 5;
export const SIMILAR_PER_PAPER = 5;
export const DEFAULT_DAILY_TIME = "09:00";

const LIST_BUTTONS: CardButton[] = ["share", "similar", "moreBy", "full"];

function toAsker(reply: Reply): Answer {
  return { reply, audience: "asker" };
}

function cardOf(paper: Paper, buttons: CardButton[] = LIST_BUTTONS): Card {
  return { paper, buttons };
}

function paperNotFound(id: string): Answer {
  return toAsker({ kind: "notFound", what: "paper", query: id, suggestions: [...PAPER_SUGGESTIONS] });
}

function searchSuggestions(index: SearchIndex, query: string): string[] {
  const words = query.split(" ").filter((word) => word !== "");
  const suggestions: string[] = [];
  if (words.length > 2) suggestions.push(SEARCH_SUGGESTIONS.fewerWords(words.slice(0, 2).join(" ")));
  suggestions.push(SEARCH_SUGGESTIONS.spelling);
  const person = index.author(query);
  if (person.kind === "found") suggestions.push(SEARCH_SUGGESTIONS.author(person.summary.name));
  suggestions.push(SEARCH_SUGGESTIONS.who);
  return suggestions;
}

function searchAnswer(index: SearchIndex, intent: Extract<Intent, { kind: "search" }>): Answer {
  const result = index.search(intent.query, { limit: RESULTS_PER_PAGE, offset: intent.offset });
  const paging = intent.paging ? { replaceOriginal: true } : {};
  if (result.hits.length === 0) {
    if (intent.offset > 0)
      return { ...toAsker({ kind: "info", message: MESSAGES.noMoreResults }), ...paging };
    const suggestions = searchSuggestions(index, intent.query);
    return toAsker({ kind: "notFound", what: "results", query: intent.query, suggestions });
  }
  const shown = intent.offset + result.hits.length;
  const notice = [result.notice, intent.shortened ? MESSAGES.queryShortened : undefined]
    .filter(Boolean)
    .join(" ");
  const reply: Reply = {
    kind: "results",
    query: intent.query,
    total: result.total,
    offset: intent.offset,
    cards: result.hits.map((hit) => ({
      ...cardOf(hit.paper),
      snippet: hit.snippet,
    })),
    ...(shown < result.total ? { nextOffset: shown } : {}),
    ...(notice ? { notice } : {}),
  };
  return { ...toAsker(reply), ...paging };
}

function authorAnswer(index: SearchIndex, intent: Extract<Intent, { kind: "author" }>): Answer {
  const lookup = index.author(intent.name);
  switch (lookup.kind) {
    case "found":
      return toAsker({ kind: "author", summary: lookup.summary });
    case "ambiguous":
      return toAsker({ kind: "ambiguous", query: intent.name, candidates: lookup.candidates });
    case "notFound": {
      if (intent.orSearch) {
        const found = searchAnswer(index, {
          kind: "search",
          query: intent.name,
          offset: 0,
          shortened: false,
          paging: false,
        });
        if (found.reply.kind === "results") return found;
      }
      const suggestions = lookup.suggestions.map((candidate) => candidate.name);
      return toAsker({ kind: "notFound", what: "author", query: intent.name, suggestions });
    }
  }
}

async function dailyAnswer(
  deps: BotDeps,
  request: BotRequest,
  intent: Extract<Intent, { kind: "dailyOn" | "dailyOff" | "dailyStatus" }>,
): Promise<Answer> {
  const { daily } = deps;
  if (!daily) return toAsker({ kind: "error", message: MESSAGES.dailyUnavailable });
  if (request.channelId.startsWith("D")) return toAsker({ kind: "info", message: MESSAGES.dailyNotInDm });
  if (intent.kind !== "dailyStatus" && request.source !== "slash") {
    return toAsker({ kind: "info", message: MESSAGES.dailySlashOnly });
  }
  try {
    const schedule =
      intent.kind === "dailyOn"
        ? daily.subscribe(
            request.channelId,
            {
              time: intent.spec.time ?? DEFAULT_DAILY_TIME,
              timeZone: intent.spec.timeZone ?? deps.defaultTimeZone,
              weekdays: intent.spec.weekdays ?? EVERY_DAY,
            },
            request.userId,
          )
        : intent.kind === "dailyOff"
          ? daily.unsubscribe(request.channelId)
          : daily.status(request.channelId);
    if (!schedule) return toAsker({ kind: "info", message: MESSAGES.dailyNotSet });
    return toAsker({ kind: "daily", schedule });
  } catch {
    return toAsker({ kind: "error", message: MESSAGES.dailyFailed });
  }
}

async function reloadAnswer(deps: BotDeps, userId: string): Promise<Answer> {
  if (!deps.reload) return toAsker({ kind: "error", message: MESSAGES.onlyAdminsReload });
  try {
    return toAsker({ kind: "info", message: await deps.reload(userId) });
  } catch {
    return toAsker({ kind: "error", message: MESSAGES.reloadFailed });
  }
}

function intentAnswer(deps: BotDeps, request: BotRequest, intent: Intent): Answer | Promise<Answer> {
  const index = deps.index();
  switch (intent.kind) {
    case "help":
      return toAsker(intent.topic ? { kind: "help", topic: intent.topic } : { kind: "help" });
    case "smallTalk":
      return toAsker({ kind: "info", message: intent.say === "hello" ? MESSAGES.hello : MESSAGES.thanks });
    case "invalid":
      return toAsker({ kind: "error", message: intent.message });
    case "search":
      return searchAnswer(index, intent);
    case "who": {
      const result = index.who(intent.topic, { limit: PEOPLE_PER_TOPIC });
      if (result.people.length === 0) {
        return toAsker({
          kind: "notFound",
          what: "results",
          query: intent.topic,
          suggestions: [...WHO_SUGGESTIONS],
        });
      }
      return toAsker({ kind: "people", topic: intent.topic, people: result.people });
    }
    case "author":
      return authorAnswer(index, intent);
    case "person": {
      const summary = index.authorByKey(intent.key);
      if (summary) return toAsker({ kind: "author", summary });
      return toAsker({ kind: "notFound", what: "author", query: intent.key, suggestions: [] });
    }
    case "paper": {
      const paper = index.paper(intent.id);
      if (!paper) return paperNotFound(intent.id);
      return toAsker({ kind: "card", card: { ...cardOf(paper), ...(intent.full ? { full: true } : {}) } });
    }
    case "similar": {
      const paper = index.paper(intent.id);
      const hits = paper ? index.similar(paper.id, { limit: SIMILAR_PER_PAPER }) : undefined;
      if (!paper || !hits) return paperNotFound(intent.id);
      if (hits.length === 0) return toAsker({ kind: "info", message: MESSAGES.noSimilar });
      return toAsker({ kind: "similar", of: paper, cards: hits.map((hit) => cardOf(hit.paper)) });
    }
    case "share": {
      const paper = index.paper(intent.id);
      if (!paper) return paperNotFound(intent.id);
      const card: Card = { paper, sharedBy: request.userId, buttons: ["similar", "moreBy", "full"] };
      return { reply: { kind: "card", card }, audience: "channel" };
    }
    case "random": {
      if (index.paperIds().length === 0) return toAsker({ kind: "info", message: MESSAGES.emptyCorpus });
      const paper = index.random(() => deps.random());
      const card = cardOf(paper, [...LIST_BUTTONS, "reroll"]);
      return toAsker({ kind: "card", card, title: intent.title ?? "A paper to read" });
    }
    case "stats": {
      return toAsker({ kind: "stats", ...index.stats() });
    }
    case "reload":
      return reloadAnswer(deps, request.userId);
    case "dailyOn":
    case "dailyOff":
    case "dailyStatus":
      return dailyAnswer(deps, request, intent);
  }
}

/** What the bot answers to a request, and who sees it. Never throws for user input: bad input gets a friendly reply. */
export async function answer(deps: BotDeps, request: BotRequest): Promise<Answer> {
  return intentAnswer(deps, request, intentOf(request));
}
