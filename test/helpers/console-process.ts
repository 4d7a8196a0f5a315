import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { join } from "node:path";
import { FIXTURE_CORPUS } from "./bot.js";
import { childEnv } from "./child-env.js";

/** How a child process ended and everything it printed. */
export interface ProcessOutput {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The child's output once it closes; `stdin`, when given, is written to it and closed. */
export function childOutput(child: ChildProcessWithoutNullStreams, stdin?: string): Promise<ProcessOutput> {
  return new Promise((resolve, reject) => {
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += String(chunk);
    });
    child.stderr.on("data", (chunk) => {
      stderr += String(chunk);
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    if (stdin !== undefined) child.stdin.end(stdin);
  });
}

/**
 * What `npm start` with no Slack tokens (the offline console) printed for these piped lines, over the
 * fixture corpus, its index cache and state in `stateDir` (not the project's data/); `env` adds or overrides.
 */
export function offlineConsoleOutput(
  stateDir: string,
  stdin: string,
  env: Record<string, string> = {},
  /** A command the bot's command line is appended to (it runs the bot inside, e.g. a namespace of its own). */
  wrapper: readonly string[] = [],
): Promise<ProcessOutput> {
  const [command = process.execPath, ...args] = [
    ...wrapper,
    process.execPath,
    "--import",
    "tsx",
    "src/main.ts",
  ];
  const child = spawn(command, args, {
    env: childEnv({
      CORPUS_DIR: FIXTURE_CORPUS,
      CACHE_DIR: join(stateDir, "cache"),
      STATE_PATH: join(stateDir, "paperbot.db"),
      LOG_LEVEL: "warn",
      ...env,
    }),
  });
  return childOutput(child, stdin);
}
