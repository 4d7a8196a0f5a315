import { type ParseArgsConfig, parseArgs } from "node:util";

/**
 * A script's options, or a one-line usage error and exit 2 for an unknown or malformed one (never a stack trace).
 * `script` is what the user typed after `npm run`.
 */
export function optionsOf<T extends ParseArgsConfig>(
  script: string,
  config: T,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    const hint = config.options !== undefined && "help" in config.options ? " (--help for usage)" : "";
    console.error(`npm run ${script}: ${error instanceof Error ? error.message : String(error)}${hint}`);
    process.exit(2);
  }
}
