// Runs the bot's entry point in this process: the compiled dist/main.js when a build is there and no
// source file is newer than it, else src/main.ts through tsx (a fresh clone, or an edit since the build).
// `npm start` first compiles a missing or stale build: through tsx every module of every thread is loaded through
// loader hooks, which made each start (a restart after a crash too) about a second slower.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
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

/**
 * Compiles src/ into dist/ (written aside, then renamed into place, so a start beside this one never loads half a
 * build); false when it cannot: no TypeScript (an install without development dependencies) or no output.
 */
export function compile() {
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  const config = join(root, "tsconfig.build.json");
  if (!existsSync(tsc) || !existsSync(config)) return false;
  const aside = join(root, `dist.${process.pid}.tmp`);
  const old = join(root, `dist.${process.pid}.old`);
  // Type errors do not stop the output (tsx runs such code too); only a build with no main.js is refused.
  spawnSync(process.execPath, [tsc, "-p", config, "--outDir", aside], { cwd: root, stdio: "ignore" });
  try {
    if (!existsSync(join(aside, "main.js"))) return false;
    if (existsSync(dirname(compiled))) renameSync(dirname(compiled), old);
    renameSync(aside, dirname(compiled));
    return true;
  } catch {
    return buildIsCurrent();
  } finally {
    rmSync(aside, { recursive: true, force: true });
    rmSync(old, { recursive: true, force: true });
  }
}

/**
 * Starts main with `args` put before the user's arguments (["paperbot"] for the CLI); with `compileFirst`, a
 * missing or stale build is compiled first (when it can be) and run.
 */
export async function launch(args, { compileFirst = false } = {}) {
  process.argv.splice(2, 0, ...args);
  if (buildIsCurrent() || (compileFirst && compile())) {
    await import(pathToFileURL(compiled).href);
    return;
  }
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(join(root, "src", "main.ts")).href);
}
