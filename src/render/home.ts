import type { Button, HomeView, KnownBlock, ModalView, PlainTextOption } from "@slack/types";
import type { FollowTarget } from "../bot/ports.js";
import type { CardButton, DailyScheduleView, ListPage, SavedItem } from "../bot/reply.js";
import type { Paper } from "../corpus/types.js";
import { ASK_TEXT } from "./ask-modal.js";
import {
  actions,
  button,
  context,
  divider,
  mrkdwn,
  overflowOrButton,
  plainText,
  section,
} from "./block-parts.js";
import { type ButtonSpec, pageSpecs } from "./buttons.js";
import { cardBlocks } from "./card-blocks.js";
import { weekdaysText } from "./daily-lines.js";
import { escapeMrkdwn, fmt, isSlackChannelId } from "./escape.js";
import { exportSpec, followLabel, removeSpec, savedItemText, unfollowSpec } from "./follow-blocks.js";
import { HOME_ACTION_PREFIX } from "./ids.js";
import { LIMITS, truncate } from "./limits.js";
import { plural } from "./lines.js";

/** Slack's cap on blocks in a Home tab view. */
export const HOME_MAX_BLOCKS = 100;
/** The callback_id of the form that changes a channel's daily paper. */
export const DAILY_EDIT_CALLBACK = "home_daily_edit";

export type HomeChannel = Pick<DailyScheduleView, "channelId" | "time" | "timeZone" | "weekdays" | "paused">;

/** One list of the tab (follows, saved papers): a page of it, or why it cannot be shown. */
export type HomeList<T> =
  | ({ available: true; items: T[]; dailyCap?: number } & ListPage)
  | { available: false; why: "no-database" | "unreadable" };

export interface HomeModel {
  /** The newest daily post in the viewer's channels, else the workspace pick; `members`: its members. */
  today?: { date: string; paper: Paper; channelId?: string; members?: string[] };
  /** Subscribed channels the viewer is a member of. */
  channels: HomeChannel[];
  /** The viewer's channels could not be listed (a Slack error): say so instead of showing none. */
  channelsUnknown?: boolean;
  follows?: HomeList<FollowTarget>;
  saved?: HomeList<SavedItem>;
  /** Where the viewer is in the lists, kept in the view for the next publish. */
  pages?: { follows: number; saved: number };
  /** What the last click did ("You no longer follow *reward models*."): mrkdwn, escaped by whoever wrote it. */
  notice?: string;
  corpus: { papers: number; people: number };
}

const HOME_HELP_LINES: readonly string[] = [
  "*How to use Paperbot*",
  "• `/paper reward models` — search the group's papers",
  "• `/paper who RLHF` — who works on a topic · `/paper author Enyu Zhou` — someone's papers",
  "• `/paper follow reward models` or `/paper follow Enyu Zhou` — a DM when new papers arrive",
  "• `/paper daily on 09:00 Europe/Berlin weekdays` — a paper of the day in a channel; `/paper daily off` stops it",
  "• Mention me or DM me in plain words: “papers about agents”, “what's new?”",
  "• *Ask Paperbot* in the shortcuts menu (⚡ or + in the message box) — the same from anywhere",
];

const CHANNEL_ROWS = 10;

function homeButton(spec: ButtonSpec, style?: "primary" | "danger"): Button | undefined {
  const made = button(spec);
  return made && style ? { ...made, style } : made;
}

function channelLine(channel: HomeChannel): string {
  const link = isSlackChannelId(channel.channelId)
    ? `<#${channel.channelId}>`
    : escapeMrkdwn(channel.channelId);
  const when = `${weekdaysText(channel.weekdays)} at ${escapeMrkdwn(channel.time)} (${escapeMrkdwn(channel.timeZone)})`;
  const paused = channel.paused ? ` · paused: ${fmt.code(truncate(channel.paused, 100))}` : "";
  return `• ${link} ${when}${paused}`;
}

/** The tab's controls are answered by the Home listener: their action_ids move from paper_… to home_…. */
function asHomeControls(blocks: KnownBlock[]): KnownBlock[] {
  const moved = <T extends { action_id?: string }>(element: T): T =>
    element.action_id === undefined
      ? element
      : { ...element, action_id: element.action_id.replace(/^paper_/, HOME_ACTION_PREFIX) };
  return blocks.map((block) => {
    if (block.type === "actions") return { ...block, elements: block.elements.map(moved) };
    if (block.type === "section" && block.accessory && "action_id" in block.accessory)
      return { ...block, accessory: moved(block.accessory) };
    return block;
  });
}

/** What today's paper offers on the Home tab: Share in a channel picked, Save, and More like this in its menu. */
const TODAY_BUTTONS: CardButton[] = ["share", "save", "similar", "follow"];

function todayBlocks(today: HomeModel["today"]): KnownBlock[] {
  if (today === undefined) return [section("No papers are loaded yet, so there is no paper of the day.")];
  const where =
    today.channelId && isSlackChannelId(today.channelId) ? ` · posted in <#${today.channelId}>` : "";
  const card = {
    paper: today.paper,
    buttons: TODAY_BUTTONS,
    ...(today.members ? { members: today.members } : {}),
  };
  return [
    ...cardBlocks(card, { heading: "header", title: "Paper of the day", maxBlocks: 8 }),
    context([`${fmt.plain(today.date)}${where}`]),
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
  const rows = model.channels.slice(0, CHANNEL_ROWS).map((channel) => {
    const specs: ButtonSpec[] = isSlackChannelId(channel.channelId)
      ? [
          { label: "Change time or days…", action: { a: "daily", c: channel.channelId, op: "edit" } },
          { label: "Turn off", action: { a: "daily", c: channel.channelId, op: "off" } },
        ]
      : [];
    return section(truncate(channelLine(channel), LIMITS.sectionText - 40), overflowOrButton(specs));
  });
  const left = model.channels.length - rows.length;
  const note = `…and ${plural(left, "more channel")} not shown; \`/paper daily\` in a channel changes it there.`;
  return [title, ...rows, ...(left > 0 ? [context([note])] : [])];
}

function pagingRow(
  list: ListPage,
  action: (o: number) => ButtonSpec["action"],
  extra: (Button | undefined)[] = [],
) {
  return actions(...extra, ...pageSpecs(list, action).map((spec) => homeButton(spec)));
}

function unavailable(why: "no-database" | "unreadable"): KnownBlock {
  return section(
    why === "no-database"
      ? "_This Paperbot runs without a database, so it cannot keep this._"
      : "_I couldn't read this just now._",
  );
}

function followBlocks(list: HomeList<FollowTarget> | undefined): KnownBlock[] {
  if (list === undefined) return [];
  if (!list.available) return [section("*What you follow*"), unavailable(list.why)];
  const cap = list.dailyCap === undefined ? "" : ` (at most ${plural(list.dailyCap, "message")} a day)`;
  const title = section(
    list.total === 0
      ? "*What you follow*\nNothing yet. `/paper follow reward models` or `/paper follow Enyu Zhou`, or choose Follow in a paper's ⋯ menu, and I'll DM you when new papers arrive."
      : `*What you follow* · ${plural(list.total, "thing")}\nNew papers on these come to you by DM${cap}.`,
  );
  const rows = list.items.map((follow) => section(followLabel(follow), homeButton(unfollowSpec(follow))));
  const paging = pagingRow(list, (o) => ({ a: "following", o }));
  return [title, ...rows, ...(paging ? [paging] : [])];
}

function savedBlocks(list: HomeList<SavedItem> | undefined): KnownBlock[] {
  if (list === undefined) return [];
  if (!list.available) return [section("*Your reading list*"), unavailable(list.why)];
  if (list.total === 0) {
    return [section("*Your reading list*\nEmpty. Choose Save in a paper's ⋯ menu to keep it here.")];
  }
  const title = section(`*Your reading list* · ${plural(list.total, "paper")}, newest first`);
  const rows = list.items.map((item) => section(savedItemText(item), homeButton(removeSpec(item.paperId))));
  const paging = pagingRow(list, (o) => ({ a: "saved", o }), [homeButton(exportSpec(), "primary")]);
  return [title, ...rows, ...(paging ? [paging] : [])];
}

/** The App Home tab: notice, Ask, today's paper, daily channels, follows, reading list, help. */
export function renderHomeView(model: HomeModel): HomeView {
  const follow = followBlocks(model.follows);
  const saved = savedBlocks(model.saved);
  const blocks: KnownBlock[] = [
    // The outcome of the last click or form, a success or a failure alike: no check mark.
    ...(model.notice ? [section(truncate(model.notice, 1000))] : []),
    section(ASK_TEXT.homeLine, homeButton({ label: ASK_TEXT.homeButton, action: { a: "ask" } }, "primary")),
    ...todayBlocks(model.today),
    divider(),
    ...channelBlocks(model),
    ...(follow.length > 0 ? [divider(), ...follow] : []),
    ...(saved.length > 0 ? [divider(), ...saved] : []),
    divider(),
    section(HOME_HELP_LINES.join("\n")),
    context([`${model.corpus.papers} papers by ${model.corpus.people} people`]),
  ];
  return {
    type: "home",
    blocks: asHomeControls(blocks.slice(0, HOME_MAX_BLOCKS)),
    ...(model.pages
      ? { private_metadata: JSON.stringify({ f: model.pages.follows, s: model.pages.saved }) }
      : {}),
  };
}

const DAY_CHOICES: { value: string; label: string; days: number[] }[] = [
  { value: "every", label: "Every day", days: [1, 2, 3, 4, 5, 6, 7] },
  { value: "weekdays", label: "Weekdays", days: [1, 2, 3, 4, 5] },
  { value: "weekends", label: "Weekends", days: [6, 7] },
  { value: "mwf", label: "Mon, Wed, Fri", days: [1, 3, 5] },
  { value: "tth", label: "Tue, Thu", days: [2, 4] },
];

/** The weekdays a choice of the form stands for. */
export function weekdaysOfChoice(value: string): number[] | undefined {
  return DAY_CHOICES.find((choice) => choice.value === value)?.days;
}

/** The form that changes a channel's daily paper: time, days and time zone, prefilled with the current ones. */
export function renderDailyEditModal(channel: HomeChannel): ModalView {
  const option = (choice: (typeof DAY_CHOICES)[number]): PlainTextOption => ({
    text: plainText(choice.label, LIMITS.optionText),
    value: choice.value,
  });
  const current = DAY_CHOICES.find((choice) => choice.days.join() === [...channel.weekdays].sort().join());
  return {
    type: "modal",
    callback_id: DAILY_EDIT_CALLBACK,
    private_metadata: JSON.stringify({ c: channel.channelId }),
    title: plainText("Paper of the day", 24),
    submit: plainText("Save", 24),
    close: plainText("Cancel", 24),
    blocks: [
      {
        type: "section",
        text: mrkdwn(
          `For <#${channel.channelId}>: now ${weekdaysText(channel.weekdays)} at ${escapeMrkdwn(channel.time)} (${escapeMrkdwn(channel.timeZone)}).`,
        ),
      },
      {
        type: "input",
        block_id: "time",
        label: plainText("Time", 2000),
        element: { type: "timepicker", action_id: "value", initial_time: channel.time },
      },
      {
        type: "input",
        block_id: "days",
        label: plainText("Days", 2000),
        element: {
          type: "static_select",
          action_id: "value",
          options: DAY_CHOICES.map(option),
          ...(current ? { initial_option: option(current) } : {}),
        },
      },
      {
        type: "input",
        block_id: "zone",
        label: plainText("Time zone", 2000),
        hint: plainText("An IANA name such as Europe/Berlin or America/New_York.", 2000),
        element: {
          type: "plain_text_input",
          action_id: "value",
          initial_value: channel.timeZone,
          max_length: 64,
        },
      },
    ],
  };
}
