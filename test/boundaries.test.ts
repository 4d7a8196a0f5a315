import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => join(dir, file));
}

/** Every module specifier a file imports or re-exports, with whether the statement is type-only. */
function importsOf(source: string): { specifier: string; typeOnly: boolean }[] {
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const statement = /(?:^|\n)\s*(import|export)\s+(type\s+)?[^;]*?from\s*["']([^"']+)["']/g;
  for (const match of source.matchAll(statement)) {
    found.push({ specifier: match[3] ?? "", typeOnly: match[2] !== undefined });
  }
  for (const match of source.matchAll(/(?:import\s*\(|require\s*\()\s*["']([^"']+)["']/g)) {
    found.push({ specifier: match[1] ?? "", typeOnly: false });
  }
  for (const match of source.matchAll(/(?:^|\n)\s*import\s+["']([^"']+)["']/g)) {
    found.push({ specifier: match[1] ?? "", typeOnly: false });
  }
  return found;
}

const SLACK_PACKAGE = /^(@slack\/|ws$|undici$)/;

describe("the one-way flow", () => {
  it("reads the import statements it checks (the check can fail)", () => {
    const sample = 'import { App } from "@slack/bolt";\nimport type { KnownBlock } from "@slack/types";\n';
    expect(importsOf(sample)).toEqual([
      { specifier: "@slack/bolt", typeOnly: false },
      { specifier: "@slack/types", typeOnly: true },
    ]);
  });

  for (const layer of ["corpus", "search", "bot", "render"]) {
    it(`src/${layer} imports no Slack package (render may import types from @slack/types)`, () => {
      const offenders = sourcesUnder(join("src", layer)).flatMap((file) =>
        importsOf(readFileSync(file, "utf8"))
          .filter(({ specifier }) => SLACK_PACKAGE.test(specifier))
          .filter(
            ({ specifier, typeOnly }) => !(layer === "render" && typeOnly && specifier === "@slack/types"),
          )
          .map(({ specifier }) => `${file} imports ${specifier}`),
      );
      expect(offenders).toEqual([]);
    });
  }

  it("src/corpus, search, bot and render import nothing from slack/, console/, cli/ or main and its start/", () => {
    const offenders = ["corpus", "search", "bot", "render"].flatMap((layer) =>
      sourcesUnder(join("src", layer)).flatMap((file) =>
        importsOf(readFileSync(file, "utf8"))
          .filter(({ specifier }) =>
            /^\.\.\/(?:\.\.\/)*(slack|console|main|cli|start)(\/|\.js$)/.test(specifier),
          )
          .map(({ specifier }) => `${file} imports ${specifier}`),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it("adapters (slack, console, cli) never import each other, nor main's start/", () => {
    const adapters: [string[], RegExp][] = [
      [sourcesUnder(join("src", "slack")), /^\.\.\/(?:\.\.\/)*(console|cli|start)(\/|\.js$)/],
      [sourcesUnder(join("src", "console")), /^\.\.\/(?:\.\.\/)*(slack|cli|start)(\/|\.js$)/],
      [sourcesUnder(join("src", "cli")), /^\.\.\/(?:\.\.\/)*(slack|console|start)(\/|\.js$)/],
    ];
    const offenders = adapters.flatMap(([files, forbidden]) =>
      files.flatMap((file) =>
        importsOf(readFileSync(file, "utf8"))
          .filter(({ specifier }) => forbidden.test(specifier))
          .map(({ specifier }) => `${file} imports ${specifier}`),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it("only src/main.ts reads process.env", () => {
    const readers = sourcesUnder("src")
      .filter((file) => file !== join("src", "main.ts"))
      .filter((file) => /process\.env\b/.test(readFileSync(file, "utf8")));
    expect(readers).toEqual([]);
  });
});
