import { createHmac } from "node:crypto";

export const SIGNING_SECRET = "test-signing-secret-0123456789abcdef";

/** Slack's v0 request signature: HMAC-SHA256 of `v0:timestamp:body` with the signing secret. */
export function slackSignature(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac("sha256", secret).update(`v0:${timestamp}:${body}`).digest("hex")}`;
}

export interface SignedPostOptions {
  secret?: string;
  /** Unix seconds; now unless given (a stale one tests the replay check). */
  timestamp?: number;
  signature?: string;
  headers?: Record<string, string>;
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** POSTs a body to the app as Slack would, signed. */
export async function postSigned(
  url: string,
  body: string,
  contentType: "application/x-www-form-urlencoded" | "application/json",
  options: SignedPostOptions = {},
): Promise<{ status: number; text: string }> {
  const timestamp = options.timestamp ?? nowSeconds();
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": contentType,
      "x-slack-request-timestamp": String(timestamp),
      "x-slack-signature":
        options.signature ?? slackSignature(options.secret ?? SIGNING_SECRET, timestamp, body),
      ...options.headers,
    },
    body,
  });
  return { status: response.status, text: await response.text() };
}

export interface SlashCommand {
  text: string;
  userId?: string;
  channelId?: string;
  responseUrl: string;
  /** Slack's id of this one invocation. */
  triggerId?: string;
}

/** A `/paper` command body exactly as Slack form-encodes it. */
export function slashCommandBody(command: SlashCommand): string {
  return new URLSearchParams({
    token: "verification-token-unused",
    team_id: "T0TEST",
    team_domain: "test",
    channel_id: command.channelId ?? "C0CHANNEL",
    channel_name: "papers",
    user_id: command.userId ?? "U0ASKER",
    user_name: "asker",
    command: "/paper",
    text: command.text,
    api_app_id: "A0PAPERBOT",
    response_url: command.responseUrl,
    trigger_id: command.triggerId ?? "1.2.3",
  }).toString();
}

export interface ButtonClick {
  value: string;
  actionId?: string;
  userId?: string;
  channelId?: string;
  messageTs?: string;
  /** Whether the message clicked in is the clicker's own ephemeral one (true unless said). */
  ephemeral?: boolean;
  responseUrl: string;
}

/** A block_actions payload for one button click, form-encoded as `payload=`. */
export function buttonClickBody(click: ButtonClick): string {
  const channel = click.channelId ?? "C0CHANNEL";
  const payload = {
    type: "block_actions",
    team: { id: "T0TEST", domain: "test" },
    user: { id: click.userId ?? "U0ASKER", username: "asker", team_id: "T0TEST" },
    api_app_id: "A0PAPERBOT",
    token: "verification-token-unused",
    container: {
      type: "message",
      message_ts: click.messageTs ?? "1700000000.000100",
      channel_id: channel,
      is_ephemeral: click.ephemeral ?? true,
    },
    trigger_id: "1.2.3",
    channel: { id: channel, name: "papers" },
    response_url: click.responseUrl,
    actions: [
      {
        type: "button",
        action_id: click.actionId ?? "paper_share:0",
        block_id: "card-0",
        text: { type: "plain_text", text: "Share" },
        value: click.value,
        action_ts: "1700000001.000200",
      },
    ],
  };
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}

export interface EventEnvelope {
  /** Absent for the events Slack sends without one. */
  eventId?: string;
  event: Record<string, unknown>;
}

/** An Events API envelope as Slack POSTs it (JSON). */
export function eventBody(envelope: EventEnvelope): string {
  return JSON.stringify({
    token: "verification-token-unused",
    team_id: "T0TEST",
    api_app_id: "A0PAPERBOT",
    type: "event_callback",
    ...(envelope.eventId === undefined ? {} : { event_id: envelope.eventId }),
    event_time: 1700000000,
    authorizations: [{ team_id: "T0TEST", user_id: "U0BOT", is_bot: true }],
    event: envelope.event,
  });
}
