import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { encodeAction } from "../../src/bot/actions.js";
import { MESSAGES_SHARE } from "../../src/bot/messages.js";
import type { Metrics } from "../../src/ops/metrics.js";
import type { SearchIndex } from "../../src/search/types.js";
import type { RunningSlackApp } from "../../src/slack/start.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { capturedLogger } from "../helpers/logs.js";
import { buttonClickBody, postSigned } from "../helpers/signed-request.js";
import { startFixtureHttpApp } from "../helpers/slack-app.js";

/*
 * With state shared by several processes (PostgreSQL) that cannot be written, no process can see another's
 * claim on a share, and a share cannot be looked up in Slack afterwards: a double click landing on two
 * processes would post the card twice. So the share waits, and the sharer is told to click again.
 */

let slack: FakeSlackApi;
let app: RunningSlackApp;
let metrics: Metrics;
let eventsUrl: string;
let paperId: string;
let stateDown = true;
const logs = capturedLogger();

beforeAll(async () => {
  slack = await startFakeSlackApi();
  let index: SearchIndex;
  ({ app, eventsUrl, index, metrics } = await startFixtureHttpApp("xoxb-5-6-deferbot", {
    logger: logs.logger,
    slackApiUrl: slack.apiUrl,
    isLocalClaim: () => stateDown,
  }));
  paperId = index.paperIds()[0] ?? "";
});

afterAll(async () => {
  await app.stop();
  await slack.close();
});

async function click(path: string) {
  const body = buttonClickBody({
    value: encodeAction({ a: "share", id: paperId }),
    responseUrl: slack.responseUrl(path),
    messageTs: "1700003000.000100",
  });
  expect((await postSigned(eventsUrl, body, "application/x-www-form-urlencoded")).status).toBe(200);
}

describe("a share while the shared state cannot be written", () => {
  it("is not posted; the sharer is told privately, and a click once the state is back shares it once", async () => {
    stateDown = true;
    await Promise.all([click("/defer/1"), click("/defer/2")]);
    // A click is counted once its note has been sent, after the fake Slack has it: wait for both.
    await vi.waitFor(
      async () => {
        expect(slack.responses("/defer/1")).toHaveLength(1);
        expect(slack.responses("/defer/2")).toHaveLength(1);
        expect(await metrics.registry.metrics()).toMatch(
          /paperbot_requests_total\{kind="share",outcome="deferred"\} 2/,
        );
      },
      { timeout: 10_000, interval: 20 },
    );
    for (const path of ["/defer/1", "/defer/2"]) {
      expect(slack.responses(path)[0]).toMatchObject({
        text: MESSAGES_SHARE.stateDown,
        response_type: "ephemeral",
      });
    }

    stateDown = false;
    await Promise.all([click("/defer/3"), click("/defer/4")]);
    // One shares; the other is dropped as a duplicate or while the first is still being shared.
    await vi.waitFor(
      async () => {
        const text = await metrics.registry.metrics();
        expect(text).toMatch(/paperbot_requests_total\{kind="share",outcome="answered"\} 1/);
        expect(text).toMatch(/paperbot_requests_total\{kind="share",outcome="(duplicate|busy)"\} 1/);
      },
      { timeout: 10_000, interval: 20 },
    );
    const shared = [...slack.responses("/defer/3"), ...slack.responses("/defer/4")];
    expect(shared).toHaveLength(1);
    expect(shared[0]).toMatchObject({ response_type: "in_channel" });
  });
});
