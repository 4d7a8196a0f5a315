import type { Paper } from "../corpus/types.js";
import type { AuthorSummary, Expert, PersonCandidate, SnippetPart } from "../search/types.js";

/**
 * A paper as a card. `buttons` lists what the card offers; renderers show Share and Another one as buttons
 * and the rest in the card's overflow menu.
 */
export interface Card {
  paper: Paper;
  snippet?: SnippetPart[];
  /** The search score, for scripts (the CLI's JSON); never shown on a card. */
  score?: number;
  /** Show the whole abstract instead of a shortened one. */
  full?: boolean;
  /** Slack user id of whoever shared this card in the channel. */
  sharedBy?: string;
  /** Ids of papers this thread has shown before this one: "Another one" offers none of them. */
  seen?: string[];
  buttons: CardButton[];
}

export type CardButton = "share" | "similar" | "moreBy" | "full" | "reroll";

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

/** What the bot answers, before rendering: a plain model, no Slack types. */
export type Reply =
  | {
      kind: "results";
      query: string;
      total: number;
      offset: number;
      cards: Card[];
      nextOffset?: number;
      notice?: string;
      /** The corrected query the results are for, when the typed words were corrected. */
      showingFor?: string;
    }
  | { kind: "card"; card: Card; title?: string }
  | { kind: "similar"; of: Paper; cards: Card[] }
  | { kind: "people"; topic: string; total: number; offset: number; people: Expert[]; nextOffset?: number }
  | { kind: "author"; summary: AuthorSummary }
  | { kind: "ambiguous"; query: string; candidates: PersonCandidate[] }
  | {
      kind: "notFound";
      what: "author" | "paper" | "results";
      query: string;
      suggestions: string[];
      /** Near misses of a name, offered as buttons. */
      people?: PersonCandidate[];
      /** Queries that would find papers, offered as buttons. */
      didYouMean?: string[];
    }
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
      topic?: "daily" /** A real paper id of the loaded corpus, for the examples. */;
      exampleId?: string;
    }
  | { kind: "daily"; schedule: DailyScheduleView }
  /** A preview of the next daily post: the card as it will be posted, with the schedule it comes on. */
  | { kind: "dailyPreview"; schedule: DailyScheduleView; title: string; card?: Card }
  | { kind: "info"; message: string }
  | { kind: "error"; message: string };
