export const HEADLINE_MAX = 140;

const VERB =
  "(?:propose|proposes|introduce|introduces|present|presents|develop|develops|explore|design|designs|build|builds|construct|constructs|release|releases|create|creates|offer|offers)";
const TOKEN = "[\\p{L}\\p{N}](?:[\\p{L}\\p{N}'’+.-]*[\\p{L}\\p{N}+])?";
const LINK_WORDS = "with|of|for|and|the|from|to|in|on|via|by|under|through";
const LONG_WORDS = `\\p{Lu}[\\p{L}\\p{N}-]*(?:\\s+(?:\\p{Lu}[\\p{L}\\p{N}-]*|${LINK_WORDS})){1,9}`;
const NAME_PHRASE = `(?:(?<long>${LONG_WORDS})\\s+\\((?<short>${TOKEN})\\)|(?<token>${TOKEN})(?:\\s+\\((?<paren>[^()]{1,120})\\))?)`;

/** "we introduce AgentGym-RL, a new framework …", "we propose R³: Learning …" */
const NAME_FIRST = new RegExp(`${VERB}\\s+(?:the\\s+)?${NAME_PHRASE}(?<sep>,\\s+|:\\s+)(?<rest>.+)$`, "uy");
/** "we propose a novel method, AgentEvol, to investigate …" */
const DESCRIPTION_COMMA_NAME = new RegExp(
  `${VERB}\\s+(?<desc>(?:a|an|the)\\s+[^,.;:()]{2,80}?),\\s+${NAME_PHRASE}(?<rest>,.*)$`,
  "uy",
);
/** "we propose a … framework called CARD, which …" */
const DESCRIPTION_NAMED = new RegExp(
  `${VERB}\\s+(?<desc>(?:(?:a|an|the)\\s+)?[^,.;:()]{2,120}?)\\s+(?:named|called|dubbed|termed|coined)\\s+${NAME_PHRASE}(?<rest>.*)$`,
  "uy",
);
/** "In this paper, we perform a comprehensive survey on …", "This work aims to provide an …" */
const CONTRIBUTION =
  /(?:we|this (?:paper|work|report|study|survey|article))\s+(?:(?:also|then|further|first|here|now|aims? to|attempts? to|seeks? to)\s+)*(?:propose|present|introduce|perform|conduct|provide|offer|develop|construct|build|design|describe)s?\s+(?<object>(?:a|an|the)\s.+)$/iuy;
const VERB_AT = new RegExp(`\\b${VERB}\\b`, "g");
const SUBJECT_AT = /\b(?:we|this)\b/gi;
const CONTINUATION = /^(?:a|an|the|which|that|to|our)\b/u;
const NOT_NAMES = new Set([
  "a",
  "an",
  "the",
  "our",
  "this",
  "that",
  "these",
  "those",
  "it",
  "we",
  "two",
  "three",
  "several",
  "new",
  "novel",
  "both",
  "each",
  "here",
  "in",
  "to",
]);
const DANGLING_WORDS =
  /(?:\s+(?:a|an|the|to|of|and|or|with|for|in|on|by|that|which|is|are|be|as|at|from|via|into|its|their|our))+$/iu;
const ABBREVIATION_END =
  /(?:\be\.g|\bi\.e|\bet al|\bvs|\bcf|\bFigs?|\bEqs?|\bSec|\bapprox|\bresp|\bNo|(?:^|[\s(])\p{Lu})\.$/u;
const SENTENCE_START = /[\p{Lu}\p{N}“"([]/u;

/** Whether a UTF-16 unit is whitespace as `\s` in a regular expression sees it. */
function isSpaceUnit(c: number): boolean {
  if (c <= 0x20) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  if (c < 0xa0) return false;
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Index of the next ".", "!" or "?" at or after `from`, given the last found position of each (or -1). */
class StopFinder {
  private readonly at = [-2, -2, -2];
  constructor(private readonly text: string) {}

  next(from: number): number {
    let best = -1;
    for (let k = 0; k < 3; k++) {
      let p = this.at[k] ?? -1;
      if (p !== -1 && p < from) {
        p = this.text.indexOf(k === 0 ? "." : k === 1 ? "!" : "?", from);
        this.at[k] = p;
      }
      if (p !== -1 && (best === -1 || p < best)) best = p;
    }
    return best;
  }
}

/** Splits an abstract into sentences, keeping "e.g." and "et al." inside theirs. */
export function sentencesOf(text: string): string[] {
  const sentences: string[] = [];
  const stops = new StopFinder(text);
  let start = 0;
  // Same boundaries as scanning /[.!?]\s+/g, but by indexOf: a stop, then a run of whitespace.
  for (let stop = stops.next(0); stop !== -1; ) {
    let after = stop + 1;
    while (after < text.length && isSpaceUnit(text.charCodeAt(after))) after += 1;
    if (after === stop + 1) {
      stop = stops.next(after);
      continue;
    }
    const end = stop + 1;
    const next = text.charAt(after);
    stop = stops.next(after);
    if (!SENTENCE_START.test(next) || ABBREVIATION_END.test(text.slice(Math.max(start, end - 12), end)))
      continue;
    const sentence = text.slice(start, end).trim();
    if (sentence.length > 0) sentences.push(sentence);
    start = end;
  }
  const last = text.slice(start).trim();
  if (last.length > 0) sentences.push(last);
  return sentences;
}

function withoutFinalStop(text: string): string {
  return text.replace(/[\s.]+$/u, "");
}

function capitalised(text: string): string {
  return text.charAt(0).toLocaleUpperCase("en") + text.slice(1);
}

/** Shortens at a word boundary (preferring a late comma) to at most `max` characters, ending with "…" when cut. */
export function shortenText(text: string, max = HEADLINE_MAX): string {
  if (text.length <= max) return text;
  const room = text.slice(0, max - 1);
  let cut = room.lastIndexOf(" ");
  const comma = room.lastIndexOf(", ");
  if (comma >= max * 0.6) cut = comma;
  if (cut <= 0) cut = max - 1;
  let kept = room.slice(0, cut);
  const open = kept.lastIndexOf("(");
  if (open > kept.lastIndexOf(")")) kept = kept.slice(0, open);
  kept = kept.replace(/[\s,;:–—-]+$/u, "").replace(DANGLING_WORDS, "");
  return `${kept}…`;
}

/** A description ends at a colon or semicolon that opens a list or a second clause. */
function clippedDescription(text: string): string {
  const stop = text.search(/[:;]\s/u);
  return stop > 0 ? `${text.slice(0, stop)}…` : text;
}

/** What follows the name in "…, NAME, which is designed to …" joined onto the description. */
function joinedRest(rest: string): string {
  const text = withoutFinalStop(rest);
  if (text.length === 0) return "";
  const patterns: [RegExp, string][] = [
    [/^,\s+(?:which|that) (?:is|are)\s+/u, " "],
    [/^,\s+(?:which|that)\s+/u, " that "],
    [/^,\s+to\s+/u, " to "],
  ];
  for (const [pattern, joint] of patterns) {
    if (pattern.test(text)) return `${joint}${text.replace(pattern, "")}`;
  }
  return "";
}

interface NameGroups {
  long?: string;
  short?: string;
  token?: string;
  paren?: string;
}

function nameOf(groups: NameGroups): { name: string; core: string } | undefined {
  if (groups.long !== undefined && groups.short !== undefined) {
    return { name: `${groups.short} (${groups.long})`, core: groups.short };
  }
  if (groups.token === undefined) return undefined;
  const paren = groups.paren?.trim();
  return { name: paren ? `${groups.token} (${paren})` : groups.token, core: groups.token };
}

function isStrongName(core: string): boolean {
  return /\p{Lu}/u.test(core.slice(1)) || /\p{N}/u.test(core);
}

function isAcceptableName(core: string): boolean {
  if (NOT_NAMES.has(core.toLowerCase())) return false;
  return isStrongName(core) || /^\p{Lu}/u.test(core) || core.includes("-");
}

/** Runs a sticky pattern at `index` only: the patterns start where a verb or subject was found. */
function execAt(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index;
  return pattern.exec(text);
}

function namedHeadline(sentence: string): string | undefined {
  for (const verb of sentence.matchAll(VERB_AT)) {
    const headline = namedHeadlineAt(sentence, verb.index);
    if (headline !== undefined) return headline;
  }
  return undefined;
}

function namedHeadlineAt(sentence: string, index: number): string | undefined {
  for (const pattern of [DESCRIPTION_NAMED, DESCRIPTION_COMMA_NAME]) {
    const m = execAt(pattern, sentence, index);
    const named = m?.groups === undefined ? undefined : nameOf(m.groups);
    if (m?.groups === undefined || named === undefined || !isAcceptableName(named.core)) continue;
    const desc = (m.groups.desc ?? "").trim();
    return `${capitalised(named.name)}: ${clippedDescription(desc + joinedRest(m.groups.rest ?? ""))}`;
  }
  const m = execAt(NAME_FIRST, sentence, index);
  const named = m?.groups === undefined ? undefined : nameOf(m.groups);
  if (m?.groups === undefined || named === undefined || !isAcceptableName(named.core)) return undefined;
  const rest = withoutFinalStop(m.groups.rest ?? "");
  if (m.groups.sep?.startsWith(":") && /^\p{Lu}/u.test(rest)) {
    const title = rest.split(/,\s|;\s|\s[–—]\s/u)[0] ?? rest;
    return `${named.name}: ${title.replace(/\s+\([\p{Lu}\p{N}-]{2,10}s?\)$/u, "")}`;
  }
  if (!CONTINUATION.test(rest)) return undefined;
  if (!isStrongName(named.core) && !/^(?:a|an)\b/u.test(rest)) return undefined;
  return `${capitalised(named.name)}: ${clippedDescription(rest)}`;
}

function contributionHeadline(sentence: string): string | undefined {
  for (const subject of sentence.matchAll(SUBJECT_AT)) {
    const object = execAt(CONTRIBUTION, sentence, subject.index)?.groups?.object;
    if (object !== undefined) return capitalised(clippedDescription(withoutFinalStop(object)));
  }
  return undefined;
}

/**
 * A headline for a title-less abstract: the named method or system it introduces with what it is
 * ("AgentGym-RL: a new framework to train …"), else its stated contribution ("A comprehensive survey on …"),
 * else its first sentence; at most HEADLINE_MAX characters, ending with "…" when cut.
 */
export function headlineOf(abstract: string): string {
  const sentences = sentencesOf(abstract);
  for (const sentence of sentences) {
    const named = namedHeadline(sentence);
    if (named !== undefined) return shortenText(named);
  }
  for (const sentence of sentences) {
    const contribution = contributionHeadline(sentence);
    if (contribution !== undefined) return shortenText(contribution);
  }
  return shortenText(withoutFinalStop(sentences[0] ?? ""));
}
