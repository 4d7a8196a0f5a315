import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

function sourcesIn(dir: string): { file: string; text: string }[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith(".ts"))
    .map((name) => ({ file: join(dir, name), text: readFileSync(join(dir, name), "utf8") }));
}

describe("the bot core and the renderers", () => {
  it("use only the clock and random source passed in, never their own", () => {
    const sources = [...sourcesIn("src/bot"), ...sourcesIn("src/render")];
    expect(sources.length).toBeGreaterThan(5);
    const offending = sources
      .filter(({ text }) => /Date\.now\(|new Date\(\)|Math\.random\(|process\.env/.test(text))
      .map(({ file }) => file);
    expect(offending).toEqual([]);
  });
});
