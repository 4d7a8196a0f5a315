import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/bot/messages.js";
import { offlineConsoleOutput } from "../helpers/console-process.js";

let dataDir = "";
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), "paperbot-console-preview-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const previewedId = (stdout: string) => /Paper of the day[\s\S]*?id (\w{7})/.exec(stdout)?.[1];

describe("the daily preview in the offline console", { timeout: 60_000 }, () => {
  it("hints where there is no daily paper, then shows the next post, the same after a restart", async () => {
    const first = await offlineConsoleOutput(
      dataDir,
      "/paper daily preview\n/paper daily on 08:30 Europe/Berlin weekdays\nwhat's tomorrow's paper?\n",
    );
    expect(first.code).toBe(0);
    expect(first.stderr).toBe("");
    expect(first.stdout).toContain("There is no daily paper in this channel yet");
    expect(first.stdout).toContain("Preview* of the next daily paper in #C0CONSOLE, due");
    expect(first.stdout).toContain("(Europe/Berlin, on weekdays)");
    expect(first.stdout).toMatch(/due \*(?:Mon|Tue|Wed|Thu|Fri) \d+ \w+ \d{4}, 08:30\*/);
    const id = previewedId(first.stdout);
    expect(id).toMatch(/^\w{7}$/);
    const second = await offlineConsoleOutput(dataDir, "/paper daily preview\n");
    expect(previewedId(second.stdout)).toBe(id);
    expect(MESSAGES.dailyPreviewNotSet).toContain("There is no daily paper in this channel yet");
  });
});
