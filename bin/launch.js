// Runs the bot's entry point in this process: the compiled dist/main.js when a build is there and no
// source file is newer than it, else src/main.ts through tsx (a fresh clone, or an edit since the build).
// `npm start` first compiles a missing or stale build: through tsx every module of every thread is loaded through
// loader hooks, which made each start (a restart after a crash too) about a second slower.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const compiled = join(root, "dist", "main.js");
// main.js and what it imports in one file: loading 200 modules one by one was half of a restart's main thread.
const bundled = join(root, "dist", "main.bundle.js");

function mtimeOf(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/**
 * The newest change time of any file under src/ and of the installed dependencies (the bundle holds them; npm
 * rewrites node_modules/.package-lock.json at every install), or undefined when there is no src/ (an image).
 */
function newestSource() {
  let entries;
  try {
    entries = readdirSync(join(root, "src"), { recursive: true, withFileTypes: true });
  } catch {
    return undefined;
  }
  let newest = mtimeOf(join(root, "node_modules", ".package-lock.json")) ?? 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, mtimeOf(join(entry.parentPath ?? entry.path, entry.name)) ?? 0);
  }
  return newest;
}

/** Whether dist/main.js exists and is at least as new as every source file and the installed dependencies. */
export function buildIsCurrent() {
  const built = mtimeOf(compiled);
  if (built === undefined) return false;
  const source = newestSource();
  return source === undefined || source <= built;
}

/**
 * Each module's own location where it asks for it (`import.meta.url`, `__dirname`, `__filename`), so a module that
 * finds files beside itself (the worker and build-process entries) finds them from inside the bundle too.
 */
const ownLocations = (bundleDir) => ({
  name: "own-locations",
  setup(build) {
    build.onLoad({ filter: /\.[cm]?js$/ }, async ({ path }) => {
      const text = await readFile(path, "utf8");
      if (!/import\.meta\.url|__dirname|__filename/.test(text)) return undefined;
      // The bundle's own URL from its banner: `import.meta` in a CommonJS file would make it an ES module.
      const url = `new URL(${JSON.stringify(relative(bundleDir, path))}, __bundleUrl)`;
      const located = `const __ownUrl = ${url}.href, __ownFile = decodeURIComponent(${url}.pathname);\n`;
      const body = text
        .replaceAll("import.meta.url", "__ownUrl")
        .replace(/\b__filename\b/g, "__ownFile")
        .replace(/\b__dirname\b/g, "__ownFile.replace(/\\/[^/]*$/, '')");
      return { contents: located + body, loader: "js", resolveDir: dirname(path) };
    });
  },
});

/**
 * JavaScript source with every character past ASCII written as its `\\u` escape, the same code: in a string,
 * template or regular expression the escape means the character, and one written escaped already ("\\’", an
 * identity escape) loses its backslash, which would otherwise escape the escape.
 */
export function asciiOnly(source) {
  return source.replace(/(\\*)([^\0-\x7f])/g, (_, slashes, char) => {
    const kept = slashes.length % 2 === 1 ? slashes.slice(1) : slashes;
    return `${kept}\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

/** dist/main.bundle.js from the compiled dist/ in `dir`; false (and no file) when it cannot be made. */
async function bundle(dir) {
  try {
    const { build } = await import("esbuild");
    const result = await build({
      entryPoints: [join(dir, "main.js")],
      outfile: join(dir, "main.bundle.js"),
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      logLevel: "silent",
      // Native addons, piscina (its own worker file), what loads only for the console or from source, optional parts.
      external: [
        "better-sqlite3",
        "piscina",
        "pino-pretty",
        "tsx",
        "pg-native",
        "bufferutil",
        "utf-8-validate",
      ],
      // CommonJS dependencies inside an ES module still call require for Node's own modules.
      banner: {
        js: 'import { createRequire as __createRequire } from "node:module"; const require = __createRequire(import.meta.url), __bundleUrl = import.meta.url;',
      },
      plugins: [ownLocations(dir)],
      write: false,
    });
    // esbuild leaves regular expressions and comments as written: one character past Latin-1 and V8 holds the
    // whole 6 MB source in two bytes a character, in the heap for the life of the process.
    const [output] = result.outputFiles;
    writeFileSync(output.path, asciiOnly(output.text));
    return true;
  } catch {
    rmSync(join(dir, "main.bundle.js"), { force: true });
    return false;
  }
}

/**
 * Compiles src/ into dist/ and bundles it (written aside, then renamed into place, so a start beside this one never
 * loads half a build); false when it cannot: no TypeScript (an install without development dependencies) or no output.
 */
export async function compile() {
  const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
  const config = join(root, "tsconfig.build.json");
  if (!existsSync(tsc) || !existsSync(config)) return false;
  const aside = join(root, `dist.${process.pid}.tmp`);
  const old = join(root, `dist.${process.pid}.old`);
  // Type errors do not stop the output (tsx runs such code too); only a build with no main.js is refused.
  spawnSync(process.execPath, [tsc, "-p", config, "--outDir", aside], { cwd: root, stdio: "ignore" });
  try {
    if (!existsSync(join(aside, "main.js"))) return false;
    await bundle(aside);
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
  if (buildIsCurrent() || (compileFirst && (await compile()))) {
    // The bundle when this build made one (a build by bare tsc has none).
    const entry =
      existsSync(bundled) && statSync(bundled).mtimeMs >= statSync(compiled).mtimeMs ? bundled : compiled;
    await import(pathToFileURL(entry).href);
    return;
  }
  const { register } = await import("tsx/esm/api");
  register();
  await import(pathToFileURL(join(root, "src", "main.ts")).href);
}
