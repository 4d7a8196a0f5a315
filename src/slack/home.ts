import type { App, BlockAction, ViewSubmitAction } from "@slack/bolt";
import { z } from "zod";
import { type Action, decodeAction } from "../bot/actions.js";
import { MESSAGES_HOME } from "../bot/messages.js";
import type { Answer } from "../bot/ports.js";
import type { BotRequest } from "../bot/request.js";
import { type HomeDeps, type HomePages, homeModelOf } from "../home/model.js";
import { renderAskModal, renderShareModal } from "../render/ask-modal.js";
import { renderBibtexModal } from "../render/bibtex-blocks.js";
import { renderSlackMessage } from "../render/blocks.js";
import { weekdaysText } from "../render/daily-lines.js";
import { escapeMrkdwn } from "../render/escape.js";
import {
  DAILY_EDIT_CALLBACK,
  renderDailyEditModal,
  renderHomeView,
  weekdaysOfChoice,
} from "../render/home.js";
import { HOME_ACTION_ID_PATTERN } from "../render/ids.js";
import { isValidTime } from "../schedule/next-run.js";
import { isValidTimeZone } from "../time-zone.js";
import { actionValueOf, jsonOf } from "./requests.js";

export type { HomeDeps } from "../home/model.js";

type WebClient = Parameters<Parameters<App["event"]>[1]>[0]["client"];

/** `answer`: the bot's answer to a click, admin powers sorted and an export uploaded. */
export interface HomeWiring {
  home: HomeDeps;
  answer: (request: BotRequest) => Promise<Answer>;
}

const conversationsSchema = z.object({ channels: z.array(z.object({ id: z.string() })).default([]) });
const MAX_CHANNEL_PAGES = 20;

/** users.conversations: channels:read, groups:read. */
async function channelIdsOf(client: WebClient, userId: string): Promise<Set<string>> {
  const ids = new Set<string>();
  const options = {
    user: userId,
    types: "public_channel,private_channel",
    exclude_archived: true,
    limit: 999,
  };
  let pages = 0;
  for await (const page of client.paginate("users.conversations", options)) {
    for (const channel of conversationsSchema.parse(page).channels) ids.add(channel.id);
    if (++pages >= MAX_CHANNEL_PAGES) break;
  }
  return ids;
}

const pagesSchema = z.object({ f: z.number().int().min(0), s: z.number().int().min(0) });

function pagesOf(metadata: string | undefined): HomePages {
  const parsed = pagesSchema.safeParse(jsonOf(metadata));
  return parsed.success ? { follows: parsed.data.f, saved: parsed.data.s } : { follows: 0, saved: 0 };
}

/** Their channels are asked of Slack once per request (again after a failure). */
interface Viewer {
  client: WebClient;
  userId: string;
  channelIds(): Promise<Set<string>>;
}

function viewerOf(client: WebClient, userId: string): Viewer {
  let known: Set<string> | undefined;
  return { client, userId, channelIds: async () => (known ??= await channelIdsOf(client, userId)) };
}

async function publish(
  wiring: HomeWiring,
  viewer: Viewer,
  pages?: HomePages,
  notice?: string,
): Promise<void> {
  const { client, userId } = viewer;
  try {
    const model = await homeModelOf(wiring.home, userId, viewer.channelIds, pages, notice);
    await client.views.publish({ user_id: userId, view: renderHomeView(model) });
  } catch (error) {
    wiring.home.logger.error({ err: error, userId }, "could not publish the Home tab");
  }
}

/** Whether the user is in the channel (a Home payload could name any channel). */
async function isMember(wiring: HomeWiring, viewer: Viewer, channelId: string) {
  try {
    return (await viewer.channelIds()).has(channelId);
  } catch (error) {
    wiring.home.logger.warn({ err: error }, "could not check the user's channels");
    return false;
  }
}

const channelLink = (channelId: string) => `<#${channelId}>`;

async function dailyClick(
  wiring: HomeWiring,
  viewer: Viewer,
  body: BlockAction,
  action: Extract<Action, { a: "daily" }>,
): Promise<string | undefined> {
  const daily = wiring.home.daily;
  if (!daily) return MESSAGES_HOME.dailyUnavailable;
  if (!(await isMember(wiring, viewer, action.c))) return MESSAGES_HOME.notInChannel;
  if (action.op === "off") {
    const off = await daily.unsubscribe(action.c).catch(() => "failed" as const);
    if (off === "failed") return MESSAGES_HOME.changeFailed;
    return MESSAGES_HOME.dailyOff(channelLink(action.c));
  }
  const status = await daily.status(action.c).catch(() => undefined);
  if (status === undefined || !("trigger_id" in body)) return MESSAGES_HOME.dailyGone;
  await viewer.client.views.open({
    trigger_id: body.trigger_id,
    view: renderDailyEditModal({
      channelId: status.channelId,
      time: status.time,
      timeZone: status.timeZone,
      weekdays: status.weekdays,
    }),
  });
  return undefined;
}

/** A Home button that opens a form, where the viewer picks the conversation. */
function formOf(action: Action) {
  if (action.a === "ask") return renderAskModal();
  if (action.a === "share") return renderShareModal(action.id);
  if (action.a === "similar") return renderAskModal(`similar ${action.id}`);
  return undefined;
}

function noticeOf(answer: Answer): string {
  return renderSlackMessage(answer.reply).text;
}

const dailyEditSchema = z.object({
  user: z.object({ id: z.string() }),
  view: z.object({
    private_metadata: z.string().optional(),
    state: z.object({
      values: z.object({
        time: z.object({ value: z.object({ selected_time: z.string().nullable().optional() }) }),
        days: z.object({
          value: z.object({ selected_option: z.object({ value: z.string() }).nullable().optional() }),
        }),
        zone: z.object({ value: z.object({ value: z.string().nullable().optional() }) }),
      }),
    }),
  }),
});
const modalMetadataSchema = z.object({ c: z.string().regex(/^[CG][A-Z0-9]{2,20}$/) });

/** Published when opened and after each button or form; a view has no response_url, so answers are the tab's notice. */
export function registerHome(app: App, wiring: HomeWiring): void {
  const { logger } = wiring.home;
  app.event("app_home_opened", async ({ event, client }) => {
    if (event.tab !== "home") return;
    await publish(wiring, viewerOf(client, event.user));
  });

  app.action<BlockAction>(HOME_ACTION_ID_PATTERN, async ({ body, action, ack, client }) => {
    await ack();
    const value = actionValueOf(action);
    const decoded = value === undefined ? undefined : decodeAction(value);
    const userId = body.user.id;
    const viewer = viewerOf(client, userId);
    const pages = pagesOf(body.view?.private_metadata);
    const form = decoded === undefined ? undefined : formOf(decoded);
    let notice: string | undefined;
    try {
      if (decoded === undefined) notice = MESSAGES_HOME.staleButton;
      else if (decoded.a === "following") pages.follows = decoded.o;
      else if (decoded.a === "saved") pages.saved = decoded.o;
      else if (form !== undefined && "trigger_id" in body) {
        // The form answers on its own: the tab stays as it is.
        await client.views.open({ trigger_id: body.trigger_id, view: form });
        return;
      } else if (decoded.a === "bib" && "trigger_id" in body) {
        const request: BotRequest = { source: "action", action: decoded, userId, channelId: "" };
        const answered = await wiring.answer(request);
        if (answered.reply.kind !== "bibtex") notice = noticeOf(answered);
        else {
          await client.views.open({
            trigger_id: body.trigger_id,
            view: renderBibtexModal(answered.reply.paper),
          });
          return;
        }
      } else if (decoded.a === "daily") {
        notice = await dailyClick(wiring, viewer, body, decoded);
        if (notice === undefined) return;
      } else {
        const request: BotRequest = { source: "action", action: decoded, userId, channelId: "" };
        notice = noticeOf(await wiring.answer(request));
      }
    } catch (error) {
      logger.error({ err: error }, "a Home tab button failed");
      notice = MESSAGES_HOME.clickFailed;
    }
    await publish(wiring, viewer, pages, notice);
  });

  // Every submission is acknowledged: Slack shows an error on the form when it gets no answer in 3 s.
  app.view<ViewSubmitAction>(DAILY_EDIT_CALLBACK, async ({ ack, body, client }) => {
    const form = dailyEditSchema.safeParse(body);
    if (!form.success) {
      logger.warn({ issues: form.error.issues.length }, "a daily-paper form was not understood");
      await ack({ response_action: "errors", errors: { time: MESSAGES_HOME.reopenForm } });
      return;
    }
    const { user, view } = form.data;
    const { values } = view.state;
    const channel = modalMetadataSchema.safeParse(jsonOf(view.private_metadata));
    const time = values.time.value.selected_time ?? "";
    const days = weekdaysOfChoice(values.days.value.selected_option?.value ?? "");
    const zone = (values.zone.value.value ?? "").trim();
    const errors: Record<string, string> = {};
    if (!isValidTime(time)) errors.time = MESSAGES_HOME.pickTime;
    if (days === undefined) errors.days = MESSAGES_HOME.pickDays;
    if (!isValidTimeZone(zone)) errors.zone = MESSAGES_HOME.unknownZone;
    if (Object.keys(errors).length > 0 || !channel.success || days === undefined) {
      await ack({
        response_action: "errors",
        errors: channel.success ? errors : { time: MESSAGES_HOME.reopenForm },
      });
      return;
    }
    await ack();
    const userId = user.id;
    const viewer = viewerOf(client, userId);
    const channelId = channel.data.c;
    let notice: string;
    if (!wiring.home.daily || !(await isMember(wiring, viewer, channelId))) {
      notice = MESSAGES_HOME.notInChannel;
    } else {
      try {
        await wiring.home.daily.subscribe(channelId, { time, timeZone: zone, weekdays: days }, userId);
        notice = MESSAGES_HOME.dailySet(
          channelLink(channelId),
          weekdaysText(days),
          escapeMrkdwn(time),
          escapeMrkdwn(zone),
        );
      } catch (error) {
        logger.error({ err: error }, "could not change a daily paper from the Home tab");
        notice = MESSAGES_HOME.changeFailed;
      }
    }
    await publish(wiring, viewer, undefined, notice);
  });
}
