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
import type { Intent } from "./intents.js";
import { MESSAGES } from "./messages.js";
import {
  ABSTRACT_OF,
  ABSTRACT_OF_THIS,
  AUTHOR,
  LEAD_INS,
  LIKE_NAMED,
  LIKE_THIS,
  LOOSE_AUTHOR,
  MORE_BY_THEM,
  OTHERS,
  SIMILAR,
  TRAILING,
  WHO,
  WHO_TOPIC_NOISE,
  WHO_WROTE,
  WHO_WROTE_THIS,
  WORKED_WITH,
} from "./phrasing-patterns.js";
import { stripped, unquoted } from "./typed-text.js";

const first = { offset: 0, paging: false } as const;

/** "follow author X" / "follow topic X" name what to follow as; else a name that resolves is a person. */
export function followIntent(rest: string): Intent {
  const as = /^(author|person|topic)\s+(.+)$/i.exec(rest);
  const what = unquoted(as?.[2] ?? rest);
  if (what === "") return { kind: "invalid", message: MESSAGES.needsFollow };
  const kind = as?.[1]?.toLowerCase();
  return { kind: "follow", what, ...(kind ? { as: kind === "topic" ? "topic" : "author" } : {}) };
}

/** The first group of `pattern` in `lower`, cut from `original` to keep its spelling; undefined when it does not match or is empty. */
function argOf(pattern: RegExp, lower: string, original: string): string | undefined {
  const match = pattern.exec(lower);
  if (match?.[1] === undefined) return undefined;
  const span = match.indices?.[1];
  const arg = stripped(
    span && lower.length === original.length ? original.slice(span[0], span[1]) : match[1],
  );
  return arg === "" ? undefined : arg;
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

const NUMBER_WORDS = ["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const NUMBER = `(\\d{1,2}|${NUMBER_WORDS.join("|")})`;
/**
 * A count opening a request: "3 papers …", "two good articles …", "the top 5 …", "first three …". Only at the start
 * (lead-ins aside), so a number that is part of a topic ("Llama 2 papers", "GPT-4", "3D", "top-k") stays a word.
 */
const COUNTED = new RegExp(
  `^(?:the )?(?:(?:top|best|first) ${NUMBER}|${NUMBER}(?= (?:(?:top|best|good|key|recent|relevant) )?(?:papers?|articles?|publications?|results?|reads?)\\b)) +`,
);

/** What a counted request says before its topic: "papers on", "good articles about". */
const COUNTED_NOUN =
  /^(?:(?:top|best|good|key|recent|relevant) )?(?:papers?|articles?|publications?|results?|reads?)(?: (?:on|about|in|regarding|for|of))? +/i;

/** How many papers a request asks for ("give me 3 papers on agents": 3), and the words it asks about ("agents"). */
export function countedOf(text: string): { count: number; rest: string } | undefined {
  const { original, lower } = withoutLeadIns(stripped(text));
  const match = COUNTED.exec(lower);
  const said = match?.[1] ?? match?.[2];
  if (match === undefined || match === null || said === undefined) return undefined;
  const asked = (lower.length === original.length ? original : lower).slice(match[0].length).trim();
  const rest = asked.replace(COUNTED_NOUN, "");
  const count = NUMBER_WORDS.includes(said) ? NUMBER_WORDS.indexOf(said) + 1 : Number(said);
  return rest === "" || count === 0 ? undefined : { count, rest };
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

/**
 * What a message in plain words asks when it is no search, in the asker's own spelling; undefined for a search,
 * which reads the words as typed (stop words aside, rare words weighing most): no phrasing of a question about papers
 * needs learning here.
 */
export function phrasedIntentOf(text: string): Intent | undefined {
  const whole = stripped(text).toLowerCase();
  if (GREETING.test(whole)) return { kind: "smallTalk", say: "hello" };
  if (THANKS.test(whole)) return { kind: "smallTalk", say: "thanks" };
  const { original, lower } = withoutLeadIns(stripped(text));
  if (lower === "") return { kind: "help" };
  if (HELP.test(lower)) return { kind: "help" };
  if (RANDOM.test(lower)) return { kind: "random" };
  if (STATS.test(lower)) return { kind: "stats" };
  if (DAILY_PREVIEW.some((pattern) => pattern.test(lower))) return { kind: "dailyPreview" };
  if (FOLLOWING.test(lower)) return { kind: "following", ...first };
  if (SAVED.test(lower)) return { kind: "saved", ...first };
  if (WHATS_NEW.test(lower)) return { kind: "whatsNew", ...first };
  const newOn = argOf(WHATS_NEW_ON, lower, original);
  if (newOn) return { kind: "whatsNew", topic: unquoted(newOn), ...first };
  for (const pattern of UNFOLLOW) {
    const what = argOf(pattern, lower, original);
    if (what) return { kind: "unfollow", what: unquoted(what) };
  }
  for (const pattern of FOLLOW) {
    const what = argOf(pattern, lower, original)?.replace(/ for me$/i, "");
    if (what) return followIntent(what);
  }
  const topic = helpTopicOf(whole);
  if (topic) return { kind: "help", topic };
  if (WHO_WROTE_THIS.test(lower)) return { kind: "threadPaper", wants: "writers" };
  if (ABSTRACT_OF_THIS.test(lower)) return { kind: "threadPaper", wants: "abstract" };
  const summarized = argOf(ABSTRACT_OF, lower, original);
  if (summarized) {
    const name = unquoted(summarized);
    return { kind: "paper", id: name.toLowerCase(), full: true, orSearch: name };
  }
  if (MORE_BY_THEM.some((pattern) => pattern.test(lower)))
    return { kind: "threadPaper", wants: "theirPapers" };
  const partner = argOf(WORKED_WITH, lower, original);
  // Someone's summary; the message is searched as typed when the name is nobody's.
  const asTyped = stripped(text);
  if (partner) return { kind: "author", name: unquoted(partner), orSearch: asTyped };
  const named = argOf(WHO_WROTE, lower, original);
  if (named) return { kind: "who", topic: topicOf(named), wrote: true, ...first };
  for (const pattern of WHO) {
    const topic = argOf(pattern, lower, original);
    const others = OTHERS.test(lower) ? { others: true } : {};
    if (topic) return { kind: "who", topic: topicOf(topic), ...others, ...first };
  }
  for (const pattern of AUTHOR) {
    const name = argOf(pattern, lower, original);
    if (name) return { kind: "author", name: unquoted(name), orSearch: asTyped };
  }
  if (LIKE_THIS.some((pattern) => pattern.test(lower)))
    return { kind: "similar", id: "this", orSearch: "this" };
  const similar = argOf(SIMILAR, lower, original) ?? argOf(LIKE_NAMED, lower, original);
  if (similar) return { kind: "similar", id: similar.toLowerCase(), orSearch: similar };
  const loose = argOf(LOOSE_AUTHOR, lower, original);
  if (loose) return { kind: "author", name: unquoted(loose), orSearch: asTyped };
  return undefined;
}
