import { LRUCache } from "lru-cache";
import type { Paper } from "../corpus/types.js";
import { factsOf, type TokenFacts } from "./topic-words.js";

/** One of a person's papers, as a topic list reads it. */
export interface ReadPaper {
  paper: Paper;
  firstAuthor: boolean;
}

/** A phrase of a person's papers that may be one of their topics, with the evidence for it. */
export interface Candidate {
  key: string;
  /** Folded words as first written: what the corpus is asked about. */
  words: string[];
  /** Tokens as written: "AgentGym-RL" is one, "reward models" two. */
  tokens: number;
  /** A method, system or acronym ("SafeAligner", "RLHF"), or a run of capitalised words ("Sentinel Model"). */
  named: boolean;
  /** Named just after "we propose", "we introduce", "called"… in one of the papers: a thing the paper brings. */
  introduced: boolean;
  papers: Set<number>;
  firstAuthored: Set<number>;
  uses: number;
  /** Where it was first written (paper, then word): evidence of order, never the alphabet. */
  firstSeen: number;
  surfaces: Map<string, number>;
}

const maxWords = 3;
/** Capitalised names run longer: "Group Relative Policy Optimization". */
const maxTitleWords = 4;
/** Words after "we propose" within which a named method is the one the paper brings. */
const introducedWithin = 15;
const sentenceEnd = /(?<=[.!?])\s+/;
// Captured, so a clause knows what closed it ("Name Of Method (NOM)"). A possessive ends a phrase too:
// "the model's reasoning" holds no "model reasoning".
const clauseBreak = /([,;:!?()[\]{}"“”]|\.(?!\d)|\s[–—-]\s|['’]s(?=\s))/;
const capitalised = /^\p{Lu}/u;

/** Tokens of one clause: words as written, hyphenated compounds kept whole, possessives dropped. */
function tokensOf(clause: string): string[] {
  return clause
    .split(/\s+/)
    .map((token) => token.replace(/['’]s$/u, "").replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ""))
    .filter(Boolean);
}

/** Tokens already judged, for every topic list (a corpus has far fewer words than uses); the least recently used
 * let go. */
const known = new LRUCache<string, TokenFacts>({ max: 100_000, memoMethod: factsOf });

const facts = (token: string): TokenFacts => known.memo(token);

/** A term, a name, or a name the paper brings. */
type Kind = "term" | "named" | "introduced";

interface Clause {
  tokens: string[];
  judged: TokenFacts[];
}

/** Every phrase a topic may be, with where and how often the papers use it. */
export function candidatesOf(papers: readonly ReadPaper[]): Map<string, Candidate> {
  const candidates = new Map<string, Candidate>();
  let seen = 0;
  // Tokens `from` up to `to` of a clause, at paper `at`; key and spelling made as the caller walks them.
  const note = (
    clause: Clause,
    from: number,
    to: number,
    at: number,
    kind: Kind,
    key: string,
    surface: string,
  ) => {
    let candidate = candidates.get(key);
    if (candidate === undefined) {
      candidate = {
        key,
        words: clause.judged.slice(from, to).flatMap((t) => t.words),
        tokens: to - from,
        named: kind !== "term",
        introduced: kind === "introduced",
        papers: new Set(),
        firstAuthored: new Set(),
        uses: 0,
        firstSeen: seen,
        surfaces: new Map(),
      };
      candidates.set(key, candidate);
    }
    candidate.named ||= kind !== "term";
    candidate.introduced ||= kind === "introduced";
    candidate.papers.add(at);
    if (papers[at]?.firstAuthor) candidate.firstAuthored.add(at);
    candidate.uses += 1;
    candidate.surfaces.set(surface, (candidate.surfaces.get(surface) ?? 0) + 1);
  };

  papers.forEach(({ paper }, at) => {
    const text = paper.abstract.replace(/\bhttps?:\/\/\S+/g, " ");
    for (const sentence of text.split(sentenceEnd)) {
      // Counts down the words after "we propose", "called"…: the first name within them is the one brought.
      let introducing = 0;
      const parts = sentence.split(clauseBreak);
      for (let part = 0; part < parts.length; part += 2) {
        const tokens = tokensOf(parts[part] ?? "");
        const judged = tokens.map(facts);
        const clause = { tokens, judged };
        // "Name Of Method (NOM)": the acronym that follows stands for the capitalised words.
        const defined = parts[part + 1] === "(" && facts(tokensOf(parts[part + 2] ?? "")[0] ?? "").named;
        // A run of capitalised words is one name: its own words are not topics apart from it.
        let runStart = -1;
        let runEnd = -1;
        judged.forEach((token, i) => {
          seen += 1;
          if (token.introduces) introducing = introducedWithin;
          else if (token.endsBringing) introducing = 0;
          else introducing = Math.max(0, introducing - 1);
          if (token.weak) return;
          const before = judged[i - 1];
          if (i >= runEnd) {
            let end = i;
            while (
              end < tokens.length &&
              end - i < maxTitleWords &&
              capitalised.test(tokens[end] ?? "") &&
              !judged[end]?.weak
            )
              end += 1;
            // A capitalised word opening a clause may only open the sentence: a name needs three then.
            const isRun = end - i >= (i === 0 ? 3 : 2) && judged[end - 1]?.ends === true;
            if (isRun) [runStart, runEnd] = [i, end];
            if (isRun && !(defined && end === tokens.length)) {
              const words = judged.slice(i, end);
              const kind = introducing > 0 ? "introduced" : "named";
              note(
                clause,
                i,
                end,
                at,
                kind,
                words.map((t) => t.key).join(" "),
                tokens.slice(i, end).join(" "),
              );
              introducing = 0;
            }
          }
          // After "to", "we", "can" or an adverb a word is a verb ("to bypass security", "we propose").
          const verbal = before?.verbCue === true && !token.named;
          if (verbal) return;
          if (token.alone && (!token.named || i >= runEnd || i < runStart)) {
            const kind = !token.named ? "term" : introducing > 0 ? "introduced" : "named";
            note(clause, i, i + 1, at, kind, token.key, token.written);
            if (token.named) introducing = 0;
          }
          // A word in "-ing" is a noun after "the", "a", "our"; elsewhere it is a verb ("ensuring secure").
          if (!token.starts || (token.gerund && before?.determiner !== true)) return;
          let allGeneric = token.generic;
          let key = token.key;
          let surface = token.written;
          for (let end = i + 2; end <= i + maxWords && end <= tokens.length; end++) {
            const last = judged[end - 1];
            // Every word but the last must be able to begin one; the last must be able to end one.
            if (last === undefined || last.weak || judged[end - 2]?.starts !== true) break;
            allGeneric &&= last.generic;
            key += ` ${last.key}`;
            surface += ` ${last.written}`;
            const inRun = i < runEnd && end > runStart;
            // A word just before "the", "a", "them" is a verb: "SPA-VL covers the", "lacks a".
            if (inRun || allGeneric || !last.ends || judged[end]?.objectStart) continue;
            note(clause, i, end, at, "term", key, surface);
          }
        });
      }
    }
  });
  return candidates;
}
