import { config as loadDotenv } from "dotenv";
import { pino } from "pino";
import type { BotDeps } from "./bot/ports.js";
import { type CliOptions, runCli } from "./cli.js";
import { type Config, cliConfigOf, loadConfig } from "./config.js";
import { startConsole } from "./console/repl.js";
import { createLiveIndex, type LiveIndex } from "./index/live.js";
import { loadIndex } from "./index/loader.js";
import { type LoadProgress, progressText, terminalProgress, timedProgress } from "./index/progress.js";
import { createLogger, type Logger } from "./logger.js";
import { createDailyControl, ensureStartupSubscription } from "./schedule/daily-control.js";
import { createDailyPostClient } from "./schedule/daily-post-client.js";
import { startDailyScheduler } from "./schedule/daily-scheduler.js";
import { registerHome } from "./slack/home.js";
import { createMemoryLedger } from "./slack/once.js";
import { startSlackApp } from "./slack/start.js";
import { openStateDatabase, type StateDatabase, StateDatabaseError } from "./state/database.js";
import { createSeenEvents } from "./state/seen-events.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The state database, or undefined (logged) when it is unreadable: commands go on, daily posts stop. */
function openStateOrLog(config: Config, logger: Logger): StateDatabase | undefined {
  try {
    return openStateDatabase(config.statePath);
  } catch (error) {
    if (!(error instanceof StateDatabaseError)) throw error;
    logger.error(
      { problem: error.problem, path: error.path },
      `${error.message}; daily posts are off until it is fixed (the file is left untouched)`,
    );
    return undefined;
  }
}

/** Progress of a long index build: a line redrawn on the console's terminal, a log line every few seconds in the bot modes. */
function progressFor(
  config: Config,
  logger: Logger,
): { onProgress: (progress: LoadProgress) => void; end: () => void } {
  const now = () => performance.now();
  if (config.mode.kind === "console") {
    // A line redrawn in place is for a person at a terminal; piped output stays clean.
    if (!process.stderr.isTTY) return { onProgress: () => undefined, end: () => undefined };
    const terminal = terminalProgress(process.stderr);
    const onProgress = timedProgress(terminal.report, { everyMs: 250, now, quietForMs: 1000 });
    return { onProgress, end: terminal.end };
  }
  const log = timedProgress((progress) => logger.info({ progress }, progressText(progress)), {
    everyMs: 5000,
    now,
    quietForMs: 2000,
  });
  return { onProgress: log, end: () => undefined };
}

async function run(config: Config, logger: Logger): Promise<void> {
  let live: LiveIndex | undefined;
  const buildIndex = async () => {
    const progress = progressFor(config, logger);
    const loaded = await loadIndex({
      corpusDir: config.corpusDir,
      cacheDir: config.cacheDir,
      logger,
      build: "worker",
      now: () => performance.now(),
      onProgress: progress.onProgress,
      onCorrupt: () => void live?.reload(),
    }).finally(progress.end);
    const { papers, problems } = loaded.index.stats();
    logger.info({ source: loaded.source, ms: loaded.ms, papers, dir: config.corpusDir }, "index ready");
    if (problems.length > 0) logger.warn({ problems: problems.length }, "some seed entries were skipped");
    return loaded.index;
  };
  live = createLiveIndex(await buildIndex(), buildIndex, logger);
  const now = () => new Date();
  const db = config.mode.kind === "console" ? undefined : openStateOrLog(config, logger);
  if (db !== undefined && config.dailyChannel !== undefined) {
    ensureStartupSubscription(
      db,
      { channelId: config.dailyChannel, time: config.dailyTime, timeZone: config.dailyTimeZone },
      now(),
    );
  }
  const bot: BotDeps = {
    index: live.current,
    random: Math.random,
    now,
    defaultTimeZone: config.dailyTimeZone,
    ...(db === undefined
      ? {}
      : {
          daily: createDailyControl(db, { now, defaultTimeZone: config.dailyTimeZone, index: live.current }),
        }),
    reload: (userId) => {
      logger.info({ userId }, "reload requested");
      return live.reload();
    },
  };
  process.on("SIGHUP", () => void live.reload());

  if (config.mode.kind === "console") {
    await startConsole({ bot, input: process.stdin, output: process.stdout, logger });
    return;
  }
  const slackApi = config.slackApiUrl === undefined ? {} : { slackApiUrl: config.slackApiUrl };
  const slack = await startSlackApp({
    mode: config.mode,
    bot,
    adminUsers: config.adminUsers,
    ledger: db === undefined ? createMemoryLedger(Date.now, DAY_MS) : createSeenEvents(db, Date.now),
    logger,
    corpusLoaded: () => true,
    ...slackApi,
    extend: (app) =>
      registerHome(app, {
        ...(db === undefined ? {} : { db }),
        index: live.current,
        now,
        timeZone: config.dailyTimeZone,
        logger,
      }),
  });
  const scheduler =
    db === undefined
      ? undefined
      : startDailyScheduler({
          db,
          client: createDailyPostClient(config.mode.botToken, { ...slackApi, logger }),
          index: live.current,
          now,
          random: Math.random,
          logger,
          sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
          setTimeout: (run, ms) => setTimeout(run, ms),
          clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
        });
  const stop = (signal: string) => {
    logger.info({ signal }, "stopping");
    scheduler?.stop();
    slack
      .stop()
      .finally(() => db?.close())
      .then(
        () => process.exit(0),
        (err: unknown) => {
          logger.error({ err }, "stopping failed");
          process.exit(1);
        },
      );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

/** The CLI reads through the same snapshot cache as the bot, so a large corpus is parsed once, not per command. */
function cliOptionsOf(env: Record<string, string | undefined>): CliOptions {
  const { corpusDir, cacheDir } = cliConfigOf(env);
  const logger = createLogger("warn", pino.destination(2));
  return {
    ...(corpusDir === undefined ? {} : { corpusDir }),
    loadIndex: async (dir) => {
      const terminal = terminalProgress(process.stderr);
      const onProgress = timedProgress(terminal.report, {
        everyMs: 1000,
        now: () => performance.now(),
        quietForMs: 1000,
      });
      return (
        await loadIndex({ corpusDir: dir, cacheDir, logger, build: "inline", onProgress }).finally(
          terminal.end,
        )
      ).index;
    },
    random: Math.random,
  };
}

loadDotenv({ quiet: true });
const [command, ...cliArgs] = process.argv.slice(2);
if (command === "paperbot") {
  process.exitCode = await runCli(
    cliArgs,
    { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) },
    cliOptionsOf(process.env),
  );
} else {
  startBot();
}

function startBot(): void {
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    process.stderr.write(`paperbot: ${(error as Error).message}\n`);
    process.exit(1);
  }
  // The console owns stdout, so its log lines go to stderr.
  const logger = createLogger(
    config.logLevel,
    config.mode.kind === "console" ? pino.destination(2) : undefined,
  );
  run(config, logger).catch((error: unknown) => {
    process.stderr.write(
      `paperbot: could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
