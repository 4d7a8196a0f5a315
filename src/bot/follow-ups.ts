/**
 * Follow-ups in a DM that point at the last answer: "more", "the first one", "more like the second", "who
 * wrote that?", "open the third". Only a whole message counts, so "more papers on RLHF" stays a search.
 */

/** Which of the last answer's papers (or people): a place from 1, the last one, or "that" (the only one). */
export type Which = number | "last" | "that";

export type FollowUp =
  | { kind: "more" }
  | { kind: "open"; which: Which }
  | { kind: "similar"; which: Which }
  | { kind: "writers"; which: Which };

/** "first" … "tenth": the places a follow-up can name in words. */
export const ORDINALS = [
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
];

const PLACE = String.raw`(?:the\s+)?(?:(${ORDINALS.join("|")}|last)|(\d{1,2})(?:st|nd|rd|th)|(?:number|no\.?|#)\s*(\d{1,2}))`;
const THING = String.raw`(?:\s+(?:one|paper|result|card|person))?`;
const END = String.raw`(?:\s+please)?\s*[.!?]*$`;

const MORE = new RegExp(
  String.raw`^(?:(?:show|give|send|get)(?:\s+me)?\s+)?(?:some\s+|any\s+)?(?:more|next(?:\s+page)?|the\s+next\s+(?:ones|page)|keep\s+going|go\s+on)(?:\s+(?:results|papers|people|ones|of\s+(?:those|these|them)))?${END}`,
  "i",
);
const OPEN = new RegExp(
  String.raw`^(?:(?:open|show(?:\s+me)?|read|see|give\s+me|tell\s+me\s+about|what\s+about|what(?:'s|\s+is)\s+in)\s+)?${PLACE}${THING}${END}`,
  "i",
);
const POINTED = String.raw`(?:that|it|this|those|these)(?:\s+(?:one|paper))?`;
const SIMILAR = new RegExp(
  String.raw`^(?:(?:show\s+me\s+|find\s+)?(?:more|papers?|others?|something|anything)\s+)?(?:like|similar\s+to)\s+(?:${POINTED}|${PLACE}${THING})${END}`,
  "i",
);
const WRITERS = new RegExp(
  String.raw`^(?:who\s+(?:wrote|authored|made|is\s+behind|are\s+the\s+authors\s+of)\s+(?:${POINTED}|${PLACE}${THING})|who\s+are\s+(?:the|its|their)\s+authors)\s*[.!?]*$`,
  "i",
);

function whichOf(match: RegExpExecArray): Which {
  const [, word, digits, numbered] = match;
  if (word !== undefined) {
    const lower = word.toLowerCase();
    return lower === "last" ? "last" : ORDINALS.indexOf(lower) + 1;
  }
  const place = digits ?? numbered;
  return place === undefined ? "that" : Number(place);
}

/** The follow-up a DM's whole text is, if any. */
export function followUpOf(text: string): FollowUp | undefined {
  const typed = text.trim().replace(/\s+/g, " ");
  if (typed.length > 80) return undefined;
  if (MORE.test(typed)) return { kind: "more" };
  const writers = WRITERS.exec(typed);
  if (writers) return { kind: "writers", which: whichOf(writers) };
  const similar = SIMILAR.exec(typed);
  if (similar) return { kind: "similar", which: whichOf(similar) };
  const open = OPEN.exec(typed);
  if (open) return { kind: "open", which: whichOf(open) };
  return undefined;
}
