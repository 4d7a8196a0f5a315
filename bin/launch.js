// Runs the bot's entry point in this process: the compiled dist/main.js when a build is there and no
// source file is newer than it, else src/main.ts through tsx (a fresh clone, or an edit since the build).
import { readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const compiled = join(root, "dist", "main.js");

function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** The newest change time of any file under src/, or undefined when there is no src/ (an image). */
function newestSource() {
  let entries;
  try {
    entries = readdirSync(join(root, "src"), { recursive: true, withFileTypes: true });
  } catch {
    return undefined;
  }
  let newest = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, mtimeOf(join(entry.parentPath ?? entry.path, entry.name)) ?? 0);
  }
  return newest;
}

/** Whether dist/main.js exists and is at least as new as every source file. */
export function buildIsCurrent() {
  const built = mtimeOf(compiled);
  if (built === undefined) return false;
  const source = newestSource();
  return source === undefined || source <= built;
}

/** Starts main with `args` put before the user's arguments (["paperbot"] for the CLI). */
export async function launch(args) {
  process.argv.splice(2, 0, ...args);
  if (buildIsCurrent()) {
    await import(pathToFileURL(compiled).href);
    return;
  }
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(join(root, "src", "main.ts")).href);
}
