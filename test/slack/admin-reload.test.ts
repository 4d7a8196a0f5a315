import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "../../src/bot/messages.js";
import { loadCorpus } from "../../src/corpus/load.js";
import { createLiveIndex } from "../../src/index/live.js";
import { type RunningSlackApp, startSlackApp } from "../../src/slack/start.js";
import { FIXTURE_CORPUS, fixtureBot } from "../helpers/bot.js";
import { capturedLogger } from "../helpers/logs.js";
import { servedIndexOf } from "../helpers/served-index.js";
import { postSigned, slashCommandBody } from "../helpers/signed-request.js";
import { httpAppOptions } from "../helpers/slack-app.js";
import { blockNetwork, captureResponseUrl, resetNock } from "../helpers/slack-nock.js";

let app: RunningSlackApp;
let eventsUrl: string;

beforeAll(async () => {
  blockNetwork();
  const { bot, index } = await fixtureBot();
  const { logger } = capturedLogger();
  const live = createLiveIndex(index, async () => servedIndexOf(await loadCorpus(FIXTURE_CORPUS)), logger);
  app = await startSlackApp(
    httpAppOptions("xoxb-1-2-adminbot", {
      bot: { ...bot, index: live.current, reload: () => live.reload() },
      adminUsers: ["U0ADMIN"],
      logger,
    }),
  );
  eventsUrl = `http://127.0.0.1:${app.port}/slack/events`;
});

afterAll(async () => {
  await app.stop();
  resetNock();
});

async function reloadAs(userId: string, path: string) {
  const hook = captureResponseUrl(path);
  const body = slashCommandBody({ text: "reload", userId, responseUrl: hook.url });
  expect((await postSigned(eventsUrl, body, "application/x-www-form-urlencoded")).status).toBe(200);
  await vi.waitFor(() => expect(hook.bodies).toHaveLength(1), { timeout: 15_000 });
  return JSON.stringify(hook.bodies[0]);
}

describe("/paper reload", () => {
  it("reloads the corpus for a user listed in ADMIN_USERS", async () => {
    expect(await reloadAs("U0ADMIN", "/commands/reload-admin")).toContain("Reloaded: 4 papers");
  });

  it("is refused to everyone else", async () => {
    const shown = await reloadAs("U0ASKER", "/commands/reload-other");
    expect(shown).toContain(MESSAGES.onlyAdminsReload);
    expect(shown).not.toContain("Reloaded");
  });
});
