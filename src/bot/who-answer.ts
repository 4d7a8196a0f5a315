import { asWrittenIn } from "../search/names.js";
import { anyoneNamed } from "../search/notices.js";
import type { SearchIndex, WhoResult } from "../search/types.js";
import type { Intent } from "./intents.js";
import { MESSAGES, SEARCH_SUGGESTIONS, WHO_SUGGESTIONS } from "./messages.js";
import { paperNotFound } from "./paper-answers.js";
import { groupOf, PEOPLE_READ, peopleLinesOf, peoplePageOf } from "./people-lines.js";
import { type Answer, info, toAsker } from "./ports.js";

/** Lines of a who reply: a person, or co-authors who share one paper. */
const LINES_PER_PAGE = 5;

/** "reward models besides Rui Zheng": the topic, then the people to leave out of the answer. */
const LEAVING_OUT =
  /^(.+?),? (?:besides|except(?: for)?|other than|apart from|aside from|excluding|but not|not counting) (.+)$/i;

/** Everyone behind a topic, in rank order: a page is cut from all of them, so it can end between lines. */
async function everyoneBehind(index: SearchIndex, topic: string): Promise<WhoResult> {
  const first = await index.who(topic, { limit: PEOPLE_READ, offset: 0 });
  if (first.people.length >= first.total) return first;
  return index.who(topic, { limit: first.total, offset: 0 });
}

/** Everyone behind the topic, without the people it says to leave out when they are someone. */
async function everyoneBut(index: SearchIndex, topic: string): Promise<WhoResult> {
  const [, rest, name] = LEAVING_OUT.exec(topic) ?? [];
  if (rest === undefined || name === undefined) return everyoneBehind(index, topic);
  const lookup = await index.author(name);
  if (lookup.kind === "notFound") return everyoneBehind(index, topic);
  const left =
    lookup.kind === "found"
      ? { keys: [lookup.summary.key], who: lookup.summary.name }
      : {
          keys: lookup.candidates.map((c) => c.key),
          who: anyoneNamed(asWrittenIn(name, lookup.candidates[0]?.name ?? ""), lookup.candidates.length),
        };
  const everyone = await everyoneBehind(index, rest);
  const people = everyone.people.filter((person) => !left.keys.includes(person.key));
  const notice = [everyone.notice, MESSAGES.leavingOut(left.who)].filter(Boolean).join(" ");
  return { ...everyone, people, total: people.length, notice };
}

export async function whoAnswer(
  index: SearchIndex,
  intent: Extract<Intent, { kind: "who" }>,
): Promise<Answer> {
  const everyone = await everyoneBut(index, intent.topic);
  const lines = peopleLinesOf(everyone.people, groupOf(index.stats()));
  const page = peoplePageOf(lines, intent.offset, intent.limit ?? LINES_PER_PAGE);
  if (page.lines.length === 0) {
    if (intent.offset > 0) return info(MESSAGES.noMorePeople, intent.paging);
    if (everyone.notice !== undefined) return info(everyone.notice);
    // A topic that is someone's name ("who zheng"): their papers are a search of their own.
    const person = await index.author(intent.topic);
    const named =
      person.kind === "found"
        ? [SEARCH_SUGGESTIONS.author(person.summary.name)]
        : person.kind === "ambiguous"
          ? [SEARCH_SUGGESTIONS.author(intent.topic)]
          : [];
    return toAsker({
      kind: "notFound",
      what: "results",
      query: intent.topic,
      suggestions: [...named, ...WHO_SUGGESTIONS],
    });
  }
  const showingFor = everyone.showingFor === undefined ? {} : { showingFor: everyone.showingFor };
  const notice = everyone.notice === undefined ? {} : { notice: everyone.notice };
  return toAsker({ kind: "people", topic: intent.topic, ...showingFor, ...notice, ...page }, intent.paging);
}

/** Everyone behind a paper's topic, in rank order; undefined when the paper is gone. */
async function everyoneLike(index: SearchIndex, id: string, others: boolean): Promise<WhoResult | undefined> {
  const first = await index.whoLike(id, { limit: PEOPLE_READ, offset: 0, others });
  if (first === undefined || first.people.length >= first.total) return first;
  return index.whoLike(id, { limit: first.total, offset: 0, others });
}

/** "who works on this?" under a card: its authors and those of papers like it, a page of lines at a time. */
export async function whoLikeAnswer(
  index: SearchIndex,
  intent: Extract<Intent, { kind: "whoLike" }>,
): Promise<Answer> {
  const everyone = await everyoneLike(index, intent.id, intent.others);
  if (everyone === undefined) return paperNotFound(intent.id, intent.paging);
  const lines = peopleLinesOf(everyone.people, groupOf(index.stats()));
  const page = peoplePageOf(lines, intent.offset, LINES_PER_PAGE);
  if (page.lines.length === 0) {
    const message = intent.offset > 0 ? MESSAGES.noMorePeople : MESSAGES.nobodyElse;
    return info(message, intent.paging);
  }
  const like = { id: intent.id, others: intent.others };
  return toAsker({ kind: "people", topic: everyone.topic, like, ...page }, intent.paging);
}
