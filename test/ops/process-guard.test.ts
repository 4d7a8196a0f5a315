import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";

function run(script: string): Promise<{ code: number | null; lines: Record<string, unknown>[] }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", script], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += String(chunk);
    });
    child.on("close", (code) =>
      resolve({
        code,
        lines: out
          .split("\n")
          .filter((l) => l.startsWith("{"))
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      }),
    );
  });
}

describe("the process guard", () => {
  it("logs and survives a stray rejection and an uncaught exception, and exits only when they keep coming", async () => {
    const { code, lines } = await run("test/fixtures/ops/guarded-child.ts");
    const messages = lines.map((l) => String(l.msg));
    expect(messages).toEqual([
      "unhandled promise rejection; the process goes on",
      "uncaught exception; the process goes on",
      "still alive",
      "uncaught exception; the process goes on",
      "too many uncaught exceptions; stopping so a clean process can start",
      "giving up",
    ]);
    expect(JSON.stringify(lines[0])).toContain("stray rejection");
    expect(lines[2]?.counted).toEqual([
      'paperbot_process_errors_total{kind="unhandledRejection"} 1',
      'paperbot_process_errors_total{kind="uncaughtException"} 1',
    ]);
    expect(code).toBe(3);
  }, 20_000);
});
