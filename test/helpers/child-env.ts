import { readFileSync } from "node:fs";

/** Every setting .env.example names (its "KEY=" lines, commented out or not). */
const SETTINGS = [...readFileSync(".env.example", "utf8").matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map(
  (match) => match[1] ?? "",
);

/**
 * The environment of a process a test starts: PATH and HOME, every setting set but empty unless the test gives it
 * (dotenv keeps a key the environment has, and the bot reads a blank one as unset), so a developer's .env with real
 * tokens cannot switch a test's bot to Slack.
 */
export function childEnv(env: Record<string, string | undefined> = {}): Record<string, string> {
  const given = Object.fromEntries(
    Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined),
  );
  return {
    ...Object.fromEntries(SETTINGS.map((key) => [key, ""])),
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    ...given,
  };
}
