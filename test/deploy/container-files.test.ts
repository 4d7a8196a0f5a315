import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { z } from "zod";
import { loadConfig } from "../../src/config.js";

/*
 * No container runtime runs here (`docker` is only the client), so these check what the files say:
 * the Dockerfile's stages and instructions, compose.yaml parsed with `yaml`, and .dockerignore.
 * test/build.test.ts runs the build stage's compile step and the HEALTHCHECK command for real.
 */

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions with continuation lines joined and comments dropped. */
function dockerfile(): Instruction[] {
  const joined = readFileSync("Dockerfile", "utf8").replace(/\\\n\s*/g, " ");
  return joined
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const [keyword = "", ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(" ") };
    });
}

/** The instructions of each stage, by stage name. */
function stages(): Map<string, Instruction[]> {
  const byStage = new Map<string, Instruction[]>();
  let current: Instruction[] = [];
  for (const instruction of dockerfile()) {
    if (instruction.keyword === "FROM") {
      current = [];
      byStage.set(/\bAS\s+(\S+)/i.exec(instruction.args)?.[1] ?? `stage${byStage.size}`, current);
    }
    current.push(instruction);
  }
  return byStage;
}

const execForm = (args: string): string[] => z.array(z.string()).parse(JSON.parse(args));

const composeSchema = z.object({
  services: z.object({
    paperbot: z.object({
      build: z.string(),
      environment: z.record(z.string(), z.string()),
      volumes: z.array(z.string()),
      ports: z.array(z.string()),
      depends_on: z.object({ postgres: z.object({ condition: z.literal("service_healthy") }) }),
      healthcheck: z.object({ test: z.array(z.string()) }),
    }),
    postgres: z.object({
      image: z.string(),
      environment: z.record(z.string(), z.string()),
      volumes: z.array(z.string()),
      healthcheck: z.object({ test: z.array(z.string()) }),
    }),
  }),
  volumes: z.record(z.string(), z.null()),
});

/** Compose's `${NAME:-default}` with the defaults filled in, as a fresh checkout runs it. */
const withDefaults = (value: string) => value.replace(/\$\{[A-Z_]+:-([^}]*)\}/g, "$1");

describe("the Dockerfile", () => {
  const byStage = stages();
  const run = byStage.get("run") ?? [];
  const find = (keyword: string) => run.filter((i) => i.keyword === keyword);

  it("builds in one stage and runs from another that copies only the build's output", () => {
    expect([...byStage.keys()]).toEqual(["build", "run"]);
    const build = (byStage.get("build") ?? []).filter((i) => i.keyword === "RUN").map((i) => i.args);
    expect(build).toContain("npm ci");
    expect(build).toContain("npm run build && npm prune --omit=dev");
    expect(
      find("COPY")
        .filter((i) => i.args.startsWith("--from=build"))
        .map((i) => i.args),
    ).toEqual(["--from=build /app/node_modules ./node_modules", "--from=build /app/dist ./dist"]);
    for (const copy of dockerfile().filter((i) => i.keyword === "COPY" && !i.args.startsWith("--from"))) {
      for (const source of copy.args.split(" ").slice(0, -1)) expect(existsSync(source), source).toBe(true);
    }
  });

  it("runs the compiled bot as the unprivileged node user under tini", () => {
    expect(find("USER").map((i) => i.args)).toEqual(["node"]);
    const userAt = run.findIndex((i) => i.keyword === "USER");
    expect(run.findIndex((i) => i.keyword === "CMD")).toBeGreaterThan(userAt);
    expect(execForm(find("ENTRYPOINT")[0]?.args ?? "")).toEqual(["/usr/bin/tini", "--"]);
    expect(find("RUN").some((i) => i.args.includes("install -y --no-install-recommends tini"))).toBe(true);
    // The bundle, with the heap settings and environment `npm start` gives the bot (its RSS under load).
    const start = z.object({ scripts: z.object({ start: z.string() }) });
    const startScript = start.parse(JSON.parse(readFileSync("package.json", "utf8"))).scripts.start;
    const [, environment = "", flags = ""] =
      /^(.*)\bnode ((?:--\S+ )*)bin\/start\.js$/.exec(startScript) ?? [];
    expect(flags).not.toBe("");
    expect(execForm(find("CMD")[0]?.args ?? "")).toEqual([
      "node",
      ...flags.trim().split(" "),
      "dist/main.bundle.js",
    ]);
    const env = find("ENV")
      .map((i) => i.args)
      .join(" ");
    for (const setting of environment.trim().split(/\s+/).filter(Boolean)) expect(env).toContain(setting);
    const build = z.object({ compilerOptions: z.object({ outDir: z.string() }) });
    expect(build.parse(JSON.parse(readFileSync("tsconfig.build.json", "utf8"))).compilerOptions.outDir).toBe(
      "dist",
    );
  });

  it("keeps state and index snapshots in the data volume, owned by the user the bot runs as", () => {
    expect(execForm(find("VOLUME")[0]?.args ?? "")).toEqual(["/app/data"]);
    const env = find("ENV")
      .map((i) => i.args)
      .join(" ");
    expect(env).toContain("STATE_PATH=/app/data/paperbot.db");
    expect(env).toContain("CACHE_DIR=/app/data/cache");
    expect(find("RUN").some((i) => i.args.includes("chown node:node /app/data"))).toBe(true);
  });

  it("checks health with the bot's own /readyz probe script", () => {
    const [healthcheck] = find("HEALTHCHECK");
    expect(healthcheck?.args).toMatch(/--start-period=\d+s/);
    expect(execForm(healthcheck?.args.replace(/^.*?CMD\s+/, "") ?? "")).toEqual([
      "node",
      "bin/healthcheck.js",
    ]);
    expect(existsSync("bin/healthcheck.js")).toBe(true);
  });
});

describe("compose.yaml", () => {
  const compose = composeSchema.parse(parse(readFileSync("compose.yaml", "utf8")));
  const { paperbot, postgres } = compose.services;

  it("points the bot at the PostgreSQL service with a STATE_URL the bot accepts", () => {
    const url = withDefaults(paperbot.environment.STATE_URL ?? "");
    expect(loadConfig({ STATE_URL: url }).stateUrl).toBe(url);
    const parsed = new URL(url);
    expect(parsed.hostname).toBe("postgres");
    expect(parsed.username).toBe(postgres.environment.POSTGRES_USER);
    expect(decodeURIComponent(parsed.password)).toBe(
      withDefaults(postgres.environment.POSTGRES_PASSWORD ?? ""),
    );
    expect(parsed.pathname).toBe(`/${postgres.environment.POSTGRES_DB}`);
    expect(postgres.image).toMatch(/^postgres:15/);
  });

  it("starts the bot once PostgreSQL is healthy, and checks both", () => {
    expect(paperbot.depends_on.postgres.condition).toBe("service_healthy");
    expect(postgres.healthcheck.test.join(" ")).toContain("pg_isready -U paperbot -d paperbot");
    const [, ...command] = paperbot.healthcheck.test;
    const dockerHealthcheck = dockerfile().find((i) => i.keyword === "HEALTHCHECK")?.args ?? "";
    expect(command).toEqual(execForm(dockerHealthcheck.replace(/^.*?CMD\s+/, "")));
  });

  it("keeps the bot's data and the database in named volumes, and serves the bot's port", () => {
    expect(paperbot.volumes).toEqual(["paperbot-data:/app/data"]);
    expect(postgres.volumes).toEqual(["postgres-data:/var/lib/postgresql/data"]);
    expect(Object.keys(compose.volumes).sort()).toEqual(["paperbot-data", "postgres-data"]);
    expect(withDefaults(paperbot.ports[0] ?? "")).toBe("3000:3000");
    expect(paperbot.environment.PORT).toBe("3000");
    expect(paperbot.environment.HEALTH_PORT).toBe("3000");
    expect(paperbot.build).toBe(".");
  });
});

describe(".dockerignore", () => {
  it("keeps secrets, local state, builds and dependencies out of the image's context", () => {
    const ignored = readFileSync(".dockerignore", "utf8").split("\n");
    for (const entry of ["node_modules", "dist", "data", ".env", ".git"]) expect(ignored).toContain(entry);
    expect(ignored).toContain("!.env.example");
  });
});
