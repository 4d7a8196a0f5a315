import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Action } from "../../src/bot/actions.js";
import { answer } from "../../src/bot/answer.js";
import { MESSAGES } from "../../src/bot/messages.js";
import type { BotDeps, DailyControl } from "../../src/bot/ports.js";
import type { DailyScheduleView, Reply } from "../../src/bot/reply.js";
import type { BotRequest } from "../../src/bot/request.js";
import { loadCorpus } from "../../src/corpus/load.js";
import { renderSlackMessage } from "../../src/render/blocks.js";
import { escapeText } from "../../src/render/escape.js";
import { createSearchIndex } from "../../src/search/index.js";
import type { SearchIndex } from "../../src/search/types.js";
import { paperWith } from "../helpers/papers.js";

let index: SearchIndex;
beforeAll(async () => {
  index = createSearchIndex(await loadCorpus("seeds"));
});

const USER = "U0AB12CD";
const CHANNEL = "C0PAPERS";

function depsWith(extra: Partial<BotDeps> = {}): BotDeps {
  return {
    index: () => index,
    random: () => 0.42,
    now: () => new Date("2025-03-03T08:00:00Z"),
    defaultTimeZone: "Europe/Berlin",
    ...extra,
  };
}

const slash = (text: string, channelId = CHANNEL): BotRequest => ({
  source: "slash",
  text,
  userId: USER,
  channelId,
});
const mention = (text: string): BotRequest => ({ source: "mention", text, userId: USER, channelId: CHANNEL });
const click = (action: Action): BotRequest => ({
  source: "action",
  action,
  userId: USER,
  channelId: CHANNEL,
});

function expectKind<K extends Reply["kind"]>(reply: Reply, kind: K): Extract<Reply, { kind: K }> {
  expect(reply.kind).toBe(kind);
  return reply as Extract<Reply, { kind: K }>;
}

const idOfPaperWith = (words: string) => {
  return paperWith(index, words).id;
};

describe("answer: search", () => {
  it("finds the RLHF papers, five at a time with snippets, the total and a next page", async () => {
    const { reply, audience, replaceOriginal } = await answer(depsWith(), slash("RLHF reward"));
    const results = expectKind(reply, "results");
    expect(audience).toBe("asker");
    expect(replaceOriginal).toBeUndefined();
    expect(results.cards).toHaveLength(5);
    expect(results.total).toBeGreaterThan(5);
    expect(results.nextOffset).toBe(5);
    const core = ["PPO-max", "strength of preferences", "MetaRM"].map(idOfPaperWith);
    const found = results.cards.map((card) => card.paper.id);
    expect(core.filter((id) => found.includes(id)).length).toBeGreaterThanOrEqual(2);
    expect(results.cards.every((card) => card.snippet?.some((part) => part.match))).toBe(true);
  });

  it("pages on from a Show more button, replacing the message with the next, different papers", async () => {
    const first = expectKind((await answer(depsWith(), slash("RLHF reward"))).reply, "results");
    const next = await answer(depsWith(), click({ a: "page", q: "RLHF reward", offset: 5 }));
    const page = expectKind(next.reply, "results");
    expect(next.replaceOriginal).toBe(true);
    expect(page.offset).toBe(5);
    expect(page.cards.length).toBeGreaterThan(0);
    const before = new Set(first.cards.map((card) => card.paper.id));
    expect(page.cards.some((card) => before.has(card.paper.id))).toBe(false);
  });

  it("says there is nothing more when a page runs past the end", async () => {
    const { reply } = await answer(depsWith(), click({ a: "page", q: "RLHF", offset: 500 }));
    expect(reply).toEqual({ kind: "info", message: MESSAGES.noMoreResults });
  });

  it("answers a search with no hits with suggestions rather than an empty list", async () => {
    const reply = expectKind(
      (await answer(depsWith(), slash("xyzzyplugh frobnicate gronk"))).reply,
      "notFound",
    );
    expect(reply.what).toBe("results");
    expect(reply.suggestions.join(" ")).toContain("xyzzyplugh frobnicate");
  });

  it("searches for a topic when “tell me about” names nobody", async () => {
    const results = expectKind(
      (await answer(depsWith(), mention("tell me about reward models?"))).reply,
      "results",
    );
    expect(results.query).toBe("reward models");
  });
});

describe("answer: people", () => {
  it("names the people behind reward models, with evidence papers and who is profiled", async () => {
    const people = expectKind((await answer(depsWith(), slash("who reward models"))).reply, "people");
    const top3 = people.people.slice(0, 3).map((person) => person.name);
    const known = ["Enyu Zhou", "Shihan Dou", "Rui Zheng", "Binghai Wang"];
    expect(top3.filter((name) => known.includes(name)).length).toBeGreaterThanOrEqual(2);
    expect(people.people.every((person) => person.papers.length > 0)).toBe(true);
    expect(people.people.find((person) => person.name === "Enyu Zhou")?.profiled).toBe(true);
  });

  it("summarises Enyu Zhou's 14 papers, and reads Wenxiang Chen as Wen-Xiang Chen", async () => {
    const enyu = expectKind((await answer(depsWith(), slash("author Enyu Zhou"))).reply, "author");
    expect(enyu.summary.papers).toHaveLength(14);
    expect(enyu.summary.profiled).toBe(true);
    const wen = expectKind(
      (await answer(depsWith(), mention("what has Wenxiang Chen written?"))).reply,
      "author",
    );
    expect(wen.summary.name).toBe("Wen-Xiang Chen");
    expect(wen.summary.papers).toHaveLength(6);
  });

  it("offers the candidates for an ambiguous name, and a pick opens that person", async () => {
    const ambiguous = expectKind((await answer(depsWith(), slash("author Chen"))).reply, "ambiguous");
    const wen = ambiguous.candidates.find((candidate) => candidate.name === "Wen-Xiang Chen");
    expect(wen).toBeDefined();
    const picked = await answer(depsWith(), click({ a: "author", person: wen?.key ?? "" }));
    expect(expectKind(picked.reply, "author").summary.papers).toHaveLength(6);
  });

  it("suggests the closest names for an unknown one", async () => {
    const missing = expectKind((await answer(depsWith(), slash("author Enyu Zhuo"))).reply, "notFound");
    expect(missing.what).toBe("author");
    expect(missing.suggestions).toContain("Enyu Zhou");
  });

  it("opens the author summary from a More by button, and is friendly about a person no longer there", async () => {
    const found = index.author("Enyu Zhou");
    const key = found.kind === "found" ? found.summary.key : undefined;
    const by = await answer(depsWith(), click({ a: "by", person: key ?? "" }));
    expect(expectKind(by.reply, "author").summary.papers).toHaveLength(14);
    const gone = await answer(depsWith(), click({ a: "by", person: "nobodyatall" }));
    expect(gone.reply.kind).toBe("notFound");
  });
});

describe("answer: papers and buttons", () => {
  it("shares a paper in the channel as a card naming who shared it", async () => {
    const id = idOfPaperWith("MetaRM");
    const shared = await answer(depsWith(), click({ a: "share", id }));
    expect(shared.audience).toBe("channel");
    const card = expectKind(shared.reply, "card").card;
    expect(card.paper.id).toBe(id);
    expect(card.sharedBy).toBe(USER);
    expect(card.buttons).not.toContain("share");
    expect(JSON.stringify(renderSlackMessage(shared.reply).blocks)).toContain(`Shared by <@${USER}>`);
  });

  it("tells the asker privately when a shared or opened paper is no longer in the corpus", async () => {
    for (const request of [
      click({ a: "share", id: "zzzzzzz" }),
      slash("id zzzzzzz"),
      click({ a: "full", id: "zzzz" }),
    ]) {
      const stale = await answer(depsWith(), request);
      expect(stale.audience).toBe("asker");
      expect(expectKind(stale.reply, "notFound").what).toBe("paper");
    }
  });

  it("opens a paper by id, and its full abstract from the button", async () => {
    const id = idOfPaperWith("StepCoder");
    const card = expectKind((await answer(depsWith(), slash(`id ${id}`))).reply, "card").card;
    expect(card.paper.id).toBe(id);
    expect(card.full).toBeUndefined();
    const full = expectKind((await answer(depsWith(), click({ a: "full", id }))).reply, "card").card;
    expect(full.full).toBe(true);
    const sections = renderSlackMessage({ kind: "card", card: full }).blocks.map((block) =>
      block.type === "section" ? (block.text?.text ?? "") : "",
    );
    expect(sections.join(" ")).toContain(escapeText(full.paper.abstract.slice(-20)));
  });

  it("finds papers like one, never the paper itself", async () => {
    const id = idOfPaperWith("strength of preferences");
    const similar = expectKind((await answer(depsWith(), click({ a: "similar", id }))).reply, "similar");
    expect(similar.of.id).toBe(id);
    expect(similar.cards.length).toBeGreaterThan(0);
    expect(similar.cards.some((card) => card.paper.id === id)).toBe(false);
  });

  it("picks a random paper from the injected random source, and another one to reroll", async () => {
    const first = expectKind((await answer(depsWith({ random: () => 0 }), slash("random"))).reply, "card");
    const again = expectKind(
      (await answer(depsWith({ random: () => 0 }), mention("surprise me"))).reply,
      "card",
    );
    expect(again.card.paper.id).toBe(first.card.paper.id);
    const reroll = expectKind(
      (await answer(depsWith({ random: () => 0.99 }), click({ a: "reroll" }))).reply,
      "card",
    );
    expect(reroll.title).toBe("Another paper");
    expect(reroll.card.buttons).toContain("reroll");
    expect(reroll.card.paper.id).not.toBe(first.card.paper.id);
  });

  it("reports the corpus size and loader problems", async () => {
    const stats = expectKind((await answer(depsWith(), slash("stats"))).reply, "stats");
    expect(stats.papers).toBe(index.paperIds().length);
    expect(stats.files).toBe(3);
    expect(stats.profiles).toBe(3);
    expect(stats.problems).toEqual(index.stats().problems);
  });
});

describe("answer: reload and small talk", () => {
  it("reloads only when the deps allow it, and never shows a failure's details", async () => {
    expect((await answer(depsWith(), slash("reload"))).reply).toEqual({
      kind: "error",
      message: MESSAGES.onlyAdminsReload,
    });
    const ok = await answer(
      depsWith({ reload: async (userId) => `Reloaded for ${userId}: 20 papers` }),
      slash("reload"),
    );
    expect(ok.reply).toEqual({ kind: "info", message: `Reloaded for ${USER}: 20 papers` });
    const failing = depsWith({
      reload: async () => {
        throw new Error("EACCES: /srv/seeds secret path");
      },
    });
    expect((await answer(failing, slash("reload"))).reply).toEqual({
      kind: "error",
      message: MESSAGES.reloadFailed,
    });
  });

  it("greets and thanks briefly, and shows help for an empty command", async () => {
    expect((await answer(depsWith(), mention("hi"))).reply).toEqual({
      kind: "info",
      message: MESSAGES.hello,
    });
    expect((await answer(depsWith(), mention("thanks!"))).reply).toEqual({
      kind: "info",
      message: MESSAGES.thanks,
    });
    expect((await answer(depsWith(), slash(""))).reply).toEqual({ kind: "help" });
  });

  it("never throws, whatever text arrives", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("slash", "mention", "dm") as fc.Arbitrary<"slash" | "mention" | "dm">,
        fc.oneof(
          fc.string({ unit: "grapheme", maxLength: 200 }),
          fc.constantFrom("author", "who ?", "id ``", "daily on 99:99", '""', "-", "*", "<!channel>"),
        ),
        async (source, text) => {
          const { reply } = await answer(depsWith(), { source, text, userId: USER, channelId: CHANNEL });
          expect(renderSlackMessage(reply).text.length).toBeGreaterThan(0);
        },
      ),
      { numRuns: 150 },
    );
  });
});

/** An in-memory DailyControl: a port implemented inline, not one of our modules. */
function memoryDaily(): DailyControl & { calls: unknown[] } {
  const schedules = new Map<string, DailyScheduleView>();
  const calls: unknown[] = [];
  return {
    calls,
    subscribe(channelId, spec, userId) {
      calls.push({ channelId, spec, userId });
      const view = { channelId, enabled: true, ...spec, recent: [] };
      schedules.set(channelId, view);
      return view;
    },
    unsubscribe(channelId) {
      const view = schedules.get(channelId);
      if (!view) return undefined;
      const off = { ...view, enabled: false };
      schedules.set(channelId, off);
      return off;
    },
    status: (channelId) => schedules.get(channelId),
  };
}

describe("answer: daily", () => {
  it("subscribes a channel with the typed time, zone and days", async () => {
    const daily = memoryDaily();
    const on = await answer(depsWith({ daily }), slash("daily on 8:30 America/New_York mon,wed,fri"));
    expect(expectKind(on.reply, "daily").schedule.enabled).toBe(true);
    expect(daily.calls).toEqual([
      {
        channelId: CHANNEL,
        spec: { time: "08:30", timeZone: "America/New_York", weekdays: [1, 3, 5] },
        userId: USER,
      },
    ]);
  });

  it("defaults to 09:00 every day in the default zone, then shows and stops the schedule", async () => {
    const daily = memoryDaily();
    await answer(depsWith({ daily }), slash("daily on"));
    expect(daily.calls).toEqual([
      {
        channelId: CHANNEL,
        spec: { time: "09:00", timeZone: "Europe/Berlin", weekdays: [1, 2, 3, 4, 5, 6, 7] },
        userId: USER,
      },
    ]);
    expect(expectKind((await answer(depsWith({ daily }), slash("daily"))).reply, "daily").schedule.time).toBe(
      "09:00",
    );
    const off = expectKind((await answer(depsWith({ daily }), slash("daily off"))).reply, "daily");
    expect(off.schedule.enabled).toBe(false);
  });

  it("refuses a bad time or zone with a hint, and subscribes nothing", async () => {
    const daily = memoryDaily();
    for (const text of ["daily on 24:61", "daily on Atlantis/Lost", "daily on 9:00 Europe/Nowhere"]) {
      const reply = expectKind((await answer(depsWith({ daily }), slash(text))).reply, "error");
      expect(reply.message.length).toBeGreaterThan(10);
    }
    expect(daily.calls).toEqual([]);
  });

  it("lets only a slash command in a channel subscribe: not a mention, not a DM", async () => {
    const daily = memoryDaily();
    expect((await answer(depsWith({ daily }), mention("daily on 09:00"))).reply).toEqual({
      kind: "info",
      message: MESSAGES.dailySlashOnly,
    });
    expect((await answer(depsWith({ daily }), slash("daily on", "D0DIRECT"))).reply).toEqual({
      kind: "info",
      message: MESSAGES.dailyNotInDm,
    });
    expect(daily.calls).toEqual([]);
  });

  it("says daily posts are unavailable without a DailyControl, and when a channel has none", async () => {
    expect((await answer(depsWith(), slash("daily on"))).reply).toEqual({
      kind: "error",
      message: MESSAGES.dailyUnavailable,
    });
    expect((await answer(depsWith({ daily: memoryDaily() }), slash("daily off"))).reply).toEqual({
      kind: "info",
      message: MESSAGES.dailyNotSet,
    });
  });

  it("answers kindly when the schedule store fails", async () => {
    const broken: DailyControl = {
      subscribe: () => {
        throw new Error("SQLITE_BUSY");
      },
      unsubscribe: () => undefined,
      status: () => undefined,
    };
    expect((await answer(depsWith({ daily: broken }), slash("daily on"))).reply).toEqual({
      kind: "error",
      message: MESSAGES.dailyFailed,
    });
  });
});
