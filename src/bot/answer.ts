import type { Member, Paper } from "../corpus/types.js";
import { SearchUnavailableError } from "../search/errors.js";
import type { SearchIndex } from "../search/types.js";
import { examplesFor } from "./assistant-prompts.js";
import { dailyAnswer, dailyPreviewAnswer } from "./daily-answers.js";
import { followAnswer } from "./follow-answers.js";
import type { Intent, ThreadPaperQuestion } from "./intents.js";
import { followUpAnswer, followUpOf, recallAnswer, rememberAnswer } from "./last-answer.js";
import { MESSAGES } from "./messages.js";
import {
  cardOf,
  noSuchAuthor,
  paperAnswer,
  paperMeant,
  paperNotFound,
  randomAnswer,
  searchAnswer,
  searchedInstead,
  similarAnswer,
} from "./paper-answers.js";
import { type Answer, type BotDeps, info, problem, toAsker } from "./ports.js";
import type { Card } from "./reply.js";
import type { BotRequest } from "./request.js";
import { savedAnswer } from "./saved-answers.js";
import { intentOf, searchOf } from "./text-intent.js";
import { POINTING } from "./typed-text.js";
import { membersAmong, whoAnswer, whoLikeAnswer } from "./who-answer.js";

/** Who wrote a paper: its card, which names its authors. */
const writtenBy = (paper: Paper): Answer =>
  toAsker({ kind: "card", card: { ...cardOf(paper), allAuthors: true }, title: MESSAGES.writtenBy });

/** What to ask, outside a card's thread, for each question about "this" paper. */
const WHICH_PAPER: Record<ThreadPaperQuestion, string> = {
  writers: MESSAGES.whichPaperAuthors,
  abstract: MESSAGES.whichPaperAbstract,
  theirPapers: MESSAGES.whichPaperPeople,
  bibtex: MESSAGES.whichPaperBibtex,
  links: MESSAGES.whichPaperLinks,
};

/** "who wrote this?", "summarize this", "cite this", "more by these authors" under a card; elsewhere, which paper? */
async function threadPaperAnswer(deps: BotDeps, request: BotRequest, wants: ThreadPaperQuestion) {
  const index = deps.index();
  const id = await threadPaperOf(deps, request);
  const paper = id === undefined ? undefined : index.paper(id);
  const which = info(WHICH_PAPER[wants]);
  if (paper === undefined) return which;
  if (wants === "writers") return writtenBy(paper);
  if (wants === "abstract") return toAsker({ kind: "card", card: { ...cardOf(paper), full: true } });
  if (wants === "links") return toAsker({ kind: "card", card: cardOf(paper) });
  if (wants === "bibtex") return toAsker({ kind: "bibtex", paper });
  const key = paper.ownerKeys[0] ?? paper.authorKeys[0];
  const summary = key === undefined ? undefined : await index.authorByKey(key);
  return summary === undefined ? which : toAsker({ kind: "author", summary });
}

async function authorAnswer(
  index: SearchIndex,
  intent: Extract<Intent, { kind: "author" }>,
): Promise<Answer> {
  const lookup = await index.author(intent.name);
  switch (lookup.kind) {
    case "found":
      return toAsker({ kind: "author", summary: lookup.summary });
    case "ambiguous":
      return toAsker({ kind: "ambiguous", query: intent.name, candidates: lookup.candidates });
    case "notFound": {
      // A slip with one near name ("enyu zhuo"): that person, saying nobody has the name typed.
      const slip = lookup.slipOf === undefined ? undefined : await index.authorByKey(lookup.slipOf.key);
      if (slip !== undefined) return toAsker({ kind: "author", summary: slip, nearOf: intent.name });
      // A question in words is searched as typed; "author <name> <topic>": the topic among their papers.
      const search = searchOf(intent.orSearch ?? intent.name);
      const searched =
        search.kind === "search" &&
        (intent.orSearch !== undefined || (await index.search(intent.name, { limit: 0 })).by !== undefined);
      return searched ? searchAnswer(index, search) : noSuchAuthor(intent.name, lookup.suggestions);
    }
  }
}

/** The answer to an intent; a search whose worker crashed or hung gets an apology asking to try again. */
export async function answerIntent(deps: BotDeps, request: BotRequest, intent: Intent): Promise<Answer> {
  try {
    return markMembers(await intentAnswer(deps, request, intent), deps.index());
  } catch (error) {
    if (error instanceof SearchUnavailableError) return problem(MESSAGES.searchUnavailable);
    throw error;
  }
}

/**
 * The paper "this" means: a thread's latest single card (shared, a paper of the day); in a DM, else the paper the last
 * answer showed alone or was opened from it ("the first one", then "who else works on this?").
 */
async function threadPaperOf(deps: BotDeps, request: BotRequest) {
  const thread =
    request.source === "mention" && request.threadTs !== undefined
      ? { channelId: request.channelId, ts: request.threadTs }
      : request.source === "dm"
        ? request.thread
        : undefined;
  const index = deps.index();
  const carded = thread && (await deps.threads?.latestCard(thread.channelId, thread.ts));
  if (carded !== undefined) return index.paper(carded)?.id;
  if (request.source !== "dm") return undefined;
  const last = await recallAnswer(deps, request);
  const shown = last?.focus ?? (last?.papers.length === 1 ? last.papers[0] : undefined);
  return shown === undefined ? undefined : index.paper(shown)?.id;
}

/** "more like this" in a thread under a card: papers like that card's. */
async function inThreadOf(
  deps: BotDeps,
  request: BotRequest,
  intent: Extract<Intent, { kind: "similar" }>,
): Promise<Extract<Intent, { kind: "similar" }>> {
  if (intent.orSearch === undefined || !POINTING.test(intent.orSearch)) return intent;
  const id = await threadPaperOf(deps, request);
  return id === undefined ? intent : { kind: "similar", id };
}

/** The paper "who wrote …" names: by its id (or DOI, arXiv id), its name ("StepCoder"), or as the one paper on it. */
async function paperWritten(index: SearchIndex, words: string): Promise<Paper | undefined> {
  const named = await paperMeant(index, words, words);
  if (named !== undefined) return named;
  const { total, hits } = await index.search(words, { limit: 1, snippets: false });
  return total === 1 ? hits[0]?.paper : undefined;
}

/** "who else works on this?" under a card: its topic's people; "who wrote StepCoder?": that paper's card. */
async function whoOrWhoLike(deps: BotDeps, request: BotRequest, intent: Extract<Intent, { kind: "who" }>) {
  const index = deps.index();
  const named = intent.wrote ? await paperWritten(index, intent.topic) : undefined;
  if (named !== undefined) return writtenBy(named);
  if (!POINTING.test(intent.topic)) return whoAnswer(index, intent);
  const id = await threadPaperOf(deps, request);
  if (id === undefined) return info(MESSAGES.whichPaperWho);
  return whoLikeAnswer(index, {
    kind: "whoLike",
    id,
    others: intent.others ?? false,
    offset: 0,
    paging: false,
  });
}

async function intentAnswer(deps: BotDeps, request: BotRequest, intent: Intent): Promise<Answer> {
  const index = deps.index();
  switch (intent.kind) {
    case "help": {
      const [exampleId] = index.paperIds();
      const examples = await examplesFor(deps.index).catch(() => undefined);
      return toAsker({
        kind: "help",
        ...(intent.topic ? { topic: intent.topic } : {}),
        ...(exampleId ? { exampleId } : {}),
        ...(examples ? { examples } : {}),
      });
    }
    case "smallTalk":
      return info(intent.say === "hello" ? MESSAGES.hello : MESSAGES.thanks);
    case "invalid":
      return problem(intent.message);
    case "search":
      return searchAnswer(index, intent);
    case "who":
      return whoOrWhoLike(deps, request, intent);
    case "whoLike":
      return whoLikeAnswer(index, intent);
    case "author":
      return authorAnswer(index, intent);
    case "threadPaper":
      return threadPaperAnswer(deps, request, intent.wants);
    case "person": {
      const summary = await index.authorByKey(intent.key);
      if (summary) return toAsker({ kind: "author", summary });
      return toAsker({ kind: "notFound", what: "author", query: intent.key, suggestions: [] });
    }
    case "paper":
      return paperAnswer(index, intent);
    case "similar":
      return similarAnswer(index, await inThreadOf(deps, request, intent));
    case "bibtex": {
      const { orSearch } = intent;
      const paper = await paperMeant(index, intent.id, orSearch);
      if (paper !== undefined) return toAsker({ kind: "bibtex", paper });
      if (orSearch === undefined) return paperNotFound(intent.id);
      // The words' first paper when they find it as typed; a citation is no guess: found only for a corrected
      // word ("nope" as "hope") or without some of the words, the papers are shown to copy the right one from.
      const found = await index.search(orSearch, { limit: 1 });
      const [first] = found.hits;
      if (first !== undefined && found.showingFor === undefined && (found.missing ?? []).length === 0)
        return toAsker({ kind: "bibtex", paper: first.paper });
      return searchedInstead(index, intent.id, orSearch);
    }
    case "share": {
      const paper = index.paper(intent.id);
      if (!paper) return paperNotFound(intent.id);
      const card: Card = {
        paper,
        sharedBy: request.userId,
        buttons: ["similar", "moreBy", "full", "save", "follow"],
      };
      return { reply: { kind: "card", card }, audience: "channel" };
    }
    case "random":
      return randomAnswer(deps, index, intent);
    case "stats": {
      const state = deps.stateStatus?.();
      const { members: _members, ...stats } = index.stats();
      return toAsker({
        kind: "stats",
        ...stats,
        ...(state === undefined || state.writable ? {} : { stateProblem: state.problem }),
      });
    }
    case "reload":
      if (!deps.reload) return problem(MESSAGES.onlyAdminsReload);
      return deps.reload(request.userId).then(info, () => problem(MESSAGES.reloadFailed));
    case "dailyOn":
    case "dailyOff":
    case "dailyStatus":
      return dailyAnswer(deps, request, intent);
    case "dailyPreview":
      return dailyPreviewAnswer(deps, request);
    case "follow":
    case "followKey":
    case "unfollow":
    case "unfollowKey":
    case "following":
    case "whatsNew":
    case "digest":
      return followAnswer(deps, request, intent);
    case "save":
    case "unsave":
    case "saved":
    case "savedExport":
      return savedAnswer(deps, request, intent);
  }
}

/** Marks members.yml members: card authors in bold, an author summary's people with their Slack ids. */
function markMembers(answer: Answer, index: SearchIndex): Answer {
  const stats = index.stats();
  const listed = stats.members;
  if (listed === undefined || listed.length === 0) return answer;
  const members = new Set(listed.map((member) => member.key));
  const { reply } = answer;
  const mark = (card: Card): Card => {
    const keys = card.paper.authorKeys.filter((key) => members.has(key));
    return keys.length > 0 ? { ...card, members: keys } : card;
  };
  switch (reply.kind) {
    case "author": {
      const keys = [reply.summary.key, ...reply.summary.coauthors.map((c) => c.key)];
      return { ...answer, reply: { ...reply, members: membersAmong(stats, keys) ?? {} } };
    }
    case "results":
    case "similar":
      return { ...answer, reply: { ...reply, cards: reply.cards.map(mark) } };
    case "card":
      return { ...answer, reply: { ...reply, card: mark(reply.card) } };
    case "dailyPreview":
      return reply.card ? { ...answer, reply: { ...reply, card: mark(reply.card) } } : answer;
    default:
      return answer;
  }
}

const USER_MENTION = /<@([UW][A-Z0-9]+)(?:\|[^>]*)?>/g;

/**
 * A colleague @-mentioned as Slack sends it ("papers by <@U02ABC>") is read as their name when members.yml gives that
 * Slack account; undefined when someone else is mentioned, whose name Slack does not send.
 */
function withMembersNamed(request: BotRequest, members: readonly Member[]): BotRequest | undefined {
  if (request.source === "action" || !request.text.includes("<@")) return request;
  let unknown = false;
  const text = request.text.replace(USER_MENTION, (_mention, id: string) => {
    const member = members.find((known) => known.slack === id);
    unknown ||= member === undefined;
    return member === undefined ? "" : ` ${member.name} `;
  });
  return unknown ? undefined : { ...request, text };
}

/** What the bot answers to a request, and who sees it. Never throws for user input: bad input gets a friendly reply. */
export async function answer(deps: BotDeps, asked: BotRequest): Promise<Answer> {
  const request = withMembersNamed(asked, deps.index().stats().members ?? []);
  if (request === undefined) return info(MESSAGES.unknownMention);
  // In a DM, "more", "the first one" and "who wrote that?" act on the last answer there; in a thread of the assistant
  // panel, "who wrote this?" asks about the card the thread is under, as in a channel's thread.
  const typed = request.source === "dm" ? followUpOf(request.text) : undefined;
  const aboutThreadCard =
    request.source === "dm" &&
    request.thread !== undefined &&
    typed !== undefined &&
    /\bthis\b/i.test(request.text);
  const followUp = aboutThreadCard ? undefined : typed;
  const previous = followUp === undefined ? undefined : await recallAnswer(deps, request);
  const acted = followUp === undefined ? undefined : followUpAnswer(deps, previous, followUp);
  const answered =
    acted === undefined
      ? await answerIntent(deps, request, intentOf(request))
      : "reply" in acted
        ? acted
        : await answerIntent(deps, request, acted);
  await rememberAnswer(deps, request, answered, acted === undefined ? undefined : previous);
  return answered;
}
