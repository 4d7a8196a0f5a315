import { type ChildProcess, execFile, spawn } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { childEnv } from "../helpers/child-env.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";

const run = promisify(execFile);
const REPO = resolve(".");
let scratch: string;

/** A folder laid out like the image's build stage: package.json, node_modules (linked), bin/, src/, then dist/. */
beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "paperbot-build-"));
  for (const file of ["package.json", "tsconfig.json", "tsconfig.build.json"])
    copyFileSync(file, join(scratch, file));
  for (const dir of ["bin", "src"]) cpSync(dir, join(scratch, dir), { recursive: true });
  symlinkSync(join(REPO, "node_modules"), join(scratch, "node_modules"));
  // The build stage's compile step (`npm run build`): dist/ compiled, and bundled into dist/main.bundle.js.
  await run(process.execPath, [join(scratch, "bin/build.js")]);
}, 60_000);

afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the production build", () => {
  it.each(["main.js", "main.bundle.js"])(
    "compiles to a dist/%s whose paperbot CLI runs without tsx",
    async (entry) => {
      const { stdout } = await run(
        process.execPath,
        [join(scratch, "dist", entry), "paperbot", "--corpus", "test/fixtures/slack-corpus", "stats"],
        { env: childEnv({ CACHE_DIR: join(scratch, `cache-${entry}`) }) },
      );
      expect(stdout).toMatch(/^\W*Papers\W+4 · /);
    },
  );

  describe("the compiled bot in HTTP mode and the image's HEALTHCHECK command", () => {
    let slack: FakeSlackApi;
    let bot: ChildProcess;
    let stdout = "";
    let exit: Promise<number | null>;

    beforeAll(async () => {
      slack = await startFakeSlackApi();
      // As the image's CMD runs it: the bundle, which starts the search workers and the build process from dist/.
      bot = spawn(process.execPath, [join(scratch, "dist/main.bundle.js")], {
        env: childEnv({
          SLACK_BOT_TOKEN: "xoxb-3-4-compiledbot",
          SLACK_SIGNING_SECRET: "compiled-signing-secret",
          SLACK_API_URL: slack.apiUrl,
          PORT: "0",
          CORPUS_DIR: "test/fixtures/slack-corpus",
          CACHE_DIR: join(scratch, "cache"),
          STATE_PATH: join(scratch, "state.db"),
        }),
        stdio: ["ignore", "pipe", "pipe"],
      });
      bot.stdout?.on("data", (chunk) => {
        stdout += String(chunk);
      });
      exit = new Promise((done) => bot.on("close", (code) => done(code)));
    });

    afterAll(async () => {
      bot.kill("SIGKILL");
      await slack.close();
    });

    const port = () =>
      stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find((line) => typeof line.port === "number")?.port;
    const healthcheck = (env: Record<string, string>) =>
      run(process.execPath, ["bin/healthcheck.js"], { env: { PATH: process.env.PATH ?? "", ...env } }).then(
        ({ stdout: out }) => ({ code: 0, out }),
        (error: { code: number; stdout: string }) => ({ code: error.code, out: error.stdout }),
      );

    it("answers the HEALTHCHECK with 0 while ready, and 1 once it is gone", async () => {
      await vi.waitFor(() => expect(port()).toBeTypeOf("number"), { timeout: 30_000, interval: 100 });
      const ready = await healthcheck({ PORT: String(port()) });
      expect(ready).toEqual({
        code: 0,
        out: expect.stringContaining('200 {"ok":true,"corpus":true,"slack":true,"state":"shared"}'),
      });
      // In Socket Mode the script asks HEALTH_PORT instead.
      expect(
        (await healthcheck({ SLACK_APP_TOKEN: "xapp-1", HEALTH_PORT: String(port()), PORT: "1" })).code,
      ).toBe(0);
      bot.kill("SIGTERM");
      expect(await exit).toBe(0);
      const gone = await healthcheck({ PORT: String(port()) });
      expect(gone.code).toBe(1);
      expect(gone.out).toContain("unreachable");
    }, 60_000);
  });
});

describe("the launcher behind npm start and the paperbot bin", () => {
  let root: string;
  const launch = () =>
    run(process.execPath, [join(root, "bin/start.js")]).then(({ stdout }) => stdout.trim());

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "paperbot-launch-"));
    for (const dir of ["bin", "dist", "src"]) mkdirSync(join(root, dir));
    for (const file of ["launch.js", "start.js"]) copyFileSync(join("bin", file), join(root, "bin", file));
    copyFileSync("package.json", join(root, "package.json"));
    // The installed packages linked one by one, and an install record of its own (what npm rewrites at an install).
    mkdirSync(join(root, "node_modules"));
    for (const name of readdirSync(join(REPO, "node_modules")).filter((n) => n !== ".package-lock.json"))
      symlinkSync(join(REPO, "node_modules", name), join(root, "node_modules", name));
    writeFileSync(join(root, "node_modules/.package-lock.json"), "{}\n");
    const past = new Date(Date.now() - 120_000);
    utimesSync(join(root, "node_modules/.package-lock.json"), past, past);
    writeFileSync(join(root, "dist/main.js"), 'console.log("compiled");\n');
    writeFileSync(join(root, "src/main.ts"), 'const from: string = "source";\nconsole.log(from);\n');
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("runs the build when it is newer than every source file, the source (through tsx) when not", async () => {
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(root, "src/main.ts"), past, past);
    expect(await launch()).toBe("compiled");
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, "src/main.ts"), later, later);
    expect(await launch()).toBe("source");
    rmSync(join(root, "dist"), { recursive: true });
    expect(await launch()).toBe("source");
  }, 30_000);

  it("takes a build older than the last install of the dependencies (which it bundles) as stale", async () => {
    mkdirSync(join(root, "dist"), { recursive: true });
    writeFileSync(join(root, "dist/main.js"), 'console.log("compiled");\n');
    const past = new Date(Date.now() - 60_000);
    utimesSync(join(root, "src/main.ts"), past, past);
    expect(await launch()).toBe("compiled");
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, "node_modules/.package-lock.json"), later, later);
    try {
      expect(await launch()).toBe("source");
    } finally {
      const before = new Date(Date.now() - 120_000);
      utimesSync(join(root, "node_modules/.package-lock.json"), before, before);
    }
  }, 30_000);

  it("runs the build when there is no source at all (the image)", async () => {
    mkdirSync(join(root, "dist"), { recursive: true });
    writeFileSync(join(root, "dist/main.js"), 'console.log("compiled");\n');
    rmSync(join(root, "src"), { recursive: true });
    expect(await launch()).toBe("compiled");
  });

  it("compiles a stale build first when TypeScript is there, and runs what it compiled", async () => {
    mkdirSync(join(root, "src"), { recursive: true });
    writeFileSync(join(root, "src/main.ts"), 'const from: string = "edited";\nconsole.log(from);\n');
    const later = new Date(Date.now() + 60_000);
    utimesSync(join(root, "src/main.ts"), later, later);
    const options = { module: "nodenext", target: "es2023", types: ["node"], outDir: "dist", rootDir: "src" };
    writeFileSync(
      join(root, "tsconfig.build.json"),
      JSON.stringify({ compilerOptions: options, include: ["src"] }),
    );
    try {
      expect(await launch()).toBe("edited");
      expect(readFileSync(join(root, "dist/main.js"), "utf8")).toContain('const from = "edited"');
      expect(readdirSync(root).filter((name) => name.startsWith("dist."))).toEqual([]);
    } finally {
      rmSync(join(root, "tsconfig.build.json"));
    }
  }, 60_000);
});
