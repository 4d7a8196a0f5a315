import { config as loadDotenv } from "dotenv";
import { pino } from "pino";
import type { BotDeps, StateStatus } from "./bot/ports.js";
import { type CliOptions, runCli } from "./cli.js";
import { type Config, cliConfigOf, loadConfig } from "./config.js";
import { startConsole } from "./console/repl.js";
import { loadIndex } from "./index-loader.js";
import { createLiveIndex } from "./live-index.js";
import { createLogger, type Logger } from "./logger.js";
import { createDailyControl, ensureStartupSubscription } from "./schedule/daily-control.js";
import { createDailyPostClient } from "./schedule/daily-post-client.js";
import { startDailyScheduler } from "./schedule/daily-scheduler.js";
import { registerHome } from "./slack/home.js";
import { createMemoryLedger, type OnceLedger } from "./slack/once.js";
import { startSlackApp } from "./slack/start.js";
import type { DeliveryLedger } from "./state/delivery-ledger.js";
import { createFallbackDeliveryLedger } from "./state/fallback-delivery-ledger.js";
import { createMemoryDeliveryLedger } from "./state/memory-delivery-ledger.js";
import { describeStateLocation, openStateStore } from "./state/open-store.js";
import { StateUnavailableError } from "./state/sql.js";
import type { StateStore } from "./state/store.js";

const DAY_MS = 24 * 60 * 60 * 1000;

interface OpenedState {
  /** Absent when the store could not be opened at all. */
  store?: StateStore;
  status: () => StateStatus;
}

/**
 * The state store (PostgreSQL with STATE_URL, else the STATE_PATH file). One that cannot be opened is
 * logged and left untouched: commands go on, repeats are caught in memory, daily posts stop.
 */
async function openState(config: Config, logger: Logger): Promise<OpenedState> {
  const location = {
    path: config.statePath,
    ...(config.stateUrl === undefined ? {} : { url: config.stateUrl }),
  };
  const where = describeStateLocation(location);
  try {
    const store = await openStateStore(location, { logger });
    const health = store.health();
    if (!health.writable) {
      logger.warn(
        { problem: health.problem, where },
        `state at ${where} cannot be written (${health.detail}): answers go on, daily posts wait until it can`,
      );
    }
    return {
      store,
      status: () => {
        const now = store.health();
        return now.writable ? now : { writable: false, problem: now.problem };
      },
    };
  } catch (error) {
    if (!(error instanceof StateUnavailableError)) throw error;
    logger.error(
      { problem: error.problem, where },
      `${error.message}; daily posts are off until it is fixed (the state is left untouched)`,
    );
    return { status: () => ({ writable: false, problem: error.problem }) };
  }
}

/**
 * Thin adapter until src/slack/listeners.ts awaits the DeliveryLedger (runtime branch): decides at once from
 * this process's memory, and records the answer in the shared ledger behind it. Drop it at the merge.
 */
function legacyOnceLedger(deliveries: DeliveryLedger, logger: Logger): OnceLedger {
  const memory = createMemoryLedger(Date.now, DAY_MS);
  return {
    claim(key) {
      if (!memory.claim(key)) return false;
      void deliveries
        .claim(key, 60_000)
        .then((outcome) => (outcome === "mine" ? deliveries.markDone(key) : undefined))
        .catch((err: unknown) => logger.debug({ err }, "could not record the answered event"));
      return true;
    },
  };
}

async function run(config: Config, logger: Logger): Promise<void> {
  const buildIndex = async () => {
    const loaded = await loadIndex({
      corpusDir: config.corpusDir,
      cacheDir: config.cacheDir,
      logger,
      build: "worker",
      now: () => performance.now(),
    });
    const { papers, problems } = loaded.index.stats();
    logger.info({ source: loaded.source, ms: loaded.ms, papers, dir: config.corpusDir }, "index ready");
    if (problems.length > 0) logger.warn({ problems: problems.length }, "some seed entries were skipped");
    return loaded.index;
  };
  const live = createLiveIndex(await buildIndex(), buildIndex, logger);
  const now = () => new Date();
  const state = await openState(config, logger);
  const { store } = state;
  if (store !== undefined && config.dailyChannel !== undefined) {
    await ensureStartupSubscription(
      store,
      { channelId: config.dailyChannel, time: config.dailyTime, timeZone: config.dailyTimeZone },
      now(),
    ).catch((error: unknown) => {
      if (!(error instanceof StateUnavailableError)) throw error;
      logger.warn(
        { channelId: config.dailyChannel },
        "could not save DAILY_CHANNEL's subscription: state cannot be written",
      );
    });
  }
  const bot: BotDeps = {
    index: live.current,
    random: Math.random,
    now,
    defaultTimeZone: config.dailyTimeZone,
    stateStatus: state.status,
    ...(store === undefined
      ? {}
      : {
          daily: createDailyControl(store, {
            now,
            defaultTimeZone: config.dailyTimeZone,
            index: live.current,
          }),
        }),
    reload: (userId) => {
      logger.info({ userId }, "reload requested");
      return live.reload();
    },
  };
  process.on("SIGHUP", () => void live.reload());

  if (config.mode.kind === "console") {
    await startConsole({ bot, input: process.stdin, output: process.stdout, logger });
    await store?.close();
    return;
  }
  const slackApi = config.slackApiUrl === undefined ? {} : { slackApiUrl: config.slackApiUrl };
  // Answered events and share clicks: shared through the store, this process's memory when it fails.
  const deliveries = createFallbackDeliveryLedger({
    ...(store === undefined ? {} : { durable: store.deliveries }),
    memory: createMemoryDeliveryLedger(Date.now, DAY_MS),
    logger,
    now: Date.now,
  });
  const slack = await startSlackApp({
    mode: config.mode,
    bot,
    adminUsers: config.adminUsers,
    ledger: legacyOnceLedger(deliveries, logger),
    logger,
    corpusLoaded: () => true,
    ...slackApi,
    extend: (app) =>
      registerHome(app, {
        ...(store === undefined ? {} : { state: store }),
        index: live.current,
        now,
        timeZone: config.dailyTimeZone,
        logger,
      }),
  });
  const scheduler =
    store === undefined
      ? undefined
      : startDailyScheduler({
          store,
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
      .finally(() => store?.close())
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
    loadIndex: async (dir) => (await loadIndex({ corpusDir: dir, cacheDir, logger, build: "inline" })).index,
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
