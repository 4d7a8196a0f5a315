import { z } from "zod";
import { type Action, actionSchema } from "./actions.js";
import { type FollowUp, ORDINALS, type Which } from "./follow-ups.js";
import type { Intent } from "./intents.js";
import { MESSAGES } from "./messages.js";
import { cardOf } from "./paper-answers.js";
import { type Answer, type BotDeps, toAsker } from "./ports.js";
import type { Reply } from "./reply.js";
import type { BotRequest } from "./request.js";
import { actionIntentOf } from "./request-intent.js";

/** How long a DM's last answer is remembered for its follow-ups. */
export const LAST_ANSWER_TTL_MS = 24 * 60 * 60 * 1000;

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

/** The conversation a request belongs to: the DM (or assistant thread's DM), not the channel it looks at. */
const conversationOf = (request: BotRequest): string =>
  request.source === "dm" ? (request.thread?.channelId ?? request.channelId) : request.channelId;

/** What to remember of a reply: only answers that show papers or people. */
function lastAnswerOf(reply: Reply): LastAnswer | undefined {
  switch (reply.kind) {
    case "results": {
      const { query: q, nextOffset: offset, perPage: n } = reply;
      const more: Action | undefined =
        offset === undefined ? undefined : { a: "page", q, offset, ...(n === undefined ? {} : { n }) };
      return { papers: reply.cards.map((card) => card.paper.id), firstNumber: reply.offset + 1, more };
    }
    case "similar": {
      const { nextOffset: o } = reply;
      const more: Action | undefined = o === undefined ? undefined : { a: "similar", id: reply.of.id, o };
      return { papers: reply.cards.map((card) => card.paper.id), firstNumber: reply.offset + 1, more };
    }
    case "card": {
      const { id } = reply.card.paper;
      return { papers: [id], firstNumber: 1, focus: id, more: { a: "similar", id, o: 0 } };
    }
    case "people": {
      const { nextOffset: offset, like } = reply;
      const more: Action | undefined =
        offset === undefined
          ? undefined
          : like === undefined
            ? { a: "who", t: reply.topic, offset }
            : { a: "whoLike", id: like.id, ...(like.others ? { e: true } : {}), offset };
      return {
        papers: [],
        firstNumber: reply.firstLine + 1,
        people: reply.lines.flatMap((line) => line.people[0]?.key ?? []),
        more,
      };
    }
    case "author":
      return { papers: reply.summary.papers.map(({ paper }) => paper.id), firstNumber: 1 };
    default:
      return undefined;
  }
}

/**
 * Remembers what a reply in a DM (or a click on one) showed. A paper or person opened from the last answer
 * keeps that answer ("the second one" still counts in it), now pointing at the paper opened. A store that
 * fails is no reason to fail the answer.
 */
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

const info = (message: string): Answer => toAsker({ kind: "info", message });

/** "the first one" … "the fifth one": the places there are to point at. */
function outOfReach(count: number, what: string): Answer {
  if (count === 0) return info(MESSAGES.nothingToPointAt(what));
  const last = ORDINALS[count - 1] ?? String(count);
  return info(MESSAGES.onlyShown(count, what, last));
}

/**
 * What a DM follow-up ("more", "the first one", "more like the second", "who wrote that?") does to the last
 * answer: an intent to answer, or a reply; undefined to read the text as usual (the pointing questions in a
 * thread under a card, when there is no answer to point at).
 */
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
    case "writers": {
      const paper = deps.index().paper(id);
      if (paper === undefined) return { kind: "paper", id, full: false };
      return toAsker({ kind: "card", card: cardOf(paper), title: MESSAGES.writtenBy });
    }
  }
}
