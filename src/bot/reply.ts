import type { Paper } from "../corpus/types.js";
import type { AuthorSummary, Expert, PersonCandidate, SnippetPart } from "../search/types.js";
import type { HelpTopic } from "./intents.js";
import type { HelpExamples } from "./messages.js";

/** A paper as a card; `buttons`: what it offers (Share and Another one as buttons, the rest in its menu). */
export interface Card {
  paper: Paper;
  snippet?: SnippetPart[];
  /** The search score, for scripts (the CLI's JSON); never shown on a card. */
  score?: number;
  /** Among papers like another: the distinctive terms this one shares with it ("reward models", "RLHF"). */
  shares?: string[];
  /** Show the whole abstract instead of a shortened one. */
  full?: boolean;
  /** Name every author, not the first three ("who wrote it?"). */
  allAuthors?: boolean;
  /** Slack user id of whoever shared this card in the channel. */
  sharedBy?: string;
  /** Ids of papers this thread has shown before this one: "Another one" offers none of them. */
  seen?: string[];
  buttons: CardButton[];
  /** Whose More by and Follow the card offers: the person the search was for; else its first owner or author. */
  person?: { key: string; name: string };
  /** Person keys of the paper's authors who are members of the group (members.yml), marked on the card. */
  members?: string[];
}

/** Something a person follows: a topic (its folded words) or an author (their person key). */
export interface FollowTarget {
  kind: "topic" | "author";
  /** Folded topic words, or a person key. */
  target: string;
  /** The topic as typed, or the author's display name. */
  label: string;
}

/** A paper on a reading list as it was when saved (it may have left the corpus since). */
export interface SavedEntry {
  paperId: string;
  savedAt: number;
  headline: string;
  /** The visible author line at save time. */
  authors: string;
  owners: string[];
  abstract: string;
}

export type CardButton = "share" | "similar" | "moreBy" | "full" | "reroll" | "save" | "follow";

/** A saved paper: as it was saved, and the paper itself while it is still in the corpus. */
export interface SavedItem extends SavedEntry {
  paper?: Paper;
}

/** One group of a follow digest: what was followed and the new papers it matched. */
export interface DigestGroup {
  follow: FollowTarget;
  papers: { paper: Paper; also: FollowTarget[] }[];
}

/** What a list of follows or saved papers is, for paging and for where a click on it came from. */
export interface ListPage {
  total: number;
  offset: number;
  previousOffset?: number;
  nextOffset?: number;
}

export interface DailyScheduleView {
  channelId: string;
  enabled: boolean;
  /** "09:00" */
  time: string;
  timeZone: string;
  /** ISO weekday numbers 1 (Mon) .. 7 (Sun); all seven means every day. */
  weekdays: number[];
  /** Next post, ISO 8601 with offset, when enabled. */
  nextRunAt?: string;
  paused?: string;
  recent: { date: string; paper: Paper }[];
}

/** The post a channel's daily paper would bring next, and when (the schedule's next run). */
export interface DailyPreviewView {
  schedule: DailyScheduleView;
  /** The daily post's title ("Paper of the day"). */
  title: string;
  /** Absent when no paper is loaded. */
  paper?: Paper;
}

/** Who of some people are members (members.yml), by person key, with their Slack id when given. */
export type MembersOf = Record<string, { slack?: string }>;

/** Someone on a who line; `slack`: a member's Slack user id, when members.yml gives one. */
export type LinePerson = Expert & { slack?: string };

/** One line of a who reply: a person, or the people who bring the very same single paper. */
export interface PeopleLine {
  people: LinePerson[];
  papers: Expert["papers"];
  /** The best score among the line's people. */
  score: number;
  /** How much of their work is on the topic, 1 to 5 dots: never more than a line above it in its part. */
  level: number;
  /** Not in the group, in a corpus that has one: shown after the group's members, under a heading of its own. */
  outside?: boolean;
}

/** One page of a who reply, counted in lines (what the user reads) and in people (what a Show more resumes at). */
export interface PeoplePage {
  lines: PeopleLine[];
  /** Lines before this page. */
  firstLine: number;
  lineTotal: number;
  /** People before the page before this one, when this is not the first. */
  previousOffset?: number;
  /** People before the next page, when there is one. */
  nextOffset?: number;
}

/** What the bot answers, before rendering: a plain model, no Slack types. */
export type Reply =
  | {
      kind: "results";
      query: string;
      total: number;
      /** `total` is a floor: more papers may match. */
      orMore?: true;
      offset: number;
      cards: Card[];
      nextOffset?: number;
      notice?: string;
      /** The corrected query the results are for, when the typed words were corrected. */
      showingFor?: string;
      /** Papers a page, when the asker named a number ("give me 3 papers"): Show more goes on as many. */
      perPage?: number;
      /** Near queries in which every word is found, when a typed word is in no paper. */
      didYouMean?: string[];
    }
  | { kind: "card"; card: Card; title?: string }
  /** A paper's BibTeX entry (render/bibtex-entry.ts): as it came in, or made from the paper's fields. */
  | { kind: "bibtex"; paper: Paper }
  | { kind: "similar"; of: Paper; cards: Card[]; offset: number; nextOffset?: number }
  /** People by lines; `nextOffset` counts people (a Show more resumes there), the rest counts lines. */
  | ({
      kind: "people";
      /** The topic as asked (Show more asks it again); `heading`: the topic read, where it leaves someone out. */
      topic: string;
      heading?: string;
      showingFor?: string;
      notice?: string;
      like?: { id: string; others: boolean };
    } & PeoplePage)
  /** `nearOf`: the name typed, when the summary is of the one near name; `members`: who is in members.yml. */
  | { kind: "author"; summary: AuthorSummary; nearOf?: string; members?: MembersOf }
  /** `purpose: "follow"`: the candidates are offered to follow, not to look up. */
  | { kind: "ambiguous"; query: string; candidates: PersonCandidate[]; purpose?: "follow" }
  | {
      kind: "notFound";
      what: "author" | "paper" | "results";
      query: string;
      suggestions: string[];
      /** Near misses of a name, offered as buttons. */
      people?: PersonCandidate[];
      /** Queries that would find papers, offered as buttons. */
      didYouMean?: string[];
      /** Words of the query no paper holds, said when they are why nothing matched. */
      missing?: string[];
      /** The near misses are offered to follow, with the typed words as a topic beside them. */
      purpose?: "follow";
    }
  | {
      kind: "followed";
      target: FollowTarget;
      /** False when it was followed already. */
      added: boolean;
      /** Papers that match it today (a topic), or their papers (an author). */
      matching: number;
      total: number;
      dailyCap: number;
      /** What was typed, when it named nobody and the person followed is the closest name to it. */
      nearOf?: string;
    }
  | { kind: "unfollowed"; target: FollowTarget; removed: boolean }
  | ({ kind: "following"; follows: FollowTarget[]; notice?: string; dailyCap?: number } & ListPage)
  | ({ kind: "saved"; items: SavedItem[]; notice?: string } & ListPage)
  | { kind: "savedOne"; paper: { id: string; headline: string }; added: boolean; total: number }
  | { kind: "unsaved"; paper: { id: string; headline: string }; removed: boolean }
  /** The reading list to hand over as a file (render/saved-markdown.ts): a DM upload, a file, stdout. */
  | { kind: "export"; userId: string; items: SavedItem[]; at: number }
  | ({
      kind: "digest";
      digestId: string;
      groups: DigestGroup[];
      /** The daily cap, when this was the last DM it allowed that day. */
      capReached?: number;
    } & ListPage)
  | ({
      kind: "whatsNew";
      papers: Paper[];
      /** When the latest change(s) came; `since`: when keeping track began (nothing new yet). */
      changedAt?: number;
      since?: number;
      /** Only the new papers on this topic; `topicPapers`: how many papers are on it now, new or not. */
      topic?: string;
      topicPapers?: number;
    } & ListPage)
  | {
      kind: "stats";
      papers: number;
      people: number;
      profiles: number;
      files: number;
      problems: { file: string; line: number; message: string }[];
      /** Saved state cannot be written (read-only, unreachable, …): answers go on, daily posts do not. */
      stateProblem?: string;
    }
  | {
      kind: "help";
      topic?: HelpTopic;
      /** A real paper id of the loaded corpus, for the examples. */
      exampleId?: string;
      /** Topics and a person of the loaded corpus, for the examples. */
      examples?: HelpExamples;
    }
  | { kind: "daily"; schedule: DailyScheduleView }
  /** A preview of the next daily post: the card as it will be posted, with the schedule it comes on. */
  | { kind: "dailyPreview"; schedule: DailyScheduleView; title: string; card?: Card }
  | { kind: "info"; message: string }
  | { kind: "error"; message: string };
