import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { encodeAction } from "../../src/bot/actions.js";
import type { Metrics } from "../../src/ops/metrics.js";
import type { SearchIndex } from "../../src/search/types.js";
import type { RunningSlackApp } from "../../src/slack/start.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { capturedLogger } from "../helpers/logs.js";
import { buttonClickBody, postSigned, slashCommandBody } from "../helpers/signed-request.js";
import { startFixtureHttpApp } from "../helpers/slack-app.js";

// `/paper share <id>` typed does what a card's Share button does: the card in the channel, credited to the sharer.

const FORM = "application/x-www-form-urlencoded";
let slack: FakeSlackApi;
let app: RunningSlackApp;
let eventsUrl: string;
let paperId: string;
let metrics: Metrics;

beforeAll(async () => {
  slack = await startFakeSlackApi();
  let index: SearchIndex;
  ({ app, eventsUrl, index, metrics } = await startFixtureHttpApp("xoxb-8-9-typedshare", {
    logger: capturedLogger().logger,
    slackApiUrl: slack.apiUrl,
  }));
  paperId = index.paperIds()[0] ?? "";
});

afterAll(async () => {
  await app.stop();
  await slack.close();
});

async function typed(text: string, path: string, triggerId: string) {
  const body = slashCommandBody({
    text,
    userId: "U0SHARER",
    responseUrl: slack.responseUrl(path),
    triggerId,
  });
  expect((await postSigned(eventsUrl, body, FORM)).status).toBe(200);
  await vi.waitFor(() => expect(slack.responses(path).length).toBeGreaterThan(0), { timeout: 10_000 });
  return slack.responses(path);
}

describe("/paper share <id> typed", () => {
  it("posts the paper's card in the channel exactly as its Share button does, credited to the sharer", async () => {
    const click = buttonClickBody({
      value: encodeAction({ a: "share", id: paperId }),
      userId: "U0SHARER",
      responseUrl: slack.responseUrl("/share/button"),
      messageTs: "1700007000.000100",
    });
    expect((await postSigned(eventsUrl, click, FORM)).status).toBe(200);
    await vi.waitFor(() => expect(slack.responses("/share/button")).toHaveLength(1), { timeout: 10_000 });
    const [byButton] = slack.responses("/share/button");

    const [byTyping, ...more] = await typed(`share ${paperId}`, "/share/typed", "7.7.1");
    expect(more).toEqual([]);
    expect(byTyping).toMatchObject({ response_type: "in_channel", replace_original: false });
    expect(JSON.stringify(byTyping?.blocks)).toContain("<@U0SHARER>");
    expect(byTyping).toEqual(byButton);
  });

  it("shares again when asked again, but the same command delivered twice posts once", async () => {
    const [first] = await typed(`share ${paperId}`, "/share/again/1", "7.7.2");
    const [second] = await typed(`share ${paperId}`, "/share/again/2", "7.7.3");
    expect([first?.response_type, second?.response_type]).toEqual(["in_channel", "in_channel"]);
    const body = slashCommandBody({
      text: `share ${paperId}`,
      userId: "U0SHARER",
      responseUrl: slack.responseUrl("/share/twice"),
      triggerId: "7.7.4",
    });
    expect((await postSigned(eventsUrl, body, FORM)).status).toBe(200);
    expect((await postSigned(eventsUrl, body, FORM)).status).toBe(200);
    await vi.waitFor(
      async () =>
        expect(await metrics.registry.metrics()).toMatch(
          /paperbot_requests_total\{kind="share",outcome="(duplicate|busy)"\} 1/,
        ),
      { timeout: 10_000, interval: 20 },
    );
    await vi.waitFor(() => expect(slack.responses("/share/twice")).toHaveLength(1), { timeout: 10_000 });
  });

  it("answers only the sharer when no paper has the id, and searches other words", async () => {
    const [missing] = await typed("share zzzzzz9", "/share/missing", "7.7.5");
    expect(missing).toMatchObject({ response_type: "ephemeral" });
    expect(JSON.stringify(missing)).toContain("zzzzzz9");
    const [words] = await typed("share reward models", "/share/words", "7.7.6");
    expect(words).toMatchObject({ response_type: "ephemeral" });
    expect(JSON.stringify(words)).toContain("share reward models");
  });
});
