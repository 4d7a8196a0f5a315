import { config as loadDotenv } from "dotenv";
import { pino } from "pino";
import { WHATS_NEW_WINDOW_MS } from "./bot/follow-answers.js";
import type { BotDeps, StateStatus } from "./bot/ports.js";
import { type CliOptions, runCli } from "./cli.js";
import { type Config, cliConfigOf, loadConfig } from "./config.js";
import { humanLogDestination } from "./console/human-log.js";
import { startConsole } from "./console/repl.js";
import { createFollowControl, createReadingList } from "./follow/controls.js";
import { startFollowNotifier } from "./follow/notifier.js";
import { createLiveIndex, type LiveIndex } from "./index/live.js";
import { loadIndex } from "./index/loader.js";
import { type LoadProgress, progressText, terminalProgress, timedProgress } from "./index/progress.js";
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
  let indexLoadedAt = Date.now();
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
      onUnusable: () => void live?.reload(),
    }).finally(progress.end);
    const { papers, problems } = loaded.index.stats();
    const dir = config.corpusDir.endsWith("/") ? config.corpusDir : `${config.corpusDir}/`;
    logger.info(
      { source: loaded.source, ms: loaded.ms, papers, dir: config.corpusDir },
      `${papers} papers from ${dir} in ${(loaded.ms / 1000).toFixed(loaded.ms < 100 ? 2 : 1)} s`,
    );
    if (problems.length > 0) logger.warn({ problems: problems.length }, "some seed entries were skipped");
    indexLoadedAt = Date.now();
    return loaded.index;
  };
  live = createLiveIndex(await buildIndex(), buildIndex, logger);
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
          follows: createFollowControl(store, {
            now,
            dailyCap: config.followDailyCap,
            whatsNewWindowMs: WHATS_NEW_WINDOW_MS,
          }),
          readingList: createReadingList(store),
        }),
    reload: (userId) => {
      logger.info({ userId }, "reload requested");
      return reloadCorpus();
    },
  };
  // Followers hear about what a corpus brought: at startup (below) and after every reload that swapped one in.
  const recordDeps =
    store === undefined
      ? undefined
      : {
          store,
          index: live.current,
          now,
          timeZone: config.dailyTimeZone,
          dailyCap: config.followDailyCap,
          logger,
        };
  let notifier: ReturnType<typeof startFollowNotifier> | undefined;
  const reloadCorpus = async () => {
    const before = live.current();
    const outcome = await live.reload();
    if (live.current() !== before) void notifier?.corpusChanged();
    return outcome;
  };
  process.on("SIGHUP", () => void reloadCorpus());

  if (config.mode.kind === "console") {
    // Offline, changes are recorded and digests planned; a bot on the same state sends them.
    notifier = recordDeps === undefined ? undefined : startFollowNotifier({ record: recordDeps, logger });
    void notifier?.corpusChanged();
    await startConsole({ bot, input: process.stdin, output: process.stdout, logger });
    notifier?.stop();
    await store?.close();
    // The search workers would keep the process alive.
    await live.close();
    return;
  }
  // Loaded only to run the bot, so the paperbot CLI and the console start without Bolt and prom-client.
  const [
    { countDailyResults },
    { createMetrics, watchIndex },
    { installProcessGuard },
    { createDailyPostClient },
    { startDailyScheduler },
    { startSlackApp },
    { createDeliveryPolicy },
    { deliverAnswer },
    { dmChannelOf },
  ] = await Promise.all([
    import("./ops/daily-metrics.js"),
    import("./ops/metrics.js"),
    import("./ops/process-guard.js"),
    import("./schedule/daily-post-client.js"),
    import("./schedule/daily-scheduler.js"),
    import("./slack/start.js"),
    import("./slack/delivery-policy.js"),
    import("./slack/delivery.js"),
    import("./follow/saved-upload.js"),
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
    home: {
      ...(store === undefined ? {} : { state: store }),
      ...(bot.daily === undefined ? {} : { daily: bot.daily }),
      timeZone: config.dailyTimeZone,
    },
  });
  if (recordDeps !== undefined && store !== undefined) {
    const policy = createDeliveryPolicy(config.slackTimeoutMs);
    notifier = startFollowNotifier({
      record: recordDeps,
      send: {
        store,
        index: live.current,
        now,
        logger,
        dailyCap: config.followDailyCap,
        dm: {
          openDm: (userId) => dmChannelOf(slack.poster, userId),
          deliver: (target, request) =>
            deliverAnswer({ ledger: deliveries, client: slack.poster, policy, logger }, target, request),
        },
      },
      logger,
    });
    void notifier.corpusChanged();
  }
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
    notifier?.stop();
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
  const { corpusDir, cacheDir, state, botToken, slackApiUrl } = cliConfigOf(env);
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
        await loadIndex({
          corpusDir: dir,
          cacheDir,
          logger,
          build: "inline",
          // One command, then exit: nothing waits on this event loop, and a worker would only add its start.
          queries: "same-thread",
          onProgress,
        }).finally(terminal.end)
      ).index;
    },
    random: Math.random,
    saved: {
      async openReadingList() {
        const store = await openStateStore(state, { logger });
        return { list: createReadingList(store), close: () => store.close() };
      },
      ...(botToken === undefined
        ? {}
        : {
            upload: async (reply) => {
              const [{ createSlackClient }, { createSlackFetch }, { uploadSavedList }] = await Promise.all([
                import("./slack/web-client.js"),
                import("./slack/slack-fetch.js"),
                import("./follow/saved-upload.js"),
              ]);
              const client = createSlackClient(botToken, {
                fetch: createSlackFetch({ timeoutMs: 30_000 }),
                ...(slackApiUrl === undefined ? {} : { slackApiUrl }),
              });
              return uploadSavedList(client, reply);
            },
          }),
    },
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
  // The console owns stdout, so its log lines go to stderr; there they read as sentences unless LOG_FORMAT=json.
  const inConsole = config.mode.kind === "console";
  const format = config.logFormat ?? (inConsole ? "text" : "json");
  const destination = inConsole ? pino.destination(2) : pino.destination(1);
  const logger = createLogger(
    config.logLevel,
    format === "text" ? humanLogDestination(inConsole ? process.stderr : process.stdout) : destination,
  );
  run(config, logger).catch((error: unknown) => {
    process.stderr.write(
      `paperbot: could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
