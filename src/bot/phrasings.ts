import { MOST_PER_PAGE } from "./actions.js";
import {
  DAILY_PREVIEW,
  FOLLOW,
  FOLLOWING,
  GREETING,
  HELP,
  helpTopicOf,
  RANDOM,
  SAVED,
  STATS,
  THANKS,
  UNFOLLOW,
  WHATS_NEW,
  WHATS_NEW_ON,
} from "./feature-phrasings.js";
import type { HelpTopic, ThreadPaperQuestion } from "./intents.js";
import {
  ABSTRACT_OF,
  ABSTRACT_OF_THIS,
  AUTHOR,
  AUTHOR_ON_TOPIC,
  COMPARE,
  COUNTED,
  LEAD_INS,
  LIKE_NAMED,
  LIKE_THIS,
  LOOSE_AUTHOR,
  MORE_BY_THEM,
  NUMBER_WORDS,
  OTHERS,
  SEARCH,
  SIMILAR,
  TRAILING,
  WHO,
  WHO_TOPIC_NOISE,
  WHO_WROTE,
  WHO_WROTE_THIS,
  WHOLE_GROUP,
  WORKED_WITH,
} from "./phrasing-patterns.js";
import { stripped, unquoted } from "./typed-text.js";

/** What a plain-words question asks for, with its argument in the asker's own spelling. */
export type Phrased =
  /** `wrote`: "who wrote X?", where X may be one paper's name ("who wrote StepCoder?"); `others`: who else. */
  | { kind: "who"; topic: string; wrote?: true; others?: true }
  | { kind: "author"; name: string; orSearch: boolean }
  /** `limit`: as many papers as were asked for ("give me 3 papers on agents"). */
  | { kind: "search"; query: string; limit?: number }
  | { kind: "similar"; id: string; orSearch: string }
  /** "summarize RMB": the paper of that name (or id), its whole abstract; else a search for the words. */
  | { kind: "paper"; id: string; full: true; orSearch: string }
  /** "who wrote this?", "more by these authors", "summarize this", in a thread under a card. */
  | { kind: "threadPaper"; wants: ThreadPaperQuestion }
  | { kind: "random" }
  | { kind: "stats" }
  | { kind: "dailyPreview" }
  | { kind: "help"; topic?: HelpTopic }
  | { kind: "smallTalk"; say: "hello" | "thanks" }
  | { kind: "follow"; what: string }
  | { kind: "unfollow"; what: string }
  | { kind: "following" }
  | { kind: "saved" }
  | { kind: "whatsNew"; topic?: string };

/** The groups of `pattern` in `lower`, each cut from `original` to keep its spelling; undefined when it does not match. */
function argsOf(pattern: RegExp, lower: string, original: string): string[] | undefined {
  const match = pattern.exec(lower);
  if (!match) return undefined;
  const aligned = lower.length === original.length;
  return match.slice(1).map((group, at) => {
    const span = match.indices?.[at + 1];
    return stripped(span && aligned ? original.slice(span[0], span[1]) : (group ?? ""));
  });
}

/** The first group of `pattern` in `lower`, in the typed spelling; undefined when it does not match or is empty. */
function argOf(pattern: RegExp, lower: string, original: string): string | undefined {
  const [arg] = argsOf(pattern, lower, original) ?? [];
  return arg === undefined || arg === "" ? undefined : arg;
}

/** An AUTHOR_ON_TOPIC phrasing as a search of the topic and the name. */
function authorTopicQueryOf(lower: string, original: string): string | undefined {
  for (const pattern of AUTHOR_ON_TOPIC) {
    const [name, topic] = argsOf(pattern, lower, original) ?? [];
    if (!topic) continue;
    // The search reads a name among the words (slips and a surname alone too) and says whose papers these are.
    return name === undefined || WHOLE_GROUP.test(name) ? topic : `${topic} ${unquoted(name)}`;
  }
  return undefined;
}

/** "give me 3 papers on agents": a search shown that many papers at a time (up to MOST_PER_PAGE). */
function countedSearchOf(lower: string, original: string): Phrased | undefined {
  const [said, query] = argsOf(COUNTED, lower, original) ?? [];
  if (!said || !query) return undefined;
  const count = NUMBER_WORDS.includes(said.toLowerCase())
    ? NUMBER_WORDS.indexOf(said.toLowerCase()) + 1
    : Number(said);
  return count > 0
    ? { kind: "search", query, limit: Math.min(count, MOST_PER_PAGE) }
    : { kind: "search", query };
}

/** Text without lead-ins and trailing courtesies, in both spellings, kept aligned. */
function withoutLeadIns(original: string): { original: string; lower: string } {
  let text = original;
  for (let round = 0; round < 4; round++) {
    const lower = text.toLowerCase();
    const lead = LEAD_INS.map((pattern) => pattern.exec(lower)?.[0].length ?? 0).find((n) => n > 0);
    if (lead === undefined || lead >= text.length) break;
    text = text.slice(lead);
  }
  const lowerEnd = text.toLowerCase();
  const tail = TRAILING.exec(lowerEnd);
  if (tail && tail.index > 0 && lowerEnd.length === text.length) text = text.slice(0, tail.index);
  text = stripped(text);
  return { original: text, lower: text.toLowerCase() };
}

/** A who-topic without the words around it that are not the topic: "speculative decoding", not "… lately". */
function topicOf(raw: string): string {
  const cut = raw.replace(WHO_TOPIC_NOISE, (noise) => (noise.length < raw.length ? "" : noise));
  return unquoted(cut.replace(/^(?:the|a|an) (?=\S)/i, ""));
}

/** The topic of "who has worked on X"-style wording, in the typed spelling; undefined for other text. */
export function askedTopicOf(text: string): string | undefined {
  const { original, lower } = withoutLeadIns(stripped(text));
  for (const pattern of WHO) {
    const topic = argOf(pattern, lower, original);
    if (topic) return topicOf(topic);
  }
  return undefined;
}

/** What a question in plain words asks, or undefined when it reads as search words. */
export function phrasedIntentOf(text: string): Phrased | undefined {
  const whole = stripped(text).toLowerCase();
  if (GREETING.test(whole)) return { kind: "smallTalk", say: "hello" };
  if (THANKS.test(whole)) return { kind: "smallTalk", say: "thanks" };
  const { original, lower } = withoutLeadIns(stripped(text));
  if (lower === "") return { kind: "help" };
  if (HELP.test(lower)) return { kind: "help" };
  if (RANDOM.test(lower)) return { kind: "random" };
  if (STATS.test(lower)) return { kind: "stats" };
  if (DAILY_PREVIEW.some((pattern) => pattern.test(lower))) return { kind: "dailyPreview" };
  if (FOLLOWING.test(lower)) return { kind: "following" };
  if (SAVED.test(lower)) return { kind: "saved" };
  if (WHATS_NEW.test(lower)) return { kind: "whatsNew" };
  const newOn = argOf(WHATS_NEW_ON, lower, original);
  if (newOn) return { kind: "whatsNew", topic: unquoted(newOn) };
  for (const pattern of UNFOLLOW) {
    const what = argOf(pattern, lower, original);
    if (what) return { kind: "unfollow", what: unquoted(what) };
  }
  for (const pattern of FOLLOW) {
    const what = argOf(pattern, lower, original)?.replace(/ for me$/i, "");
    if (what) return { kind: "follow", what: unquoted(what) };
  }
  const topic = helpTopicOf(whole);
  if (topic) return { kind: "help", topic };
  if (WHO_WROTE_THIS.test(lower)) return { kind: "threadPaper", wants: "writers" };
  if (ABSTRACT_OF_THIS.test(lower)) return { kind: "threadPaper", wants: "abstract" };
  const summarized = ABSTRACT_OF.map((pattern) => argOf(pattern, lower, original)).find(Boolean);
  if (summarized) {
    const name = unquoted(summarized);
    return { kind: "paper", id: name.toLowerCase(), full: true, orSearch: name };
  }
  if (MORE_BY_THEM.some((pattern) => pattern.test(lower)))
    return { kind: "threadPaper", wants: "theirPapers" };
  const partner = argOf(WORKED_WITH, lower, original);
  if (partner) return { kind: "author", name: unquoted(partner), orSearch: true };
  const named = argOf(WHO_WROTE, lower, original);
  if (named) return { kind: "who", topic: topicOf(named), wrote: true };
  for (const pattern of WHO) {
    const topic = argOf(pattern, lower, original);
    if (topic) return { kind: "who", topic: topicOf(topic), ...(OTHERS.test(lower) ? { others: true } : {}) };
  }
  const byAuthor = authorTopicQueryOf(lower, original);
  if (byAuthor) return { kind: "search", query: byAuthor };
  for (const pattern of AUTHOR) {
    const name = argOf(pattern, lower, original);
    // "papers by Enyu Zhou and Rui Zheng": a search, which reads both names and says whose papers these are.
    if (name && / (?:and|&) /i.test(name)) return { kind: "search", query: unquoted(name) };
    if (name) return { kind: "author", name: unquoted(name), orSearch: false };
  }
  if (LIKE_THIS.some((pattern) => pattern.test(lower)))
    return { kind: "similar", id: "this", orSearch: "this" };
  const similar = argOf(SIMILAR, lower, original) ?? argOf(LIKE_NAMED, lower, original);
  if (similar) return { kind: "similar", id: similar.toLowerCase(), orSearch: similar };
  const loose = argOf(LOOSE_AUTHOR, lower, original);
  if (loose) return { kind: "author", name: unquoted(loose), orSearch: true };
  const compared = COMPARE.map((pattern) => argsOf(pattern, lower, original)).find(Boolean);
  if (compared) return { kind: "search", query: compared.map(unquoted).join(" ") };
  const counted = countedSearchOf(lower, original);
  if (counted) return counted;
  for (const pattern of SEARCH) {
    const query = argOf(pattern, lower, original);
    if (query) return { kind: "search", query };
  }
  return original === stripped(text) ? undefined : { kind: "search", query: original };
}
