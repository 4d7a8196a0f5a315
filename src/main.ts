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

async function run(config: Config, logger: Logger): Promise<void> {
  let indexLoadedAt = Date.now();
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
    indexLoadedAt = Date.now();
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
  // Loaded only to run the bot, so the paperbot CLI and the console start without Bolt and prom-client.
  const [
    { countDailyResults },
    { createMetrics, watchIndex },
    { installProcessGuard },
    { createDailyPostClient },
    { startDailyScheduler },
    { registerHome },
    { startSlackApp },
  ] = await Promise.all([
    import("./ops/daily-metrics.js"),
    import("./ops/metrics.js"),
    import("./ops/process-guard.js"),
    import("./schedule/daily-post-client.js"),
    import("./schedule/daily-scheduler.js"),
    import("./slack/home.js"),
    import("./slack/start.js"),
  ]);
  const metrics = createMetrics();
  watchIndex(metrics, { index: live.current, loadedAt: () => indexLoadedAt, now: Date.now });
  let stopping: ((signal: string, code: number) => void) | undefined;
  installProcessGuard(process, { logger, metrics, giveUp: () => stopping?.("uncaughtException", 1) });
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
    ledger: deliveries,
    logger,
    corpusLoaded: () => live.current().stats().papers > 0,
    slackTimeoutMs: config.slackTimeoutMs,
    metrics,
    // Only PostgreSQL is shared by several processes; one process's memory dedupes its own double clicks.
    ...(config.stateUrl === undefined
      ? {}
      : { isLocalClaim: (key: string) => !deliveries.claimIsShared(key) }),
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
          client: createDailyPostClient(config.mode.botToken, { ...slackApi, logger, fetch: slack.fetch }),
          index: live.current,
          now,
          random: Math.random,
          logger,
          sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
          setTimeout: (run, ms) => setTimeout(run, ms),
          clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
          onPass: (results) => countDailyResults(metrics, results),
        });
  stopping = (signal, code) => {
    stopping = undefined;
    logger.info({ signal }, "stopping");
    scheduler?.stop();
    // Answers in flight get a few seconds to finish; a hung stop does not keep the process.
    setTimeout(() => process.exit(code === 0 ? 1 : code), 10_000).unref();
    slack
      .stop()
      .finally(() => store?.close())
      .then(
        () => process.exit(code),
        (err: unknown) => {
          logger.error({ err }, "stopping failed");
          process.exit(1);
        },
      );
  };
  process.once("SIGINT", () => stopping?.("SIGINT", 0));
  process.once("SIGTERM", () => stopping?.("SIGTERM", 0));
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
