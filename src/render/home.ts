import type { HomeView, KnownBlock } from "@slack/types";
import type { Paper } from "../corpus/types.js";
import { context, divider, header, section } from "./block-parts.js";
import { escapeMrkdwn } from "./escape.js";
import { SLACK_FORMAT as fmt } from "./format.js";
import { chunksOf, LIMITS, truncate } from "./limits.js";
import { abstractPreview, authorLine, weekdaysText } from "./lines.js";

/** Slack's cap on blocks in a Home tab view. */
export const HOME_MAX_BLOCKS = 100;
const MAX_CHANNEL_SECTIONS = 5;

export interface HomeChannel {
  channelId: string;
  time: string;
  timeZone: string;
  weekdays: number[];
  /** Why posting is paused, when it is. */
  paused?: string;
}

export interface HomeModel {
  /** Today's paper: the newest daily post in the viewer's channels, else the workspace pick of the day. */
  today?: { date: string; paper: Paper; channelId?: string };
  /** Subscribed channels the viewer is a member of. */
  channels: HomeChannel[];
  /** The viewer's channels could not be listed (a Slack error): say so instead of showing none. */
  channelsUnknown?: boolean;
  corpus: { papers: number; people: number };
}

export const HOME_HELP_LINES: readonly string[] = [
  "*How to use Paperbot*",
  "• `/paper reward models` — search the group's papers",
  "• `/paper who RLHF` — who works on a topic · `/paper author Enyu Zhou` — someone's papers",
  "• `/paper daily on 09:00 Europe/Berlin weekdays` — a paper of the day in a channel; `/paper daily off` stops it",
  "• Mention me or DM me in plain words: “papers about agents”",
];

const channelId = /^[CG][A-Z0-9]{2,20}$/;

function channelLine(channel: HomeChannel): string {
  const link = channelId.test(channel.channelId)
    ? `<#${channel.channelId}>`
    : escapeMrkdwn(channel.channelId);
  const when = `${weekdaysText(channel.weekdays)} at ${escapeMrkdwn(channel.time)} (${escapeMrkdwn(channel.timeZone)})`;
  const paused = channel.paused ? ` · paused: ${fmt.code(truncate(channel.paused, 100))}` : "";
  return `• ${link} ${when}${paused}`;
}

function todayBlocks(today: HomeModel["today"]): KnownBlock[] {
  if (today === undefined) return [section("No papers are loaded yet, so there is no paper of the day.")];
  const where =
    today.channelId && channelId.test(today.channelId) ? ` · posted in <#${today.channelId}>` : "";
  return [
    header("Paper of the day"),
    section(fmt.bold(fmt.plain(truncate(today.paper.headline, 300)))),
    context([truncate(authorLine(fmt, today.paper), 500)]),
    section(fmt.plain(abstractPreview(today.paper.abstract))),
    context([`${fmt.plain(today.date)} · id ${fmt.code(today.paper.id)}${where}`]),
  ];
}

function channelBlocks(model: HomeModel): KnownBlock[] {
  const title = section("*Paper of the day in your channels*");
  if (model.channelsUnknown) return [title, section("_I couldn't list your channels just now._")];
  if (model.channels.length === 0) {
    return [
      title,
      section("None of your channels get one yet. Type `/paper daily on` in a channel to start."),
    ];
  }
  const chunks = chunksOf(model.channels.map(channelLine).join("\n"), LIMITS.sectionText - 40);
  const kept = chunks.slice(0, MAX_CHANNEL_SECTIONS).map((chunk) => section(chunk));
  const left = chunks.length - kept.length;
  return [title, ...kept, ...(left > 0 ? [context(["…and more channels not shown"])] : [])];
}

/** The App Home tab: today's paper, the viewer's subscribed channels, corpus size and a short help. */
export function renderHomeView(model: HomeModel): HomeView {
  const blocks: KnownBlock[] = [
    ...todayBlocks(model.today),
    divider(),
    ...channelBlocks(model),
    divider(),
    section(HOME_HELP_LINES.join("\n")),
    context([`${model.corpus.papers} papers by ${model.corpus.people} people`]),
  ];
  return { type: "home", blocks: blocks.slice(0, HOME_MAX_BLOCKS) };
}
