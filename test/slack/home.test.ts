import type { HomeView, KnownBlock, ModalView } from "@slack/types";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { encodeAction } from "../../src/bot/actions.js";
import type { FollowTarget } from "../../src/bot/ports.js";
import type { SavedItem } from "../../src/bot/reply.js";
import type { Paper } from "../../src/corpus/types.js";
import { ASK_MODAL_CALLBACK, ASK_TEXT, SHARE_MODAL_CALLBACK } from "../../src/render/ask-modal.js";
import { DAILY_EDIT_CALLBACK, HOME_MAX_BLOCKS, renderHomeView } from "../../src/render/home.js";
import { LIMITS } from "../../src/render/limits.js";
import type { StateStore } from "../../src/state/store.js";
import { type FakeSlackApi, startFakeSlackApi } from "../helpers/fake-slack-api.js";
import { type FollowApp, startFollowApp, storeBot, waitUntil } from "../helpers/follow-app.js";
import { freshStates } from "../helpers/stores.js";
import { corpusOf, indexOf, recordPosted } from "../schedule/helpers.js";

function textsOf(view: { blocks: unknown[] }): string[] {
  return (view.blocks as KnownBlock[]).flatMap((block) => {
    const b = block as { text?: { text: string }; elements?: { text?: unknown }[] };
    return [
      b.text?.text ?? "",
      ...(b.elements ?? []).flatMap((e) => (typeof e.text === "string" ? [e.text] : [])),
    ];
  });
}

/** The value of the Home button whose label is `label`, with its action_id. */
function homeButton(view: { blocks: unknown[] }, label: string): { value: string; actionId: string } {
  for (const block of view.blocks as Record<string, unknown>[]) {
    const elements = [
      ...((block.elements as Record<string, unknown>[] | undefined) ?? []),
      ...(block.accessory ? [block.accessory as Record<string, unknown>] : []),
    ];
    for (const element of elements) {
      const text = (element.text as { text?: string } | undefined)?.text;
      if (element.type === "button" && text === label) {
        return { value: String(element.value), actionId: String(element.action_id) };
      }
      for (const option of (element.options as { text: { text: string }; value: string }[] | undefined) ??
        []) {
        if (option.text.text === label) return { value: option.value, actionId: String(element.action_id) };
      }
    }
  }
  throw new Error(`no button ${label}`);
}

const paper = corpusOf(["p1"]).papers[0] as Paper;

describe("renderHomeView", () => {
  it("shows today's paper, the viewer's channels with their buttons, follows, saved papers and the help", () => {
    const follows: FollowTarget[] = [
      { kind: "author", target: "enyuzhou", label: "Enyu Zhou" },
      { kind: "topic", target: "reward models", label: "reward models" },
    ];
    const saved: SavedItem[] = [
      {
        paperId: "p1",
        savedAt: 2,
        headline: paper.headline,
        authors: "Author p1",
        owners: [],
        abstract: "x",
        paper,
      },
      {
        paperId: "gone1",
        savedAt: 1,
        headline: "A paper that left",
        authors: "Someone Else",
        owners: [],
        abstract: "y",
      },
    ];
    const view = renderHomeView({
      today: { date: "2026-01-15", paper, channelId: "C0ONE" },
      channels: [
        { channelId: "C0ONE", time: "09:00", timeZone: "Europe/Berlin", weekdays: [1, 2, 3, 4, 5] },
        {
          channelId: "C0TWO",
          time: "17:30",
          timeZone: "UTC",
          weekdays: [1, 2, 3, 4, 5, 6, 7],
          paused: "not_in_channel",
        },
      ],
      follows: { available: true, items: follows, total: 2, offset: 0, dailyCap: 3 },
      saved: { available: true, items: saved, total: 2, offset: 0 },
      corpus: { papers: 27, people: 80 },
    });
    const text = textsOf(view).join("\n");
    expect(view.type).toBe("home");
    expect(text).toContain(paper.headline);
    expect(text).toContain("<#C0ONE> on weekdays at 09:00 (Europe/Berlin)");
    expect(text).toContain("<#C0TWO> every day at 17:30 (UTC) · paused: `not_in_channel`");
    expect(text).toContain("*Enyu Zhou* · person");
    expect(text).toContain("at most 3 messages a day");
    expect(text).toContain("*A paper that left* · _no longer in the corpus_");
    expect(text).toContain("27 papers by 80 people");
    expect(homeButton(view, "Turn off").actionId).toMatch(/^home_/);
    expect(JSON.parse(homeButton(view, "Change time or days…").value)).toEqual({
      a: "daily",
      c: "C0ONE",
      op: "edit",
    });
    expect(JSON.parse(homeButton(view, "Export as Markdown and BibTeX").value)).toEqual({ a: "export" });
    expect(homeButton(view, "Unfollow").actionId).toBe("home_unfollow");
  });

  it("says so when the viewer has no subscribed channel, when they could not be listed, and without a database", () => {
    const none = textsOf(renderHomeView({ channels: [], corpus: { papers: 1, people: 1 } })).join("\n");
    expect(none).toContain("None of your channels get one yet");
    const unknown = textsOf(
      renderHomeView({
        channels: [],
        channelsUnknown: true,
        follows: { available: false, why: "no-database" },
        saved: { available: false, why: "unreadable" },
        corpus: { papers: 1, people: 1 },
      }),
    ).join("\n");
    expect(unknown).toContain("couldn't list your channels");
    expect(unknown).toContain("runs without a database");
    expect(unknown).toContain("couldn't read this just now");
  });

  it("stays within Block Kit limits with a huge paper, 800 channels, 1000 follows and 1000 saved papers, and escapes corpus text", () => {
    const huge: Paper = {
      ...paper,
      headline: `<!channel> ${"Very long headline ".repeat(40)}`,
      abstract: "word ".repeat(5000),
      authors: Array.from({ length: 300 }, (_, i) => `Author Number ${i}`),
    };
    const follows = Array.from(
      { length: 1000 },
      (_, i): FollowTarget => ({
        kind: "topic",
        target: `t${i}`,
        label: `<!here> topic ${"x".repeat(400)} ${i}`,
      }),
    );
    const saved = Array.from(
      { length: 1000 },
      (_, i): SavedItem => ({
        paperId: `g${i}`,
        savedAt: i,
        headline: huge.headline,
        authors: "A".repeat(3000),
        owners: [],
        abstract: "",
      }),
    );
    const view = renderHomeView({
      notice: "x".repeat(5000),
      today: { date: "2026-01-15", paper: huge },
      channels: Array.from({ length: 800 }, (_, i) => ({
        channelId: `C${String(i).padStart(8, "0")}`,
        time: "09:00",
        timeZone: "America/Argentina/ComodRivadavia",
        weekdays: [1, 3, 5],
      })),
      follows: { available: true, items: follows.slice(0, 12), total: 1000, offset: 0, nextOffset: 12 },
      saved: { available: true, items: saved.slice(0, 12), total: 1000, offset: 0, nextOffset: 12 },
      corpus: { papers: 100_000, people: 50_000 },
    });
    expect(view.blocks.length).toBeLessThanOrEqual(HOME_MAX_BLOCKS);
    for (const block of view.blocks) {
      const b = block as { type: string; text?: { text: string }; elements?: { text?: string }[] };
      const limit = b.type === "header" ? LIMITS.headerText : LIMITS.sectionText;
      expect(b.text?.text.length ?? 0).toBeLessThanOrEqual(limit);
      for (const e of b.elements ?? []) expect(e.text?.length ?? 0).toBeLessThanOrEqual(LIMITS.contextText);
    }
    const text = textsOf(view).join("\n");
    expect(text).not.toContain("<!channel>");
    expect(text).not.toContain("<!here>");
    expect(text).toContain("790 more channels not shown");
    expect(homeButton(view, "Show more").value).toBe(encodeAction({ a: "following", o: 12 }));
  });
});

describe("the Home tab through the Bolt app", () => {
  const freshState = freshStates("sqlite");
  const now = new Date("2026-01-15T12:00:00Z");
  const index = indexOf(["p1", "p2", "p3"]);
  let slack: FakeSlackApi;
  let app: FollowApp;
  let store: StateStore;

  beforeEach(async () => {
    slack = await startFakeSlackApi();
    store = await (await freshState()).open();
    // A clock that moves a second per reading, so "newest first" has an order.
    let tick = 0;
    const bot = storeBot(
      store,
      () => index,
      () => new Date(now.getTime() + 1000 * tick++),
    );
    for (const channel of ["CMINE", "CSECRET", "CPAUSED"]) {
      await bot.daily?.subscribe(
        channel,
        { time: "09:00", timeZone: "Europe/Berlin", weekdays: [1, 2, 3, 4, 5, 6, 7] },
        "U1",
      );
    }
    await store.subscriptions.pause("CPAUSED", "not_in_channel", now.getTime());
    await recordPosted(store, "CMINE", "2026-01-15", "p2", now.getTime());
    slack.memberships.U1 = ["CMINE", "CPAUSED", "COTHER"];
    app = await startFollowApp(slack, store, bot);
  });
  afterEach(async () => {
    await app.stop();
    await slack.close();
  });

  const lastView = () => slack.published.at(-1)?.view as unknown as HomeView;
  const opened = async (userId = "U1") => {
    const before = slack.published.length;
    await app.event({ type: "app_home_opened", user: userId, channel: "D1", tab: "home" });
    await waitUntil(() => expect(slack.published.length).toBeGreaterThan(before));
    return lastView();
  };
  const afterClick = async (click: () => Promise<void>) => {
    const before = slack.published.length;
    await click();
    await waitUntil(() => expect(slack.published.length).toBeGreaterThan(before));
    return lastView();
  };

  it("publishes today's paper from the viewer's channel, only the channels they are in, and their follows and reading list", async () => {
    await app.slash('follow "topic number"', "U1");
    await app.slash("save p1", "U1");
    const text = textsOf(await opened()).join("\n");
    expect(slack.callsOf("users.conversations")[0]?.args).toMatchObject({
      user: "U1",
      types: "public_channel,private_channel",
    });
    expect(text).toContain("Paper p2 on topic 1");
    expect(text).toContain("posted in <#CMINE>");
    expect(text).toContain("<#CMINE> every day at 09:00");
    expect(text).toContain("paused: `not_in_channel`");
    expect(text).not.toContain("CSECRET");
    expect(text).toContain("*topic number* · topic");
    expect(text).toContain("*Paper p1 on topic 0*");
    expect(text).toContain("3 papers by 3 people");
  });

  it("gives today's paper the card's actions: Share through a form, Save, More like this and Copy BibTeX", async () => {
    const view = await opened();
    const share = homeButton(view, "Share in channel");
    const save = homeButton(view, "Save");
    const similar = homeButton(view, "More like this");
    const bib = homeButton(view, "Copy BibTeX");
    for (const control of [share, save, similar, bib]) expect(control.actionId).toMatch(/^home_/);
    expect(JSON.parse(share.value)).toEqual({ a: "share", id: "p2" });

    const saved = await afterClick(() => app.homeClick(save.value, save.actionId, "U1"));
    expect((await store.savedPapers.list("U1")).map((s) => s.paperId)).toEqual(["p2"]);
    expect(textsOf(saved).join("\n")).toContain("Saved *Paper p2 on topic 1* to your reading list");

    // There is no conversation on the Home tab: Share asks where, More like this opens the Ask form filled in.
    await app.homeClick(share.value, share.actionId, "U1");
    await app.homeClick(similar.value, similar.actionId, "U1");
    await app.homeClick(bib.value, bib.actionId, "U1");
    await waitUntil(() => expect(slack.callsOf("views.open")).toHaveLength(3));
    const [shareForm, askForm, bibForm] = slack
      .callsOf("views.open")
      .map((call) => call.args.view as ModalView);
    expect(shareForm?.callback_id).toBe(SHARE_MODAL_CALLBACK);
    expect(JSON.stringify(shareForm?.blocks)).toContain('"response_url_enabled":true');
    expect(askForm?.callback_id).toBe(ASK_MODAL_CALLBACK);
    expect(JSON.stringify(askForm?.blocks)).toContain('"initial_value":"similar p2"');
    expect(JSON.stringify(bibForm?.blocks)).toContain("@misc{");

    // The Share form's submission posts the card for everyone in the conversation picked.
    const path = "/home/share";
    const ack = await app.submit(
      {
        callback_id: SHARE_MODAL_CALLBACK,
        private_metadata: shareForm?.private_metadata ?? "",
        state: { values: {} },
      },
      "U1",
      {
        response_urls: [
          {
            response_url: slack.responseUrl(path),
            channel_id: "CMINE",
            block_id: "where",
            action_id: "conversation",
          },
        ],
      },
    );
    expect(ack.status).toBe(200);
    await waitUntil(() => expect(slack.responses(path)).toHaveLength(1));
    const [posted] = slack.responses(path);
    expect(posted).toMatchObject({ response_type: "in_channel", unfurl_links: false, unfurl_media: false });
    expect(JSON.stringify(posted)).toContain("Paper p2 on topic 1");
  });

  it("still publishes a useful tab when the viewer's channels cannot be listed", async () => {
    slack.fail("users.conversations", { error: "missing_scope" });
    const text = textsOf(await opened()).join("\n");
    expect(text).toContain("couldn't list your channels");
    expect(text).not.toContain("CMINE");
    expect(text).toContain("Paper of the day");
  });

  it("unfollows, removes a saved paper and exports the reading list from its buttons, publishing the tab again each time", async () => {
    await app.slash('follow "topic number"', "U1");
    await app.slash("save p1", "U1");
    await app.slash("save p3", "U1");
    let view = await opened();

    const unfollow = homeButton(view, "Unfollow");
    view = await afterClick(() =>
      app.homeClick(unfollow.value, unfollow.actionId, "U1", view.private_metadata),
    );
    expect(await store.follows.list("U1")).toEqual([]);
    expect(textsOf(view).join("\n")).toContain("You no longer follow *topic number*.");
    expect(textsOf(view).join("\n")).toContain("What you follow*\nNothing yet");

    const remove = homeButton(view, "Remove");
    view = await afterClick(() => app.homeClick(remove.value, remove.actionId, "U1"));
    expect((await store.savedPapers.list("U1")).map((s) => s.paperId)).toEqual(["p1"]);
    expect(textsOf(view).join("\n")).toContain("Removed *Paper p3 on topic 2* from your reading list.");

    const exported = homeButton(view, "Export as Markdown and BibTeX");
    view = await afterClick(() => app.homeClick(exported.value, exported.actionId, "U1"));
    const [file] = slack.files;
    expect(file?.channel).toBe("D1");
    expect(file?.content).toContain("## Paper p1 on topic 0");
    expect(file?.content).toContain("- Id: `p1`");
    expect(textsOf(view).join("\n")).toContain("sent your reading list (1 paper) to our DM");
  });

  it("turns a channel's daily paper off, and changes it through the form, only for a channel the viewer is in", async () => {
    let view = await opened();
    const off = homeButton(view, "Turn off");
    view = await afterClick(() => app.homeClick(off.value, off.actionId, "U1"));
    expect((await store.subscriptions.get("CMINE"))?.enabled).toBe(false);
    expect(textsOf(view).join("\n")).toContain("Turned off the paper of the day in <#CMINE>.");

    const edit = homeButton(view, "Change time or days…");
    await app.homeClick(edit.value, edit.actionId, "U1");
    await waitUntil(() => expect(slack.callsOf("views.open")).toHaveLength(1));
    const form = slack.callsOf("views.open")[0]?.args.view as {
      callback_id: string;
      private_metadata: string;
    };
    expect(form.callback_id).toBe(DAILY_EDIT_CALLBACK);
    expect(JSON.parse(form.private_metadata)).toEqual({ c: "CPAUSED" });

    const values = (time: string, days: string, zone: string) => ({
      time: { value: { type: "timepicker", selected_time: time } },
      days: { value: { type: "static_select", selected_option: { value: days } } },
      zone: { value: { type: "plain_text_input", value: zone } },
    });
    const bad = await app.submit(
      {
        callback_id: DAILY_EDIT_CALLBACK,
        private_metadata: form.private_metadata,
        state: { values: values("08:15", "weekdays", "Mars/Olympus") },
      },
      "U1",
    );
    expect(bad.status).toBe(200);
    expect(JSON.parse(bad.text)).toMatchObject({
      response_action: "errors",
      errors: { zone: expect.stringContaining("time zone") },
    });
    expect((await store.subscriptions.get("CPAUSED"))?.time).toBe("09:00");

    const before = slack.published.length;
    const good = await app.submit(
      {
        callback_id: DAILY_EDIT_CALLBACK,
        private_metadata: form.private_metadata,
        state: { values: values("08:15", "weekdays", "Asia/Tokyo") },
      },
      "U1",
    );
    expect(good.status).toBe(200);
    await waitUntil(() => expect(slack.published.length).toBeGreaterThan(before));
    expect(await store.subscriptions.get("CPAUSED")).toMatchObject({
      time: "08:15",
      timeZone: "Asia/Tokyo",
      weekdays: [1, 2, 3, 4, 5],
      enabled: true,
    });
    expect(textsOf(lastView()).join("\n")).toContain(
      "Paper of the day in <#CPAUSED>: on weekdays at 08:15 (Asia/Tokyo).",
    );

    // A hand-made payload for a channel the viewer is not in changes nothing.
    view = await afterClick(() =>
      app.homeClick(encodeAction({ a: "daily", c: "CSECRET", op: "off" }), "home_daily", "U1"),
    );
    expect((await store.subscriptions.get("CSECRET"))?.enabled).toBe(true);
    expect(textsOf(view).join("\n")).toContain("only change the daily paper of a channel you are in");
  });

  it("acknowledges a daily-paper form that comes without its state, asking to open it again, and changes nothing", async () => {
    // A view_submission as Slack sends it for a view whose inputs it did not keep: no view.state.
    const submitted = await app.submit(
      {
        callback_id: DAILY_EDIT_CALLBACK,
        private_metadata: JSON.stringify({ c: "CPAUSED" }),
        hash: "1700000000.AbCdEf12",
        title: { type: "plain_text", text: "Paper of the day" },
        blocks: [],
      },
      "U1",
    );
    expect(submitted.status).toBe(200);
    expect(JSON.parse(submitted.text)).toEqual({
      response_action: "errors",
      errors: { time: "Please open the form again." },
    });
    expect((await store.subscriptions.get("CPAUSED"))?.time).toBe("09:00");
  });

  it("opens the Ask Paperbot form from the tab's button, leaving the tab as it is", async () => {
    const view = await opened();
    const ask = homeButton(view, ASK_TEXT.homeButton);
    const published = slack.published.length;
    await app.homeClick(ask.value, ask.actionId, "U1");
    await waitUntil(() => expect(slack.callsOf("views.open")).toHaveLength(1));
    const form = slack.callsOf("views.open")[0]?.args.view as { callback_id: string };
    expect(form.callback_id).toBe(ASK_MODAL_CALLBACK);
    expect(slack.published.length).toBe(published);
  });

  it("pages through 30 follows, keeping the page after an unfollow", async () => {
    for (let i = 0; i < 30; i++)
      await store.follows.add({
        userId: "U1",
        kind: "topic",
        target: `topic ${i}`,
        label: `topic ${i}`,
        createdAt: i,
      });
    let view = await opened();
    expect(textsOf(view).filter((t) => t.endsWith("· topic"))).toHaveLength(12);
    const more = homeButton(view, "Show more");
    view = await afterClick(() => app.homeClick(more.value, more.actionId, "U1", view.private_metadata));
    const page = textsOf(view).filter((t) => t.endsWith("· topic"));
    expect(page[0]).toBe("*topic 17* · topic");
    expect(JSON.parse(view.private_metadata ?? "{}")).toEqual({ f: 12, s: 0 });
    const unfollow = homeButton(view, "Unfollow");
    view = await afterClick(() =>
      app.homeClick(unfollow.value, unfollow.actionId, "U1", view.private_metadata),
    );
    expect(await store.follows.count("U1")).toBe(29);
    expect(textsOf(view).filter((t) => t.endsWith("· topic"))[0]).toBe("*topic 16* · topic");
  });
});
