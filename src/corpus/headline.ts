import { capitalised, fittedHeadline, type HeadlineParts } from "./headline-fit.js";
import { sentencesIn } from "./sentences.js";
import type { Paper } from "./types.js";

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
const NOT_NAMES = new Set(
  `a an the our this that these those it we two three several new novel both each here
  in to`.split(/\s+/),
);
const NAMES = `(?<names>${TOKEN}(?:(?:,\\s*|\\s+and\\s+|,\\s+and\\s+)${TOKEN})*)`;
/** "We designate the models … as Q-Ponder-CI and Q-Ponder", "our method, named X", "we call it X". */
const DESIGNATED = [
  new RegExp(
    `\\b(?:designate[sd]?|names|named|calls?|called|dubs?|dubbed|terms?|termed)\\b[^.;:]{0,120}?\\bas\\s+${NAMES}`,
    "gu",
  ),
  new RegExp(`\\b(?:named|called|dubbed|termed|coined)\\s+${NAMES}`, "gu"),
  new RegExp(
    `\\bwe\\s+(?:call|name|dub|term)\\s+(?:it|them|this|our\\s+\\S+|the\\s+\\S+)\\s+${NAMES}`,
    "giu",
  ),
];
const NAME_TOKEN = new RegExp(TOKEN, "gu");
function withoutFinalStop(text: string): string {
  return text.replace(/[\s.]+$/u, "");
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

/** A description ends at a colon or semicolon that opens a list or a second clause. */
function clause(text: string): string {
  const stop = text.search(/[:;]\s/u);
  return stop > 0 ? text.slice(0, stop) : text;
}

interface Named {
  name: string;
  long?: string;
  core: string;
}

const ACRONYM = /^[\p{Lu}\p{N}][\p{L}\p{N}+-]{0,11}$/u;

/** "SP", "LoRA", "MoE": short, and at least half capitals. */
function isAcronym(text: string): boolean {
  const capitals = text.match(/\p{Lu}/gu)?.length ?? 0;
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return ACRONYM.test(text) && capitals >= 2 && capitals * 2 >= letters;
}

function nameOf(groups: Partial<Record<"long" | "short" | "token" | "paren", string>>): Named | undefined {
  if (groups.long !== undefined && groups.short !== undefined) {
    return { name: groups.short, long: groups.long, core: groups.short };
  }
  if (groups.token === undefined) return undefined;
  const token = capitalised(groups.token);
  const paren = groups.paren?.trim();
  if (!paren) return { name: token, core: groups.token };
  // "Self-Polish (SP)": the abbreviation adds nothing; "VEPO (Vision-Entropy …)": the long form may.
  if (isAcronym(paren) && !isAcronym(groups.token)) return { name: token, core: groups.token };
  if (isAcronym(groups.token) && paren.includes(" ")) return { name: token, long: paren, core: groups.token };
  return { name: `${token} (${paren})`, core: groups.token };
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

function partsOf(named: Named, desc: string): HeadlineParts {
  return { name: named.name, ...(named.long ? { long: named.long } : {}), desc };
}

/** The named method of a sentence that introduces one, with what the sentence says it is. */
function namedParts(sentence: string): HeadlineParts | undefined {
  for (const verb of sentence.matchAll(VERB_AT)) {
    const parts = namedPartsAt(sentence, verb.index);
    if (parts !== undefined) return parts;
  }
  return undefined;
}

function namedPartsAt(sentence: string, index: number): HeadlineParts | undefined {
  for (const pattern of [DESCRIPTION_NAMED, DESCRIPTION_COMMA_NAME]) {
    const m = execAt(pattern, sentence, index);
    const named = m?.groups === undefined ? undefined : nameOf(m.groups);
    if (m?.groups === undefined || named === undefined || !isAcceptableName(named.core)) continue;
    const desc = (m.groups.desc ?? "").trim();
    return partsOf(named, clause(desc + joinedRest(m.groups.rest ?? "")));
  }
  const m = execAt(NAME_FIRST, sentence, index);
  const named = m?.groups === undefined ? undefined : nameOf(m.groups);
  if (m?.groups === undefined || named === undefined || !isAcceptableName(named.core)) return undefined;
  const rest = withoutFinalStop(m.groups.rest ?? "");
  if (m.groups.sep?.startsWith(":") && /^\p{Lu}/u.test(rest)) {
    const title = rest.split(/,\s|;\s|\s[–—]\s/u)[0] ?? rest;
    return { name: named.name, desc: title.replace(/\s+\([\p{Lu}\p{N}-]{2,10}s?\)$/u, "") };
  }
  if (!CONTINUATION.test(rest)) return undefined;
  if (!isStrongName(named.core) && !/^(?:a|an)\b/u.test(rest)) return undefined;
  return partsOf(named, clause(rest));
}

/** The stated contribution of a sentence: "we perform a comprehensive survey on …" gives "a comprehensive survey on …". */
function contributionOf(sentence: string): string | undefined {
  for (const subject of sentence.matchAll(SUBJECT_AT)) {
    const object = execAt(CONTRIBUTION, sentence, subject.index)?.groups?.object;
    if (object !== undefined) return clause(withoutFinalStop(object));
  }
  return undefined;
}

/** How often a name stands on its own in the text ("Q-Ponder", not the "Q-Ponder" of "Q-Ponder-CI"). */
function mentionsOf(name: string, text: string): number {
  let count = 0;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) {
    const after = text.charAt(at + name.length);
    const before = text.charAt(at - 1);
    if (!/[\p{L}\p{N}-]/u.test(after) && !/[\p{L}\p{N}-]/u.test(before)) count += 1;
  }
  return count;
}

/** A name the abstract gives its work away from the sentence that describes it, the most mentioned one first. */
function designatedName(abstract: string): Named | undefined {
  let best: { named: Named; mentions: number } | undefined;
  for (const m of DESIGNATED.flatMap((pattern) => [...abstract.matchAll(pattern)])) {
    for (const token of (m.groups?.names ?? "").matchAll(NAME_TOKEN)) {
      const core = token[0];
      if (core === "and" || !isAcceptableName(core)) continue;
      const mentions = mentionsOf(core, abstract);
      if (best === undefined || mentions > best.mentions)
        best = { named: { name: capitalised(core), core }, mentions };
    }
  }
  return best?.named;
}

/** A title-less abstract's headline: the method it names with what it is, else its contribution, else sentence 1. */
export function headlineOf(abstract: string): string {
  // Sentence by sentence: most abstracts that name their method do so early, and segmenting the rest costs.
  const sentences: string[] = [];
  for (const sentence of sentencesIn(abstract)) {
    const named = namedParts(sentence);
    if (named !== undefined) return fittedHeadline(named);
    sentences.push(sentence);
  }
  for (const sentence of sentences) {
    const contribution = contributionOf(sentence);
    if (contribution === undefined) continue;
    const named = designatedName(abstract);
    return fittedHeadline(named ? partsOf(named, contribution) : { desc: contribution });
  }
  return fittedHeadline({ desc: withoutFinalStop(sentences[0] ?? "") });
}

/**
 * A paper's headline: its title, else one made up from its abstract, when the paper is read (50 µs a paper; at a
 * build, 100,000 title-less abstracts took 4 to 9 s of a cold start, for headlines that said nothing to the ranking).
 */
export const headlineFor = (paper: Pick<Paper, "title" | "abstract">): string =>
  paper.title?.trim() || headlineOf(paper.abstract);

/** What a paper is called: its own title, else the headline made from its abstract. */
export function titleOf(paper: Pick<Paper, "title" | "headline">): string {
  const title = paper.title?.trim() || paper.headline.trim();
  return title === "" ? "Untitled paper" : title;
}
