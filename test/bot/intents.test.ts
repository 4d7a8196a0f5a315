import { describe, expect, it } from "vitest";
import { intentOf, MAX_QUERY_CHARS } from "../../src/bot/intents.js";
import type { BotRequest } from "../../src/bot/request.js";

const asker = { userId: "U1", channelId: "C1" };
const slash = (text: string): BotRequest => ({ source: "slash", text, ...asker });
const mention = (text: string): BotRequest => ({ source: "mention", text, ...asker });
const dm = (text: string): BotRequest => ({ source: "dm", text, ...asker });

describe("intentOf a slash command", () => {
  it.each([
    ["", { kind: "help" }],
    ["help", { kind: "help" }],
    ["help daily", { kind: "help", topic: "daily" }],
    ["reward models", { kind: "search", query: "reward models", offset: 0, shortened: false, paging: false }],
    ["  RLHF?  ", { kind: "search", query: "RLHF", offset: 0, shortened: false, paging: false }],
    ["author Enyu Zhou", { kind: "author", name: "Enyu Zhou", orSearch: false }],
    ["who reward models", { kind: "who", topic: "reward models" }],
    ["who has worked on LLM agents?", { kind: "who", topic: "LLM agents" }],
    ["id 2f9k3xa", { kind: "paper", id: "2f9k3xa", full: false }],
    ["similar 2f9k3xa", { kind: "similar", id: "2f9k3xa" }],
    ["random", { kind: "random" }],
    ["stats", { kind: "stats" }],
    ["reload", { kind: "reload" }],
    ["daily", { kind: "dailyStatus" }],
    ["daily off", { kind: "dailyOff" }],
    ["daily on", { kind: "dailyOn", spec: {} }],
    [
      "daily on 8:30 Europe/Berlin weekdays",
      { kind: "dailyOn", spec: { time: "08:30", timeZone: "Europe/Berlin", weekdays: [1, 2, 3, 4, 5] } },
    ],
    ["daily on fri, mon,wed 17:05", { kind: "dailyOn", spec: { time: "17:05", weekdays: [1, 3, 5] } }],
    ["daily on weekends 9am", { kind: "dailyOn", spec: { time: "09:00", weekdays: [6, 7] } }],
    ["search random", { kind: "search", query: "random", offset: 0, shortened: false, paging: false }],
    [
      "random walks in graphs",
      { kind: "search", query: "random walks in graphs", offset: 0, shortened: false, paging: false },
    ],
  ])("%j", (text, intent) => {
    expect(intentOf(slash(text))).toEqual(intent);
  });

  it.each([
    ["author", "Whose papers"],
    ["who", "Which topic"],
    ["id", "Which paper"],
    ["daily on 25:00", "not a time of day"],
    ["daily on Mars/Olympus", "Mars/Olympus"],
    ["daily sometimes", "daily on"],
  ])("%j explains what is missing", (text, hint) => {
    const intent = intentOf(slash(text));
    expect(intent.kind).toBe("invalid");
    expect(intent.kind === "invalid" && intent.message).toContain(hint);
  });

  it("shortens a 10,000-character query at a word break and says so", () => {
    const intent = intentOf(slash("reward ".repeat(1500)));
    expect(intent.kind).toBe("search");
    if (intent.kind !== "search") return;
    expect(intent.shortened).toBe(true);
    expect(intent.query.length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
    expect(intent.query.endsWith("reward")).toBe(true);
  });
});

describe("intentOf a mention or DM", () => {
  it.each([
    ["who has worked on reward models?", { kind: "who", topic: "reward models" }],
    ["Who knows about RLHF", { kind: "who", topic: "RLHF" }],
    ["who works on LLM agents?", { kind: "who", topic: "LLM agents" }],
    ["experts in code generation", { kind: "who", topic: "code generation" }],
    ["who is an expert on Mixture of Experts?", { kind: "who", topic: "Mixture of Experts" }],
    ["papers on PPO", { kind: "search", query: "PPO", offset: 0, shortened: false, paging: false }],
    [
      "any papers about Reward Hacking?",
      { kind: "search", query: "Reward Hacking", offset: 0, shortened: false, paging: false },
    ],
    ["tell me about Enyu Zhou", { kind: "author", name: "Enyu Zhou", orSearch: true }],
    ["What has Senjie Jin written?", { kind: "author", name: "Senjie Jin", orSearch: true }],
    ["something random", { kind: "random" }],
    ["Surprise me!", { kind: "random" }],
    ["help", { kind: "help" }],
    ["hi", { kind: "smallTalk", say: "hello" }],
    ["Thanks!", { kind: "smallTalk", say: "thanks" }],
    ["author Enyu Zhou", { kind: "author", name: "Enyu Zhou", orSearch: false }],
    ["who reward models", { kind: "who", topic: "reward models" }],
    ["id 2f9k3xa", { kind: "paper", id: "2f9k3xa", full: false }],
    [
      "speculative decoding",
      { kind: "search", query: "speculative decoding", offset: 0, shortened: false, paging: false },
    ],
  ])("%j", (text, intent) => {
    expect(intentOf(mention(text))).toEqual(intent);
    expect(intentOf(dm(text))).toEqual(intent);
  });
});

describe("intentOf a button", () => {
  it.each([
    [
      { a: "share", id: "x1" },
      { kind: "share", id: "x1" },
    ],
    [
      { a: "similar", id: "x1" },
      { kind: "similar", id: "x1" },
    ],
    [
      { a: "full", id: "x1" },
      { kind: "paper", id: "x1", full: true },
    ],
    [
      { a: "by", person: "enyuzhou" },
      { kind: "person", key: "enyuzhou" },
    ],
    [
      { a: "author", person: "enyuzhou" },
      { kind: "person", key: "enyuzhou" },
    ],
    [
      { a: "page", q: "agents", offset: 5 },
      { kind: "search", query: "agents", offset: 5, shortened: false, paging: true },
    ],
    [{ a: "reroll" }, { kind: "random", title: "Another paper" }],
  ] as const)("%j", (action, intent) => {
    expect(intentOf({ source: "action", action, ...asker })).toEqual(intent);
  });
});

describe("intentOf Slack's wire format", () => {
  it("reads entities and Slack links back as what the user typed", () => {
    expect(intentOf(slash("R&amp;D &lt;agents&gt;"))).toMatchObject({
      kind: "search",
      query: "R&D <agents>",
    });
    expect(intentOf(slash("<https://arxiv.org/abs/2309.07864|agent survey> <!here>"))).toMatchObject({
      kind: "search",
      query: "agent survey",
    });
    expect(intentOf(mention("who knows about <#C042|reward-models>"))).toEqual({
      kind: "who",
      topic: "#reward-models",
    });
  });
});
