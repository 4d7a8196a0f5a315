import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../src/bot/messages.js";
import type { BotDeps } from "../../src/bot/ports.js";
import { createDailyControl } from "../../src/schedule/daily-control.js";
import { fixtureBot } from "../helpers/bot.js";
import { createTestState, type TestState } from "../helpers/stores.js";
import { SLACK_MODES, type SurfaceApp, startSurfaceApp, waitUntil } from "../helpers/surface-app.js";

describe.each(SLACK_MODES)("/paper daily preview over %s", (mode) => {
  let surface: SurfaceApp;
  let state: TestState;
  let bot: BotDeps;
  let hooks = 0;

  async function slash(text: string, channelId: string) {
    const path = `/preview/${mode}/${++hooks}`;
    await surface.slash(text, channelId, surface.slack.responseUrl(path));
    await waitUntil(() => expect(surface.slack.responses(path)).toHaveLength(1));
    return surface.slack.responses(path)[0];
  }

  beforeAll(async () => {
    const fixture = await fixtureBot();
    state = await createTestState("sqlite");
    const store = await state.open();
    const daily = createDailyControl(store, {
      now: fixture.bot.now,
      defaultTimeZone: "UTC",
      index: fixture.bot.index,
    });
    bot = { ...fixture.bot, daily };
    await daily.subscribe("C0PAPERS", { time: "09:30", timeZone: "Asia/Tokyo", weekdays: [1, 3, 5] }, "U1");
    surface = await startSurfaceApp(mode, bot);
  });
  afterAll(async () => {
    await surface.stop();
    await state.drop();
  });

  it("shows privately the card the channel gets next, when it comes, and posts nothing", async () => {
    const reply = await slash("daily preview", "C0PAPERS");
    const next = await bot.daily?.preview("C0PAPERS", bot.random);
    expect(reply).toMatchObject({ response_type: "ephemeral", replace_original: false });
    const shown = JSON.stringify(reply);
    // The fixed clock is Mon 6 Jan 2025, 09:00 UTC: 18:00 in Tokyo, after Monday's 09:30, so Wednesday's.
    expect(shown).toContain(
      "*Preview* of the next daily paper in <#C0PAPERS>, due *Wed 8 Jan 2025, 09:30* (Asia/Tokyo",
    );
    expect(shown).toContain('"type":"header","text":{"type":"plain_text","text":"Paper of the day"');
    expect(shown).toContain(`id ${next?.paper?.id}`);
    expect(shown).not.toContain("Another one");
    expect(surface.slack.callsOf("chat.postMessage")).toEqual([]);
  });

  it("gives a channel without a daily paper a hint", async () => {
    expect(JSON.stringify(await slash("daily preview", "C0QUIET"))).toContain(
      MESSAGES.dailyPreviewNotSet.slice(0, 50),
    );
  });
});
