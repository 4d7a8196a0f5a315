import { z } from "zod";
import { actionSchema } from "./actions.js";
import type { Intent } from "./intents.js";
import { MESSAGES } from "./messages.js";
import { nextPageOf } from "./paging.js";
import { cardOf } from "./paper-answers.js";
import { type Answer, type BotDeps, info, toAsker } from "./ports.js";
import type { Reply } from "./reply.js";
import type { BotRequest } from "./request.js";
import { actionIntentOf } from "./text-intent.js";

// DM follow-ups on the last answer ("more", "the first one", "who wrote that?"): only a whole message counts.

/** Which of the last answer's papers (or people): a place from 1, the last one, or "that" (the only one). */
export type Which = number | "last" | "that";

export type FollowUp =
  | { kind: "more" }
  | { kind: "open"; which: Which }
  | { kind: "similar"; which: Which }
  | { kind: "writers"; which: Which }
  | { kind: "cite"; which: Which };

/** "first" … "tenth": the places a follow-up can name in words. */
const ORDINALS = [
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

const CITE = new RegExp(
  String.raw`^(?:cite|(?:(?:send\s+me|give\s+me|copy)\s+)?(?:the\s+)?(?:bib|bibtex|citation)(?:\s+entry)?\s+(?:for|of))\s+(?:${POINTED}|${PLACE}${THING})${END}`,
  "i",
);
const LINK = new RegExp(
  String.raw`^(?:(?:send\s+me|give\s+me)\s+)?(?:the\s+)?(?:link|url|pdf|arxiv\s+link)\s+(?:for|of|to)\s+(?:${POINTED}|${PLACE}${THING})${END}`,
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
  const cite = CITE.exec(typed);
  if (cite) return { kind: "cite", which: whichOf(cite) };
  // Its card holds its links.
  const open = OPEN.exec(typed) ?? LINK.exec(typed);
  if (open) return { kind: "open", which: whichOf(open) };
  return undefined;
}

/** How long a DM's last answer is remembered for its follow-ups. */
const LAST_ANSWER_TTL_MS = 24 * 60 * 60 * 1000;

/** What a DM's last answer showed, kept per person and conversation (JSON, checked when read back). */
const lastAnswerSchema = z.object({
  /** What "more" goes on with, the answer's Show more; absent when the answer showed everything. */
  more: actionSchema.optional(),
  /** The papers shown, in order, and the number the first one was shown with. */
  papers: z.array(z.string()),
  firstNumber: z.number().int().min(1),
  /** The people shown (the first of each line), when the answer was about people. */
  people: z.array(z.string()).optional(),
  /** The paper opened from it since ("the first one"): what "that" points at. */
  focus: z.string().optional(),
});
export type LastAnswer = z.infer<typeof lastAnswerSchema>;

/**
 * The conversation a request belongs to: the DM, or one thread of the assistant panel (each is a conversation of its
 * own), not the channel it looks at.
 */
const conversationOf = (request: BotRequest): string =>
  request.source === "dm" && request.thread !== undefined
    ? `${request.thread.channelId}:${request.thread.ts}`
    : request.channelId;

/** What to remember of a reply: only answers that show papers or people. */
function lastAnswerOf(reply: Reply): LastAnswer | undefined {
  switch (reply.kind) {
    case "results":
    case "similar":
      return {
        papers: reply.cards.map((card) => card.paper.id),
        firstNumber: reply.offset + 1,
        more: nextPageOf(reply),
      };
    case "card": {
      const { id } = reply.card.paper;
      return { papers: [id], firstNumber: 1, focus: id, more: { a: "similar", id, o: 0 } };
    }
    case "people":
      return {
        papers: [],
        firstNumber: reply.firstLine + 1,
        people: reply.lines.flatMap((line) => line.people[0]?.key ?? []),
        more: nextPageOf(reply),
      };
    case "author":
      return { papers: reply.summary.papers.map(({ paper }) => paper.id), firstNumber: 1 };
    default:
      return undefined;
  }
}

/** Remembers what a DM answer showed; a paper opened from it keeps the list ("the second one" counts). */
export async function rememberAnswer(
  deps: BotDeps,
  request: BotRequest,
  answered: Answer,
  previous?: LastAnswer,
): Promise<void> {
  const memory = deps.recentAnswers;
  if (memory === undefined || answered.audience !== "asker") return;
  if (request.source !== "dm" && request.source !== "action") return;
  const { reply } = answered;
  const opened = previous !== undefined && (reply.kind === "card" || reply.kind === "author");
  const last = opened
    ? { ...previous, ...(reply.kind === "card" ? { focus: reply.card.paper.id } : {}) }
    : lastAnswerOf(reply);
  if (last === undefined) return;
  const at = deps.now().getTime();
  try {
    await memory.put(
      request.userId,
      conversationOf(request),
      JSON.stringify(last),
      at,
      at + LAST_ANSWER_TTL_MS,
    );
  } catch {
    // Unremembered, a follow-up says there is nothing to act on: the answer itself went out.
  }
}

/** The last answer in the request's conversation, unless it expired; undefined when there is none (or no store). */
export async function recallAnswer(deps: BotDeps, request: BotRequest): Promise<LastAnswer | undefined> {
  try {
    const kept = await deps.recentAnswers?.get(request.userId, conversationOf(request), deps.now().getTime());
    if (kept === undefined) return undefined;
    const parsed = lastAnswerSchema.safeParse(JSON.parse(kept.value));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The item `which` points at among `items` shown from number `firstNumber`; a number as shown or as counted. */
function pointedAt(
  items: readonly string[],
  firstNumber: number,
  which: Which,
  focus?: string,
): string | undefined {
  if (which === "last") return items.at(-1);
  if (which === "that") return focus ?? (items.length === 1 ? items[0] : undefined);
  const shownAs = which - firstNumber;
  if (shownAs >= 0 && shownAs < items.length) return items[shownAs];
  return items[which - 1];
}

/** "the first one" … "the fifth one": the places there are to point at. */
function outOfReach(count: number, what: string): Answer {
  if (count === 0) return info(MESSAGES.nothingToPointAt(what));
  const last = ORDINALS[count - 1] ?? String(count);
  return info(MESSAGES.onlyShown(count, what, last));
}

/** A DM follow-up on the last answer: an intent or a reply; undefined to read the text as usual. */
export function followUpAnswer(
  deps: BotDeps,
  last: LastAnswer | undefined,
  followUp: FollowUp,
): Intent | Answer | undefined {
  const pointing = followUp.kind !== "more" && followUp.which === "that";
  if (last === undefined) return pointing ? undefined : info(MESSAGES.nothingToFollowUp);
  if (followUp.kind === "more") {
    if (last.more === undefined) return info(last.people ? MESSAGES.noMorePeople : MESSAGES.noMoreResults);
    // A new message in the DM, not the page replacing the one its button sat in.
    const intent = actionIntentOf(last.more);
    return "paging" in intent ? { ...intent, paging: false } : intent;
  }
  if (last.people !== undefined) {
    const key = pointedAt(last.people, last.firstNumber, followUp.which);
    if (followUp.kind === "open" && key !== undefined) return { kind: "person", key };
    if (followUp.kind === "open") return outOfReach(last.people.length, "person");
    return pointing ? undefined : info(MESSAGES.peopleNotPapers);
  }
  const id = pointedAt(last.papers, last.firstNumber, followUp.which, last.focus);
  if (id === undefined) {
    if (pointing) return info(MESSAGES.whichOfThem(last.papers.length));
    return outOfReach(last.papers.length, "paper");
  }
  switch (followUp.kind) {
    case "open":
      return { kind: "paper", id, full: false };
    case "similar":
      return { kind: "similar", id };
    case "cite":
      return { kind: "bibtex", id };
    case "writers": {
      const paper = deps.index().paper(id);
      if (paper === undefined) return { kind: "paper", id, full: false };
      return toAsker({
        kind: "card",
        card: { ...cardOf(paper), allAuthors: true },
        title: MESSAGES.writtenBy,
      });
    }
  }
}
