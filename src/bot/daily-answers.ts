import { EVERY_DAY } from "./daily-spec.js";
import type { Intent } from "./intents.js";
import { MESSAGES } from "./messages.js";
import { type Answer, type BotDeps, info, problem, toAsker } from "./ports.js";
import type { Card } from "./reply.js";
import type { BotRequest } from "./request.js";

/** `/paper daily …`: a channel's daily paper turned on, off, shown, and its next post previewed. */

const DEFAULT_DAILY_TIME = "09:00";

export async function dailyAnswer(
  deps: BotDeps,
  request: BotRequest,
  intent: Extract<Intent, { kind: "dailyOn" | "dailyOff" | "dailyStatus" }>,
): Promise<Answer> {
  const { daily } = deps;
  if (!daily) return problem(MESSAGES.dailyUnavailable);
  if (request.channelId.startsWith("D")) return info(MESSAGES.dailyNotInDm);
  if (intent.kind !== "dailyStatus" && request.source !== "slash") {
    return info(MESSAGES.dailySlashOnly);
  }
  try {
    const schedule =
      intent.kind === "dailyOn"
        ? await daily.subscribe(
            request.channelId,
            {
              time: intent.spec.time ?? DEFAULT_DAILY_TIME,
              timeZone: intent.spec.timeZone ?? deps.defaultTimeZone,
              weekdays: intent.spec.weekdays ?? EVERY_DAY,
            },
            request.userId,
          )
        : intent.kind === "dailyOff"
          ? await daily.unsubscribe(request.channelId)
          : await daily.status(request.channelId);
    if (!schedule) return info(MESSAGES.dailyNotSet);
    return toAsker({ kind: "daily", schedule });
  } catch {
    return problem(dailyFailedMessage(deps));
  }
}

/** Why a daily command failed, as far as the state's health tells. */
function dailyFailedMessage(deps: BotDeps): string {
  const state = deps.stateStatus?.();
  if (state === undefined || state.writable) return MESSAGES.dailyFailed;
  return state.reconnecting === true ? MESSAGES.dailyStateReconnecting : MESSAGES.dailyStateUnwritable;
}

/** The next daily post of this channel as it will look, with when it comes; a hint where there is none. */
export async function dailyPreviewAnswer(deps: BotDeps, request: BotRequest): Promise<Answer> {
  const { daily } = deps;
  if (!daily) return problem(MESSAGES.dailyUnavailable);
  if (request.channelId.startsWith("D")) return info(MESSAGES.dailyPreviewInDm);
  try {
    const preview = await daily.preview(request.channelId, deps.random);
    if (!preview) return info(MESSAGES.dailyPreviewNotSet);
    const { schedule, title, paper } = preview;
    const card: Card | undefined = paper ? { paper, buttons: ["similar", "moreBy", "full"] } : undefined;
    return toAsker({ kind: "dailyPreview", schedule, title, ...(card ? { card } : {}) });
  } catch {
    const state = deps.stateStatus?.();
    const reconnecting = state !== undefined && !state.writable && state.reconnecting === true;
    return toAsker({
      kind: "error",
      message: reconnecting ? MESSAGES.dailyStateReconnecting : MESSAGES.dailyPreviewFailed,
    });
  }
}
