import { type DailySpecRequest, dailySpecOf } from "./daily-spec.js";
import type { BotRequest } from "./request.js";

/** What the asker wants, read from a slash command, a mention, a DM or a button. */
export type Intent =
  | { kind: "help"; topic?: "daily" }
  | { kind: "smallTalk"; say: "hello" | "thanks" }
  | { kind: "search"; query: string; offset: number; shortened: boolean; paging: boolean }
  | { kind: "who"; topic: string }
  /** `orSearch`: a loose question ("tell me about X") falls back to a search when X is nobody. */
  | { kind: "author"; name: string; orSearch: boolean }
  | { kind: "person"; key: string }
  | { kind: "paper"; id: string; full: boolean }
  | { kind: "similar"; id: string }
  | { kind: "share"; id: string }
  | { kind: "random"; title?: string }
  | { kind: "stats" }
  | { kind: "reload" }
  | { kind: "dailyOn"; spec: DailySpecRequest }
  | { kind: "dailyOff" }
  | { kind: "dailyStatus" }
  | { kind: "invalid"; message: string; topic?: "daily" };

/** Longest query we search for: its button value must stay far inside Slack's 2000-character limit. */
export const MAX_QUERY_CHARS = 900;

export const NEEDS_NAME = "Whose papers? Try `/paper author Enyu Zhou`.";
export const NEEDS_TOPIC = "Which topic? Try `/paper who reward models`.";
export const NEEDS_ID = "Which paper? Give its id, e.g. `/paper id 2f9k3xa` (every card shows one).";

/**
 * What the user typed, from Slack's wire format: Slack sends `&`, `<`, `>` as entities and wraps links, user,
 * channel and broadcast mentions in `<…>`; links become their label, mentions their name, broadcasts nothing.
 */
export function typedTextOf(text: string): string {
  return text
    .replace(/<([^<>]*)>/g, (_, inner: string) => {
      const [target = "", label] = inner.split("|", 2);
      if (target.startsWith("!")) return "";
      if (target.startsWith("#")) return label ? `#${label}` : "";
      if (target.startsWith("@")) return label ?? "";
      return label ?? target.replace(/^mailto:/, "");
    })
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Typed text with control characters and extra spaces removed. */
function cleaned(text: string): string {
  let clean = "";
  for (const char of typedTextOf(text).normalize("NFC")) {
    clean += char.charCodeAt(0) < 0x20 || char === "\u007f" ? " " : char;
  }
  return clean.replace(/\s+/g, " ").trim();
}

/** A question's trailing punctuation and wrapping quotes removed: "papers on RLHF?" asks about "RLHF". */
function stripped(text: string): string {
  return text
    .replace(/[\s?!.,;:]+$/u, "")
    .replace(/^["“'‘]+|["”'’]+$/gu, "")
    .trim();
}

function searchOf(raw: string, offset = 0, paging = false): Intent {
  const query = stripped(raw);
  if (query === "") return { kind: "help" };
  if (query.length <= MAX_QUERY_CHARS) return { kind: "search", query, offset, shortened: false, paging };
  const cut = query.slice(0, MAX_QUERY_CHARS);
  const space = cut.lastIndexOf(" ");
  const shortenedQuery = space > MAX_QUERY_CHARS / 2 ? cut.slice(0, space) : cut;
  return { kind: "search", query: shortenedQuery, offset, shortened: true, paging };
}

function idOf(word: string | undefined): string | undefined {
  const id = stripped(word ?? "").replace(/^`|`$/g, "");
  return id === "" ? undefined : id;
}

function dailyIntent(words: string[]): Intent {
  const [sub, ...rest] = words;
  const action = sub?.toLowerCase();
  if (action === undefined || action === "status") return { kind: "dailyStatus" };
  if (action === "off" || action === "stop") return { kind: "dailyOff" };
  if (action === "help") return { kind: "help", topic: "daily" };
  if (action === "on" || action === "start") {
    const parsed = dailySpecOf(rest);
    return parsed.ok
      ? { kind: "dailyOn", spec: parsed.spec }
      : { kind: "invalid", message: parsed.message, topic: "daily" };
  }
  return {
    kind: "invalid",
    message: "Use `/paper daily on`, `/paper daily off` or `/paper daily`.",
    topic: "daily",
  };
}

/** The slash grammar: a keyword and its argument, anything else is a search. */
function commandIntent(text: string): Intent | undefined {
  const words = text.split(" ");
  const keyword = (words[0] ?? "").toLowerCase();
  const rest = words.slice(1).join(" ");
  switch (keyword) {
    case "":
    case "help":
    case "usage":
    case "?":
      return { kind: "help", ...(rest.toLowerCase() === "daily" ? { topic: "daily" as const } : {}) };
    case "author":
    case "by": {
      const name = stripped(rest);
      return name ? { kind: "author", name, orSearch: false } : { kind: "invalid", message: NEEDS_NAME };
    }
    case "who": {
      const topic = askedTopicOf(`who ${rest}`) ?? stripped(rest);
      return topic ? { kind: "who", topic } : { kind: "invalid", message: NEEDS_TOPIC };
    }
    case "id":
    case "paper": {
      const id = idOf(words[1]);
      return id ? { kind: "paper", id, full: false } : { kind: "invalid", message: NEEDS_ID };
    }
    case "similar":
    case "like": {
      const id = idOf(words[1]);
      return id ? { kind: "similar", id } : { kind: "invalid", message: NEEDS_ID };
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
    case "find":
      return searchOf(rest);
    default:
      return undefined;
  }
}

const GREETING =
  /^(hi|hello|hey|hiya|howdy|yo|good (morning|afternoon|evening)|morning)( (there|paperbot|all|folks|team))?$/;
const THANKS =
  /^(thanks|thank you|thx|ty|cheers|many thanks|thanks a lot|great,? thanks)( (paperbot|a lot|so much))?$/;
const HELP = /^(help|usage|commands|what can you do|how does this work|what do you do|how do i use you)$/;
const RANDOM =
  /^(something random|surprise me|random|a random paper|random paper|(give me|show me|pick) (something|a paper|a random paper|anything)|anything)$/;
const WHO = [
  /^who (?:else )?(?:has |have |is |are |'s )?(?:worked|works|working|work|knows?|written|writes|wrote|researched|researches|studied|studies|published) (?:on|about|in|with|regarding)? ?(.+)$/d,
  /^(?:who is|who's|who are) (?:the |an |a )?(?:experts?|specialists?) (?:on|in|at|about) (.+)$/d,
  /^(?:any )?(?:experts?|specialists?|people) (?:on|in|at|about|working on|who know about) (.+)$/d,
  /^(?:does )?any(?:one|body) (?:work|works|working|know|knows) (?:on|about) (.+)$/d,
];
const PAPERS =
  /^(?:(?:any|show me|find|find me|list|search(?: for)?|look for|i need|are there)\s+)?(?:papers?|work|research|articles?|publications?)\s+(?:on|about|regarding|re|for|covering|mentioning)\s+(.+)$/d;
const AUTHOR = [
  /^tell me about (.+)$/d,
  /^(?:what|which papers?) (?:has|have|did) (.+?) (?:written|write|published|publish)$/d,
  /^(?:papers?|work) (?:by|from) (.+)$/d,
  /^who is (.+)$/d,
];

/** The topic of "who has worked on X"-style wording, keeping the typed spelling; undefined for other text. */
function askedTopicOf(text: string): string | undefined {
  const original = stripped(text);
  const lower = original.toLowerCase();
  for (const pattern of WHO) {
    const match = pattern.exec(lower);
    const span = match?.indices?.[1];
    if (span)
      return stripped(
        lower.length === original.length ? original.slice(span[0], span[1]) : lower.slice(span[0], span[1]),
      );
  }
  return undefined;
}

/** A plain question from a mention or a DM; the slash grammar works there too. */
function questionIntent(text: string): Intent {
  const original = stripped(text);
  const folded = original.toLowerCase();
  const prefix = /^(please|pls|hey paperbot|paperbot)[, ]+/.exec(folded)?.[0].length ?? 0;
  const lower = folded.slice(prefix);
  if (lower === "") return { kind: "help" };
  if (GREETING.test(lower)) return { kind: "smallTalk", say: "hello" };
  if (THANKS.test(lower)) return { kind: "smallTalk", say: "thanks" };
  if (HELP.test(lower)) return { kind: "help" };
  if (RANDOM.test(lower)) return { kind: "random" };
  // Matching runs on lower case; the argument is cut from the original text to keep its spelling.
  const argOf = (match: RegExpExecArray): string => {
    const span = match.indices?.[1];
    const aligned = folded.length === original.length;
    const arg = span && aligned ? original.slice(prefix + span[0], prefix + span[1]) : (match[1] ?? "");
    return stripped(arg);
  };
  for (const pattern of WHO) {
    const match = pattern.exec(lower);
    if (match) return { kind: "who", topic: argOf(match) };
  }
  const papers = PAPERS.exec(lower);
  if (papers) return searchOf(argOf(papers));
  for (const pattern of AUTHOR) {
    const match = pattern.exec(lower);
    const name = match ? argOf(match) : "";
    if (name) return { kind: "author", name, orSearch: true };
  }
  const rest = original.slice(prefix);
  return commandIntent(rest) ?? searchOf(rest);
}

/** The intent of a request; never throws, whatever the text holds. */
export function intentOf(request: BotRequest): Intent {
  switch (request.source) {
    case "action": {
      const { action } = request;
      switch (action.a) {
        case "share":
          return { kind: "share", id: action.id };
        case "similar":
          return { kind: "similar", id: action.id };
        case "full":
          return { kind: "paper", id: action.id, full: true };
        case "by":
        case "author":
          return { kind: "person", key: action.person };
        case "page":
          return searchOf(action.q, action.offset, true);
        case "reroll":
          return { kind: "random", title: "Another paper" };
      }
      break;
    }
    case "slash": {
      const text = cleaned(request.text);
      return commandIntent(text) ?? searchOf(text);
    }
    case "mention":
    case "dm":
      return questionIntent(cleaned(request.text));
  }
}
