/** Most characters in a headline; longer ones are cut at a clause boundary, or with "…" when none fits. */
export const HEADLINE_MAX = 90;

/** What a headline is made of: the named method or system (with its long form), and what it is. */
export interface HeadlineParts {
  name?: string;
  /** "Policy Discriminative Learning" for POLAR; shown only where it fits. */
  long?: string;
  desc: string;
}

// Praise the abstract gives itself, not what the method is: dropped after an article.
const FILLER =
  "novel|novelty|new|simple|effective|efficient|scalable|flexible|innovative|powerful|elegant|straightforward|fast";
const FILLER_RUN = new RegExp(
  `\\b(a|an|A|An)\\s+(?:(?:${FILLER})(?:\\s*,\\s*|\\s+(?:yet|and|but|or)\\s+|\\s+))+(?=[\\p{L}\\p{N}])`,
  "gu",
);
const FILLER_ADVERB = /\b(?:efficiently|effectively)\s+(?=[a-z])/g;
const DESIGNED = /\s+(?:specifically\s+)?designed\s+(?=(?:to|for)\b)/g;
// "(RM)", "(LoRA)", "(BoN)": an abbreviation the headline does not need; also "(e.g., …)" and "(i.e., …)".
const ABBREVIATION_PAREN = /\s+\((?:[\p{Lu}\p{N}][\p{L}\p{N}+-]{0,11}s?|(?:e\.g\.|i\.e\.)[^()]*)\)/gu;
const PARTS_TAIL =
  /,?\s+(?:consisting of|comprising|composed of|made up of|with)\s+(?:two|three|four|five|several|multiple|\d+)\s+(?:main\s+|key\s+|core\s+|major\s+)?(?:components|parts|modules|stages|steps|elements)$/u;
const OPENING = /^(?:the use of|the idea of|the concept of|the notion of)\s+/iu;

// A cut before one of these words ends the headline where a clause or a phrase ends.
const CLAUSE_WORDS = new Set(
  `which that where while whereby whose to so thereby thus including consisting
  comprising based like such allowing enabling leading resulting achieving aiming`.split(/\s+/),
);
const PHRASE_WORDS = new Set(
  `for via through by with without using in on across under against at from into
  within towards toward beyond featuring supporting leveraging integrating employing combining providing
  requiring exploiting incorporating utilizing utilising`.split(/\s+/),
);
// "enables X to do Y": cutting before "to" would leave X without what it is enabled to do.
const TO_NEEDS_OBJECT = new Set(
  `enable enables enabling allow allows allowing help helps helping let lets
  force forces forcing guide guides guiding permit permits ask asks require requires`.split(/\s+/),
);
// Words a headline must not end on: articles, prepositions, conjunctions, possessives and the like.
const DANGLING = new Set(
  `a an the to of and or so with for in on by that which is are be as at from via into
  its their our this these both`.split(/\s+/),
);
const ADVERB = /(?:ally|ively|ously|ently|antly|itly)$/;

const CAPITAL_SOUNDS_LIKE_VOWEL = /^[AEFHILMNORSX]/;

/** "a" or "an" before a word, in the case of `article`: by its sound for an acronym ("an RL"), else its first letter. */
function withArticle(article: string, word: string): string {
  const an = /^\p{Lu}{2,}/u.test(word)
    ? CAPITAL_SOUNDS_LIKE_VOWEL.test(word)
    : !/^(?:uni|use|usu|one|eu|ubiq)/i.test(word) && /^(?:hour|honest|honou?r|[aeiou])/i.test(word);
  return `${/^\p{Lu}/u.test(article) ? "A" : "a"}${an ? "n" : ""}`;
}

// Past this, a description can never fit whole: cleaning and cutting look no further.
const LOOK_AHEAD = 400;

/** The description without self-praise, boilerplate or abbreviations it does not need; the abstract's words only. */
export function cleanedDescription(desc: string): string {
  const text = desc
    .slice(0, LOOK_AHEAD)
    .replace(OPENING, "")
    .replace(ABBREVIATION_PAREN, "")
    .replace(DESIGNED, " ")
    .replace(FILLER_ADVERB, "")
    .replace(PARTS_TAIL, "")
    .replace(/[\s.,;:]+$/u, "")
    .trim();
  return text.replace(FILLER_RUN, (run, article: string, offset: number, whole: string) => {
    const next =
      /^[\p{L}\p{N}]+/u.exec(whole.slice(offset + run.length, offset + run.length + 20))?.[0] ?? "";
    return `${withArticle(article, next)} `;
  });
}

/** `weak`: a cut inside a coordination ("… and includes …") reads less finished than one at a clause or a phrase. */
type Cut = { text: string; weak: boolean };

interface Word {
  /** Lower case, without surrounding punctuation. */
  bare: string;
  start: number;
  end: number;
  /** Ends with a comma. */
  comma: boolean;
}

function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  for (const m of text.matchAll(/\S+/g)) {
    const raw = m[0];
    const bare = raw.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}'’]+$/gu, "");
    words.push({ bare, start: m.index, end: m.index + raw.length, comma: raw.endsWith(",") });
  }
  return words;
}

function isDangling(word: Word): boolean {
  return DANGLING.has(word.bare) || ADVERB.test(word.bare) || /['’]s$/.test(word.bare);
}

/** How many of the first `count` words a cut keeps: no dangling small word or a participle left after a comma. */
function keptWords(words: Word[], count: number): number {
  let kept = count;
  while (kept > 0) {
    const last = words[kept - 1];
    if (last === undefined) break;
    if (isDangling(last)) kept -= 1;
    // "…within the data, based": a participle left without what it introduces.
    else if (/(?:ed|ing)$/.test(last.bare) && words[kept - 2]?.comma === true) kept -= 1;
    else break;
  }
  return kept;
}

/** Why the description may end before word `k`: not at all, at a boundary, or weakly (inside a coordination). */
function boundaryBefore(words: Word[], k: number): "no" | "yes" | "weak" {
  const word = words[k];
  const previous = words[k - 1];
  if (word === undefined || previous === undefined) return "no";
  const bare = word.bare;
  if (previous.comma) return CLAUSE_WORDS.has(bare) || /(?:ing|ed)$/.test(bare) ? "yes" : "no";
  // "the training stability of the policy model": a cut before "of" keeps the head of the phrase, weakly.
  if (bare === "of") return k >= 6 ? "weak" : "no";
  if (bare === "and") {
    // "… that covers A and includes B": a second verb of the clause; not "positive and negative".
    const next = words[k + 1]?.bare ?? "";
    const clause = words.slice(0, k).some((w) => w.bare === "that" || w.bare === "which");
    return /[^s]s$/.test(next) && clause ? "weak" : "no";
  }
  if (!CLAUSE_WORDS.has(bare) && !PHRASE_WORDS.has(bare)) return "no";
  if (bare === "to" && words.slice(Math.max(0, k - 5), k).some((w) => TO_NEEDS_OBJECT.has(w.bare)))
    return "no";
  return "yes";
}

/** The description's prefixes that end at a boundary, shortest first, each at most `max` characters; then the whole. */
function cutsOf(desc: string, max: number): Cut[] {
  const words = wordsOf(desc.slice(0, max + 40));
  const cuts: Cut[] = [];
  let depth = 0;
  let quoted = false;
  for (let k = 1; k < words.length; k++) {
    const previous = words[k - 1];
    if (previous === undefined) continue;
    const span = desc.slice(previous.start, previous.end);
    for (const c of span) {
      if (c === "(" || c === "[") depth += 1;
      else if ((c === ")" || c === "]") && depth > 0) depth -= 1;
      else if (c === "“") quoted = true;
      else if (c === "”") quoted = false;
      else if (c === '"') quoted = !quoted;
    }
    if (depth > 0 || quoted) continue;
    const kind = boundaryBefore(words, k);
    if (kind === "no") continue;
    const kept = keptWords(words, k);
    const last = words[kept - 1];
    if (kept < 2 || last === undefined || last.end > max) continue;
    const text = desc.slice(0, last.end).replace(/[\s,;:–—-]+$/u, "");
    if (cuts.at(-1)?.text !== text) cuts.push({ text, weak: kind === "weak" });
  }
  cuts.push({ text: desc, weak: false });
  return cuts;
}

export function capitalised(text: string): string {
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
  const words = wordsOf(kept);
  const last = words[keptWords(words, words.length) - 1];
  return `${last === undefined ? kept : kept.slice(0, last.end).replace(/[\s,;:–—-]+$/u, "")}…`;
}

/** The longest headline of name and description cut at a boundary within `max`, a long form counting half. */
export function fittedHeadline(parts: HeadlineParts, max = HEADLINE_MAX): string {
  const desc = cleanedDescription(parts.desc);
  const leads = parts.name
    ? [`${parts.name}: `, ...(parts.long ? [`${parts.name} (${parts.long}): `] : [])]
    : [""];
  let best: { text: string; value: number } | undefined;
  for (const lead of leads) {
    for (const cut of cutsOf(desc, max - lead.length)) {
      const text = lead === "" ? capitalised(cut.text) : `${lead}${cut.text}`;
      if (text.length > max) continue;
      // What the work does counts above what its name stands for: "BAPO: a method to dynamically adjust
      // clipping bounds" over "BAPO (BAlanced Policy Optimization with Adaptive Clipping): a method".
      const value = (text.length - lead.length / 2) * (cut.weak ? 0.85 : 1);
      if (best === undefined || value > best.value) best = { text, value };
    }
  }
  if (best !== undefined) return best.text;
  const [lead = ""] = leads;
  return shortenText(lead === "" ? capitalised(desc) : `${lead}${desc}`, max);
}
