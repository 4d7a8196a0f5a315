import { pino } from "pino";
import type { Reply } from "../bot/reply.js";
import type { CliOptions } from "../cli/commands.js";
import type { CliConfig } from "../config.js";
import { createReadingList } from "../follow/controls.js";
import { loadIndex } from "../index/loader.js";
import { createLogger } from "../logger.js";
import { openStateStore } from "../state/open-store.js";
import { statePortsOf } from "./bot-deps.js";
import { indexProgressFor } from "./index-lifecycle.js";
import { openState } from "./state.js";

/** The CLI reads through the same snapshot cache as the bot, so a large corpus is parsed once, not per command. */
export function cliOptionsOf(
  config: CliConfig,
  stderr: { write(text: string): unknown; isTTY?: boolean },
): CliOptions {
  const { corpusDir, cacheDir, state, botToken, slackApiUrl, slackTimeoutMs } = config;
  const now = () => new Date();
  const logger = createLogger("warn", pino.destination(2));
  return {
    ...(corpusDir === undefined ? {} : { corpusDir }),
    loadIndex: async (dir) => {
      // As the console draws it: a line redrawn on a terminal, nothing into a pipe.
      const progress = indexProgressFor({ kind: "console" }, logger, stderr);
      return (
        await loadIndex({
          corpusDir: dir,
          cacheDir,
          logger,
          build: "inline",
          // One command, then exit: nothing waits on this event loop, and a worker would only add its start.
          queries: "same-thread",
          onProgress: progress.onProgress,
        }).finally(progress.end)
      ).index;
    },
    random: Math.random,
    openState: async (index) => {
      const opened = await openState({ statePath: state.path, stateUrl: state.url }, logger);
      const { store } = opened;
      return {
        deps: {
          defaultTimeZone: config.dailyTimeZone,
          stateStatus: opened.status,
          ...(store === undefined ? {} : statePortsOf(config, store, { now, index })),
        },
        close: async () => store?.close(),
      };
    },
    saved: {
      async openReadingList() {
        const store = await openStateStore(state, { logger });
        return { list: createReadingList(store), close: () => store.close() };
      },
      ...(botToken === undefined
        ? {}
        : { upload: (reply) => uploadToDm(botToken, { slackApiUrl, slackTimeoutMs }, reply) }),
    },
  };
}

/** `saved export` with a bot token: the list as a file in the person's DM; Slack is loaded only then. */
async function uploadToDm(
  botToken: string,
  { slackApiUrl, slackTimeoutMs }: { slackApiUrl: string | undefined; slackTimeoutMs: number },
  reply: Extract<Reply, { kind: "export" }>,
): Promise<{ channel: string; fileNames: string[] }> {
  const [{ createSlackClient }, { uploadSavedList }] = await Promise.all([
    import("../slack/web-client.js"),
    import("../follow/saved-upload.js"),
  ]);
  const client = createSlackClient(botToken, {
    timeout: slackTimeoutMs,
    ...(slackApiUrl === undefined ? {} : { slackApiUrl }),
  });
  return uploadSavedList(client, reply);
}
