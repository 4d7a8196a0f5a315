import { spawnSync } from "node:child_process";
import { describe, expect, it } from "vitest";

const runScript = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", script, ...args], { encoding: "utf8" });

describe("npm run bench and npm run eval with an option they do not know", () => {
  it("bench says which option in one line, with no stack trace, and exits 2", () => {
    const result = runScript("bench/run.ts", "--bogus");
    expect(result.status).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe("npm run bench: Unknown option '--bogus' (--help for usage)\n");
  });

  it.each([
    ["bench/generate-corpus.ts", "npm run bench:corpus: Unknown option '--bogus' (--help for usage)\n"],
    ["bench/measure-start.ts", "npm run bench:start: Unknown option '--bogus'\n"],
    ["eval/similar.ts", "npm run eval:similar: Unknown option '--bogus'\n"],
  ])("%s says which option in one line, with no stack trace, and exits 2", (script, said) => {
    const result = runScript(script, "--bogus");
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(said);
  });

  it("eval names the option and shows its usage, with no stack trace, and exits 2", () => {
    const result = runScript("eval/run.ts", "--bogus");
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^Unknown option '--bogus'\nusage: npm run eval/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});
