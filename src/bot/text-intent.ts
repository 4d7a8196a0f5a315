import { namesIdentifier } from "../corpus/identifiers.js";
import { PAPER_ID_ALPHABET, PAPER_ID_LENGTH } from "../corpus/paper-id.js";
import { type Action, MOST_PER_PAGE } from "./actions.js";
import { dailySpecOf } from "./daily-spec.js";
import { HELP_TOPICS, type Intent, type ListOrigin } from "./intents.js";
import { MESSAGES } from "./messages.js";
import { askedTopicOf, countedOf, followIntent, phrasedIntentOf } from "./phrasings.js";
import type { BotRequest } from "./request.js";
import { cleanedText, POINTING, stripped, unquoted, withoutSimilarLead } from "./typed-text.js";

/** A request's intent: typed text read by its grammar, a button by its action. */

/** Longest query we search for: its button value must stay far inside Slack's 2000-character limit. */
export const MAX_QUERY_CHARS = 900;

const ID_CHARS = `[${PAPER_ID_ALPHABET}]`;
/** A whole word that could be a paper id: seven or more letters and digits of the id alphabet. */
const ID_SHAPED = new RegExp(`^${ID_CHARS}{7,51}$`, "i");
const HAS_DIGIT = /\d/;
/** An id as we give them out: seven small letters and digits of the id alphabet. */
const OUR_ID = new RegExp(`^${ID_CHARS}{${PAPER_ID_LENGTH}}$`);
const ID_START = new RegExp(`^${ID_CHARS}{1,51}$`, "i");

export function searchOf(raw: string, offset = 0, paging = false): Intent {
  const query = stripped(raw);
  if (query === "") return { kind: "help" };
  if (query.length <= MAX_QUERY_CHARS) return { kind: "search", query, offset, shortened: false, paging };
  const cut = query.slice(0, MAX_QUERY_CHARS);
  const space = cut.lastIndexOf(" ");
  const shortenedQuery = space > MAX_QUERY_CHARS / 2 ? cut.slice(0, space) : cut;
  return { kind: "search", query: shortenedQuery, offset, shortened: true, paging };
}

/** A search of typed words; a count they open with ("give me 3 papers on agents") is how many to show, not a word. */
function typedSearchOf(query: string): Intent {
  const counted = countedOf(query);
  if (counted === undefined) return searchOf(query);
  const search = searchOf(counted.rest);
  return search.kind === "search" ? { ...search, limit: Math.min(counted.count, MOST_PER_PAGE) } : search;
}

function idOf(word: string | undefined): string | undefined {
  const id = unquoted(word ?? "");
  return id === "" ? undefined : id;
}

/** A paper id typed bare ("gbvnya3") or pasted among other words ("what is `gbvnya3` about?"). */
function pastedIdOf(text: string): string | undefined {
  const words = text.split(" ").map((word) => stripped(word.replace(/^[(["'`“‘]+|[)\]"'`”’?!.,;:]+$/gu, "")));
  const [only] = words;
  if (words.length === 1 && only !== undefined && ID_SHAPED.test(only)) return only.toLowerCase();
  const pasted = words.find((word) => ID_SHAPED.test(word) && HAS_DIGIT.test(word));
  return pasted?.toLowerCase();
}

function dailyIntent(words: string[]): Intent {
  const [sub, ...rest] = words;
  const action = sub?.toLowerCase();
  if (action === undefined || action === "status") return { kind: "dailyStatus" };
  if (action === "off" || action === "stop") return { kind: "dailyOff" };
  if (action === "help") return { kind: "help", topic: "daily" };
  if (action === "preview" || action === "next" || action === "tomorrow") return { kind: "dailyPreview" };
  if (action === "on" || action === "start") {
    const parsed = dailySpecOf(rest);
    return parsed.ok
      ? { kind: "dailyOn", spec: parsed.spec }
      : { kind: "invalid", message: parsed.message, topic: "daily" };
  }
  return {
    kind: "invalid",
    message: "Use `/paper daily on`, `/paper daily off`, `/paper daily preview` or `/paper daily`.",
    topic: "daily",
  };
}

function savedIntent(words: string[]): Intent | undefined {
  const [sub, id] = words.map((word) => word.toLowerCase());
  if (sub === undefined) return { kind: "saved", offset: 0, paging: false };
  if (sub === "export" && words.length === 1) return { kind: "savedExport" };
  if ((sub === "remove" || sub === "delete") && id !== undefined) return { kind: "unsave", id: unquoted(id) };
  return undefined;
}

/** The command grammar: a keyword and its argument; undefined when the first word is no command. */
function commandIntent(text: string): Intent | undefined {
  const words = text.split(" ");
  const keyword = (words[0] ?? "").toLowerCase();
  const rest = words.slice(1).join(" ");
  switch (keyword) {
    case "":
    case "help":
    case "usage":
    case "?": {
      const topic = HELP_TOPICS.find((name) => name === rest.toLowerCase());
      if (rest !== "" && topic === undefined) return undefined;
      return { kind: "help", ...(topic ? { topic } : {}) };
    }
    case "author":
    case "by": {
      const name = unquoted(rest);
      return name ? { kind: "author", name } : { kind: "invalid", message: MESSAGES.needsName };
    }
    case "id": {
      const id = idOf(words[1]);
      return id ? { kind: "paper", id, full: false } : { kind: "invalid", message: MESSAGES.needsId };
    }
    case "paper": {
      // "paper gbvnya3" opens a paper; "paper about RLHF" is a question.
      const id = idOf(words[1]);
      if (words.length > 2 || (id !== undefined && !ID_SHAPED.test(id))) return undefined;
      return id ? { kind: "paper", id, full: false } : { kind: "invalid", message: MESSAGES.needsId };
    }
    case "similar":
    case "like": {
      const args = words.slice(words[1]?.toLowerCase() === "to" ? 2 : 1);
      const id = idOf(args[0]);
      if (keyword === "like" && (id === undefined || !ID_SHAPED.test(id))) return undefined;
      // "similar" alone is "more like this": in a card's thread, that card's paper; elsewhere, which one is asked.
      if (id === undefined) return { kind: "similar", id: "this", orSearch: "this" };
      // An id, or alone and with a digit its start ("similar 5w9y"); other words are searched if no id fits.
      const asId = ID_SHAPED.test(id) || (args.length === 1 && ID_START.test(id) && HAS_DIGIT.test(id));
      // A word no id of ours looks like (capitals, not seven letters) is a paper's name too: "similar AgentGym".
      const named = args.length === 1 && !HAS_DIGIT.test(id) && !OUR_ID.test(id);
      if (asId) return named ? { kind: "similar", id, orSearch: id } : { kind: "similar", id };
      // "similar papers to RMB": the paper is RMB; "similar papers to this": the one the thread is about.
      const typed = withoutSimilarLead(args.join(" "));
      return { kind: "similar", id, orSearch: POINTING.test(typed) ? "this" : typed };
    }
    case "bib":
    case "bibtex": {
      // "bib 5w9y4r6" by its id; "bib secrets of rlhf part ii" the paper those words name or find first.
      const id = idOf(words[1]);
      if (id === undefined) return { kind: "invalid", message: MESSAGES.needsBibPaper };
      // One word is an id, or a paper's name when no paper has that id ("bib agentgym"); "bibtex entry for the
      // PPO-max paper" names PPO-max.
      const named = rest.replace(/^(?:entry |key )?(?:for |of )?(?:the |our )?/i, "").replace(/ paper$/i, "");
      const asked = named === rest ? id : (idOf(named.split(" ")[0]) ?? id);
      return { kind: "bibtex", id: asked, orSearch: named };
    }
    case "share": {
      // "share 5w9y4r6": the card in the channel, as its Share button posts it; other words are searched.
      const id = idOf(words[1]);
      return words.length === 2 && id !== undefined && ID_SHAPED.test(id) ? { kind: "share", id } : undefined;
    }
    case "random":
      return rest === "" ? { kind: "random" } : undefined;
    case "stats":
      return rest === "" ? { kind: "stats" } : undefined;
    case "reload":
      return rest === "" ? { kind: "reload" } : undefined;
    case "daily":
      return dailyIntent(words.slice(1));
    case "search":
      return typedSearchOf(rest.replace(/^for /i, ""));
    case "follow":
      return followIntent(rest);
    case "unfollow": {
      const what = unquoted(rest);
      return what ? { kind: "unfollow", what } : { kind: "invalid", message: MESSAGES.needsUnfollow };
    }
    case "following":
    case "follows":
      return rest === "" ? { kind: "following", offset: 0, paging: false } : undefined;
    case "saved":
      return savedIntent(words.slice(1));
    case "save":
    case "unsave": {
      const id = idOf(words[1]);
      if (words.length !== 2 || id === undefined) return undefined;
      return keyword === "save" ? { kind: "save", id } : { kind: "unsave", id };
    }
    case "new":
      return rest === "" ? { kind: "whatsNew", offset: 0, paging: false } : undefined;
    default:
      return undefined;
  }
}

/** One reading of typed text for every surface: a command, a phrased request, a pasted id, else a search. */
export function textIntentOf(typed: string): Intent {
  const text = cleanedText(typed);
  const command = commandIntent(text);
  if (command !== undefined) return command;
  const phrased = phrasedIntentOf(text);
  if (phrased !== undefined) return phrased;
  if (/^who\b/i.test(text)) {
    const topic = askedTopicOf(text) ?? unquoted(text.slice(3));
    return topic
      ? { kind: "who", topic, offset: 0, paging: false }
      : { kind: "invalid", message: MESSAGES.needsTopic };
  }
  const query = stripped(text);
  // A DOI or arXiv id or link, or one word with digits or marks a citation key has ("zhou2024rmb"): that paper.
  if (namesIdentifier(query) || /^(?=\S*[\d:/])[\p{L}\p{N}:/._+-]+$/u.test(query))
    return { kind: "paper", id: query, full: false, orSearch: query };
  const id = pastedIdOf(query);
  if (id !== undefined) return { kind: "paper", id, full: false, orSearch: unquoted(query) };
  return typedSearchOf(query.replace(ASKED_TO_SEARCH, ""));
}

/** "can you search for …": a request to search, whose verb is no word to find, as `search` is ("search engines"). */
const ASKED_TO_SEARCH =
  /^(?:(?:can|could|would|will) you(?: please)?|please|pls|plz) search(?: for)? (?=\S)/i;

function originOf(from: { l: "f" | "s"; o: number }): ListOrigin {
  return { list: from.l === "f" ? "following" : "saved", offset: from.o };
}

/** The intent of a request; never throws, whatever the text holds. */
export function intentOf(request: BotRequest): Intent {
  return request.source === "action" ? actionIntentOf(request.action) : textIntentOf(request.text);
}

/** What a button (or a DM's "more", which goes on as its Show more would) asks. */
export function actionIntentOf(action: Action): Intent {
  switch (action.a) {
    case "share":
      return { kind: "share", id: action.id };
    case "similar":
      return action.o === undefined
        ? { kind: "similar", id: action.id }
        : { kind: "similar", id: action.id, offset: action.o, paging: true };
    case "full":
      return { kind: "paper", id: action.id, full: true };
    case "open":
      return { kind: "paper", id: action.id, full: false };
    case "bib":
      return { kind: "bibtex", id: action.id };
    case "by":
    case "author":
      return { kind: "person", key: action.person };
    case "page": {
      const intent = searchOf(action.q, action.offset, true);
      return action.n === undefined || intent.kind !== "search" ? intent : { ...intent, limit: action.n };
    }
    case "who":
      return { kind: "who", topic: action.t, offset: action.offset, paging: true };
    case "whoLike":
      return {
        kind: "whoLike",
        id: action.id,
        others: action.e ?? false,
        offset: action.offset,
        paging: true,
      };
    case "reroll":
      return { kind: "random", title: "Another paper", seen: action.seen };
    case "follow":
      return {
        kind: "followKey",
        follow: action.k === "a" ? "author" : "topic",
        target: action.t,
        ...(action.n === undefined ? {} : { name: action.n }),
      };
    case "unfollow":
      return {
        kind: "unfollowKey",
        follow: action.k === "a" ? "author" : "topic",
        target: action.t,
        ...(action.from ? { from: originOf(action.from) } : {}),
      };
    case "following":
      return { kind: "following", offset: action.o, paging: true };
    case "save":
      return { kind: "save", id: action.id };
    case "unsave":
      return { kind: "unsave", id: action.id, ...(action.from ? { from: originOf(action.from) } : {}) };
    case "saved":
      return { kind: "saved", offset: action.o, paging: true };
    case "export":
      return { kind: "savedExport" };
    case "digest":
      return { kind: "digest", id: action.d, offset: action.o };
    case "new":
      return { kind: "whatsNew", offset: action.o, paging: true, ...(action.t ? { topic: action.t } : {}) };
    case "daily":
      // Only the Home tab offers these, and its listener acts on them itself.
      return { kind: "invalid", message: MESSAGES.dailyFromHome };
    case "ask":
      return { kind: "help" };
  }
}
