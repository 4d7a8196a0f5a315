import { config as loadDotenv } from "dotenv";
import { type Config, cliConfigOf, loadConfig } from "./config.js";
import type { Logger } from "./logger.js";
import { botLoggerOf } from "./start/bot-logger.js";
import { indexProgressFor, startServedIndex } from "./start/index-lifecycle.js";
import type { RunningSlackBot, SlackBotConfig, SlackBotWiring } from "./start/slack-bot.js";

/** Starts the bot: the index, the state, then the offline console or Slack, as the config says. */
async function run(config: Config, logger: Logger): Promise<void> {
  // The index's opening comes first: it starts the search workers, which load their modules on the other cores.
  const opening = startServedIndex(config, logger, () =>
    indexProgressFor(config.mode, logger, process.stderr),
  );
  // Module loading is half a restart: what comes after the index (the state store, the bot, the folder watch,
  // Slack's side: Bolt, prom-client) loads while the index opens, and the paperbot CLI's modules never load here.
  const later = Promise.all([
    import("./start/state.js"),
    import("./start/bot-deps.js"),
    import("./start/corpus-watch.js"),
  ]);
  const slackBot = config.mode.kind === "console" ? undefined : import("./start/slack-bot.js");
  later.catch(() => undefined);
  slackBot?.catch(() => undefined);
  const index = await opening;
  const [{ openState, subscribeDailyChannel }, { botDepsOf, followRecordOf }, { watchCorpusFolder }] =
    await later;
  const now = () => new Date();
  const state = await openState(config, logger);
  // A store unavailable at start gets DAILY_CHANNEL's subscription once it answers.
  state.whenConnected((store) => void subscribeDailyChannel(store, config, now(), logger));
  const bot = botDepsOf(config, { index, state, now, logger });
  const record = followRecordOf(config, { index, state, now, logger });
  process.on("SIGHUP", () => void index.reload());
  // From the folder's stats the index's load took: the folder is stat-ed once at start.
  await watchCorpusFolder({
    dir: config.corpusDir,
    reload: () => index.reload(),
    logger,
    initial: index.folder,
  });
  const wiring = { bot, index, state, record, logger };
  if (config.mode.kind === "console") {
    const { runOfflineConsole } = await import("./start/offline-console.js");
    await runOfflineConsole({ ...wiring, input: process.stdin, output: process.stdout });
    return;
  }
  await runSlackBot(
    { ...config, mode: config.mode },
    { ...wiring, now },
    slackBot ?? import("./start/slack-bot.js"),
  );
}

/** The bot in Slack until SIGINT or SIGTERM, or uncaught errors too many to trust the process: then it stops. */
async function runSlackBot(
  config: SlackBotConfig,
  wiring: Omit<SlackBotWiring, "host" | "giveUp">,
  slackBot: Promise<typeof import("./start/slack-bot.js")>,
): Promise<void> {
  // Loaded only to run the bot, so the paperbot CLI and the console start without Bolt and prom-client.
  const { startSlackBot } = await slackBot;
  let stopping: ((signal: string, code: number) => void) | undefined;
  const running = await startSlackBot(config, {
    ...wiring,
    host: process,
    giveUp: () => stopping?.("uncaughtException", 1),
  });
  stopping = (signal, code) => {
    stopping = undefined;
    stopAndExit(running, wiring.logger, signal, code);
  };
  process.once("SIGINT", () => stopping?.("SIGINT", 0));
  process.once("SIGTERM", () => stopping?.("SIGTERM", 0));
}

/** Stops the bot and exits with `code`; answers in flight get a few seconds, a hung stop does not keep the process. */
function stopAndExit(running: RunningSlackBot, logger: Logger, signal: string, code: number): void {
  logger.info({ signal }, "stopping");
  const stopped = running.stop();
  setTimeout(() => process.exit(code === 0 ? 1 : code), 10_000).unref();
  stopped.then(
    () => process.exit(code),
    (err: unknown) => {
      logger.error({ err }, "stopping failed");
      process.exit(1);
    },
  );
}

async function startBot(): Promise<void> {
  // glibc read npm start's malloc settings as this process began; the index build process it forks gets the
  // defaults (fewer arenas made a cold build ~8% slower), its memory going back to the system when it exits.
  delete process.env.MALLOC_ARENA_MAX;
  delete process.env.MALLOC_MMAP_THRESHOLD_;
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    process.stderr.write(`paperbot: ${(error as Error).message}\n`);
    process.exit(1);
  }
  const logger = await botLoggerOf(config, { stdout: process.stdout, stderr: process.stderr });
  await run(config, logger).catch((error: unknown) => {
    process.stderr.write(
      `paperbot: could not start: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}

/** The paperbot CLI: its modules (commander, the whole-corpus loader) load only for it. */
async function runCliCommand(args: string[]): Promise<number> {
  // A reader that has read enough (`paperbot … | head`) closes the pipe: that is the end, not a crash.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
  const [{ runCli }, { cliOptionsOf }] = await Promise.all([
    import("./cli/commands.js"),
    import("./start/cli-options.js"),
  ]);
  return runCli(
    args,
    { stdout: (text) => process.stdout.write(text), stderr: (text) => process.stderr.write(text) },
    cliOptionsOf(cliConfigOf(process.env), process.stderr),
  );
}

loadDotenv({ quiet: true });
const [command, ...cliArgs] = process.argv.slice(2);
if (command === "paperbot") process.exitCode = await runCliCommand(cliArgs);
else void startBot();
