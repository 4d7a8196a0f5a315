import { describe, expect, it } from "vitest";
import type { Action } from "../../src/bot/actions.js";
import type { Intent } from "../../src/bot/intents.js";
import { MESSAGES } from "../../src/bot/messages.js";
import type { BotRequest } from "../../src/bot/request.js";
import { intentOf, MAX_QUERY_CHARS } from "../../src/bot/text-intent.js";

const asker = { userId: "U1", channelId: "C1" };
const sources = ["slash", "mention", "dm"] as const;
const request = (source: (typeof sources)[number], text: string): BotRequest => ({ source, text, ...asker });

const search = (query: string, limit?: number): Intent => ({
  kind: "search",
  query,
  offset: 0,
  shortened: false,
  paging: false,
  ...(limit === undefined ? {} : { limit }),
});
const who = (topic: string): Intent => ({ kind: "who", topic, offset: 0, paging: false });
const pasted = (id: string, orSearch: string): Intent => ({ kind: "paper", id, full: false, orSearch });
const follow = (what: string, as?: "topic" | "author"): Intent => ({
  kind: "follow",
  what,
  ...(as ? { as } : {}),
});
const following: Intent = { kind: "following", offset: 0, paging: false };
const saved: Intent = { kind: "saved", offset: 0, paging: false };
const whatsNew: Intent = { kind: "whatsNew", offset: 0, paging: false };

/** A person's summary, asked in words; the message is searched as typed when the name is nobody's. */
const summary = (name: string, text: string): Intent => ({ kind: "author", name, orSearch: text });

/** Questions about papers: searched as typed (trailing punctuation aside), names among the words included. */
const SEARCHES = [
  // A topic's words that happen to begin as a request for a paper's citation or link would
  "reference model for RLHF",
  "arxiv",
  "links between reward models and PPO",
  "papers by Shihan Dou",
  // The newest papers on a topic (any that has years), not only what the last corpus update added.
  "latest papers on reward models",
  "Papers by Shihan Dou?",
  "work by Enyu Zhou",
  "can you find papers by Rui Zheng",
  "papers by Zhiheng Xi on agents",
  "what has Senjie Jin written about RLHF?",
  "Enyu Zhou's papers on reward models",
  "any work by Rui Zheng about safety",
  "papers by Enyu Zhou and Rui Zheng",
  "compare PPO-max and DVPO",
  "what's the difference between PPO and GRPO?",
  "has the group done anything on speculative decoding",
  "is there a paper on KV cache compression",
  "where should I start with RLHF?",
  "I remember a paper about fault trees, which one was it?",
  "Llama 2 papers on safety",
  "GPT-4 as a judge",
  "3D point clouds",
  "top-k sampling",
  "the paper that proposed PPO-max",
  "anything on reward models?",
  "which papers study reward hacking?",
  "anything on continual learning for LLMs?",
  "do we have a paper about SFT?",
  "which papers mention GRPO?",
  "I'm looking for papers on reward modeling",
  "what is RLHF?",
  "related papers on RLHF",
  "reward models",
  "random walks in graphs",
  "how do agents follow instructions",
  "how do reward models work",
  "can you share papers on RLHF?",
  "save energy for later",
  '"reward model" -vision',
];

/** Every phrasing reads the same in /paper, a mention, a DM and the console (which sends one of those). */
const PHRASINGS: [string, Intent][] = [
  // Someone's summary
  ["what is Senjie Jin working on?", summary("Senjie Jin", "what is Senjie Jin working on")],
  ["what's Enyu Zhou up to these days", summary("Enyu Zhou", "what's Enyu Zhou up to these days")],
  ["co-authors of Rui Zheng", summary("Rui Zheng", "co-authors of Rui Zheng")],
  ["who has Rui Zheng worked with?", summary("Rui Zheng", "who has Rui Zheng worked with")],
  ["who has worked with Enyu Zhou?", summary("Enyu Zhou", "who has worked with Enyu Zhou")],
  ["what has Senjie Jin written?", summary("Senjie Jin", "what has Senjie Jin written")],
  ["Shihan Dou's papers", summary("Shihan Dou", "Shihan Dou's papers")],
  ["show me Enyu Zhou's papers please", summary("Enyu Zhou", "show me Enyu Zhou's papers please")],
  ["tell me about Enyu Zhou", summary("Enyu Zhou", "tell me about Enyu Zhou")],
  ["what topics does Senjie Jin work on?", summary("Senjie Jin", "what topics does Senjie Jin work on")],
  ["who is Senjie Jin?", summary("Senjie Jin", "who is Senjie Jin")],
  ["author Enyu Zhou", { kind: "author", name: "Enyu Zhou" }],
  ["by Enyu Zhou", { kind: "author", name: "Enyu Zhou" }],
  // In a thread under a card: that paper's authors, abstract, or more by them
  ["who wrote this?", { kind: "threadPaper", wants: "writers" }],
  ["who are the authors of this paper", { kind: "threadPaper", wants: "writers" }],
  ["more by these authors", { kind: "threadPaper", wants: "theirPapers" }],
  ["what else have they written?", { kind: "threadPaper", wants: "theirPapers" }],
  ["summarize this", { kind: "threadPaper", wants: "abstract" }],
  ["what is it about?", { kind: "threadPaper", wants: "abstract" }],
  ["tl;dr", { kind: "threadPaper", wants: "abstract" }],
  ["summarize RMB", { kind: "paper", id: "rmb", full: true, orSearch: "RMB" }],
  // A named paper's BibTeX, or its card (its links), as people ask for them after a search
  ["what's the bib for our RMB paper", { kind: "bibtex", id: "rmb", orSearch: "RMB" }],
  ["how do I cite the AgentGym paper?", { kind: "bibtex", id: "agentgym", orSearch: "AgentGym" }],
  ["cite PPO-max", { kind: "bibtex", id: "ppo-max", orSearch: "PPO-max" }],
  ["send me the link to AgentGym", { kind: "paper", id: "agentgym", full: false, orSearch: "AgentGym" }],
  ["arxiv link for RMB", { kind: "paper", id: "rmb", full: false, orSearch: "RMB" }],
  ["pdf of the StepCoder paper", { kind: "paper", id: "stepcoder", full: false, orSearch: "StepCoder" }],
  ["how should we cite StepCoder in our paper?", { kind: "bibtex", id: "stepcoder", orSearch: "StepCoder" }],
  ["can you give me the bibtex of StepCoder?", { kind: "bibtex", id: "stepcoder", orSearch: "StepCoder" }],
  ["bibtex entry for the PPO-max paper", { kind: "bibtex", id: "PPO-max", orSearch: "PPO-max" }],
  [
    "where can I find the pdf of AgentGym",
    { kind: "paper", id: "agentgym", full: false, orSearch: "AgentGym" },
  ],
  [
    "do you have a link to StepCoder?",
    { kind: "paper", id: "stepcoder", full: false, orSearch: "StepCoder" },
  ],
  ["cite this", { kind: "threadPaper", wants: "bibtex" }],
  ["cite", { kind: "threadPaper", wants: "bibtex" }],
  ["what's the bibtex for that paper?", { kind: "threadPaper", wants: "bibtex" }],
  ["send me the link", { kind: "threadPaper", wants: "links" }],
  ["pdf?", { kind: "threadPaper", wants: "links" }],
  // The people behind a topic
  ["who wrote StepCoder?", { kind: "who", topic: "StepCoder", offset: 0, paging: false, wrote: true }],
  [
    "who proposed the PPO-max paper",
    { kind: "who", topic: "PPO-max", offset: 0, paging: false, wrote: true },
  ],
  ["who wrote about reward models", who("reward models")],
  ["who has written code generation papers?", who("code generation")],
  ["who works on reward models?", who("reward models")],
  ["who has worked on LLM agents?", who("LLM agents")],
  ["who should I talk to about speculative decoding?", who("speculative decoding")],
  ["has anyone here worked on jailbreaks", who("jailbreaks")],
  ["who knows the most about PPO?", who("PPO")],
  ["did anybody work on agent memory?", who("agent memory")],
  ["Who can I ask about RLHF", who("RLHF")],
  ["who knows RLHF", who("RLHF")],
  ["who's working on code generation lately?", who("code generation")],
  ["who is an expert on Mixture of Experts?", who("Mixture of Experts")],
  ["who has experience with stereo matching?", who("stereo matching")],
  ["anyone working on continual learning?", who("continual learning")],
  ["anyone doing RLHF?", who("RLHF")],
  ["is anybody here using PPO", who("PPO")],
  ["has someone tried speculative decoding?", who("speculative decoding")],
  ["experts in code generation", who("code generation")],
  ["hey paperbot, who works on agents?", who("agents")],
  ["who reward models", who("reward models")],
  // Papers like one
  ["papers similar to StepCoder", { kind: "similar", id: "stepcoder", orSearch: "StepCoder" }],
  ["related work to PPO-max", { kind: "similar", id: "ppo-max", orSearch: "PPO-max" }],
  ["anything like reward models", { kind: "similar", id: "reward models", orSearch: "reward models" }],
  ["search random", search("random")],
  // A count the request opens with is how many papers to show (at most ten), not a word to look for
  ["give me 3 papers on agents", search("agents", 3)],
  ["top 5 papers about reward models", search("reward models", 5)],
  ["show me two papers on RLHF", search("RLHF", 2)],
  ["the first three papers about safety?", search("safety", 3)],
  ["give me 40 papers on agents", search("agents", 10)],
  ["search 2 papers on PPO", search("PPO", 2)],
  // A surprise
  ["surprise me", { kind: "random" }],
  ["Surprise me!", { kind: "random" }],
  ["something random", { kind: "random" }],
  ["give me a random paper", { kind: "random" }],
  ["what should I read today?", { kind: "random" }],
  ["random", { kind: "random" }],
  // Paper ids, bare or pasted
  ["gbvnya3", pasted("gbvnya3", "gbvnya3")],
  ["PSUIEIT", pasted("psuieit", "PSUIEIT")],
  ["what is gbvnya3 about?", pasted("gbvnya3", "what is gbvnya3 about")],
  ["can you show me `v35q3xk` please", pasted("v35q3xk", "can you show me `v35q3xk` please")],
  ["have a look at v35q3xk, it is great", pasted("v35q3xk", "have a look at v35q3xk, it is great")],
  ["id gbvnya3", { kind: "paper", id: "gbvnya3", full: false }],
  ["paper gbvnya3", { kind: "paper", id: "gbvnya3", full: false }],
  ["share gbvnya3", { kind: "share", id: "gbvnya3" }],
  ["papers like gbvnya3", { kind: "similar", id: "gbvnya3", orSearch: "gbvnya3" }],
  ["papers like RLHF", { kind: "similar", id: "rlhf", orSearch: "RLHF" }],
  ["similar to gbvnya3", { kind: "similar", id: "gbvnya3" }],
  ["similar gbvnya3", { kind: "similar", id: "gbvnya3" }],
  ["similar to agents", { kind: "similar", id: "agents", orSearch: "agents" }],
  ["similar 5w9y", { kind: "similar", id: "5w9y" }],
  ["similar to reward models", { kind: "similar", id: "reward", orSearch: "reward models" }],
  ["similar multi-agent debate", { kind: "similar", id: "multi-agent", orSearch: "multi-agent debate" }],
  // Pointing at the paper a thread is about
  ["more like this one", { kind: "similar", id: "this", orSearch: "this" }],
  ["show me papers like that", { kind: "similar", id: "this", orSearch: "this" }],
  ["any similar papers?", { kind: "similar", id: "this", orSearch: "this" }],
  ["anything related", { kind: "similar", id: "this", orSearch: "this" }],
  ["similar papers to this", { kind: "similar", id: "papers", orSearch: "this" }],
  // Everything else
  ["", { kind: "help" }],
  ["help", { kind: "help" }],
  ["help me", { kind: "help" }],
  ["what can you do?", { kind: "help" }],
  ["how do I search?", { kind: "help", topic: "search" }],
  ["how can I find papers here", { kind: "help", topic: "search" }],
  ["help daily", { kind: "help", topic: "daily" }],
  ["help saved", { kind: "help", topic: "saved" }],
  // Questions about using Paperbot: the help on that feature, not a search
  ["how do I follow a topic?", { kind: "help", topic: "follow" }],
  ["how does following work?", { kind: "help", topic: "follow" }],
  ["is there a way to get notified about new papers", { kind: "help", topic: "follow" }],
  ["can you post a paper every day here?", { kind: "help", topic: "daily" }],
  ["how does the daily paper work", { kind: "help", topic: "daily" }],
  ["stop the daily paper", { kind: "help", topic: "daily" }],
  ["how do I share a paper in the channel", { kind: "help", topic: "share" }],
  ["how can I save papers for later?", { kind: "help", topic: "saved" }],
  // Requests that are no search stay requests
  ["can you notify me about RLHF", { kind: "follow", what: "RLHF" }],
  ["hi", { kind: "smallTalk", say: "hello" }],
  ["Thanks!", { kind: "smallTalk", say: "thanks" }],
  ["how many papers do you have?", { kind: "stats" }],
  ["stats", { kind: "stats" }],
  ["list all papers", { kind: "stats" }],
  ["show me all the papers you have", { kind: "stats" }],
  ["reload", { kind: "reload" }],
  ["daily", { kind: "dailyStatus" }],
  ["daily off", { kind: "dailyOff" }],
  // The next daily post, previewed
  ["daily preview", { kind: "dailyPreview" }],
  ["daily next", { kind: "dailyPreview" }],
  ["what's tomorrow's paper?", { kind: "dailyPreview" }],
  ["whats tomorrows paper", { kind: "dailyPreview" }],
  ["What is the next daily paper?", { kind: "dailyPreview" }],
  ["what will tomorrow’s paper be?", { kind: "dailyPreview" }],
  ["which paper is next here?", { kind: "dailyPreview" }],
  ["what's the paper of the day tomorrow", { kind: "dailyPreview" }],
  ["can you preview the daily paper please", { kind: "dailyPreview" }],
  ["paper of the day", { kind: "random" }],
  ["daily on", { kind: "dailyOn", spec: {} }],
  [
    "daily on 8:30 Europe/Berlin weekdays",
    { kind: "dailyOn", spec: { time: "08:30", timeZone: "Europe/Berlin", weekdays: [1, 2, 3, 4, 5] } },
  ],
  ["daily on fri, mon,wed 17:05", { kind: "dailyOn", spec: { time: "17:05", weekdays: [1, 3, 5] } }],
  ["daily on weekends 9am", { kind: "dailyOn", spec: { time: "09:00", weekdays: [6, 7] } }],
  ["daily on mon wed fri", { kind: "dailyOn", spec: { weekdays: [1, 3, 5] } }],
  ["daily on Monday Tuesday 8:00", { kind: "dailyOn", spec: { time: "08:00", weekdays: [1, 2] } }],
  // A time in words, and a zone by its city where one zone has it.
  ["daily on noon Berlin", { kind: "dailyOn", spec: { time: "12:00", timeZone: "Europe/Berlin" } }],
  ["daily on 9am Tokyo", { kind: "dailyOn", spec: { time: "09:00", timeZone: "Asia/Tokyo" } }],
  // The reading list's export, asked in words.
  ["export my reading list", { kind: "savedExport" }],
  ["send me my reading list as bibtex", { kind: "savedExport" }],
  ["download my saved papers", { kind: "savedExport" }],
  // Follows, the reading list and what is new
  ["follow reward models", follow("reward models")],
  // Emoji as Slack sends them are no words of a topic.
  [":tada: follow reward models :wave::skin-tone-2:", follow("reward models")],
  [":rocket: reward models at 10:30:00", search("reward models at 10:30:00")],
  ["Follow RLHF", follow("RLHF")],
  ["follow author Enyu Zhou", follow("Enyu Zhou", "author")],
  ["follow topic Enyu", follow("Enyu", "topic")],
  ['follow "speculative decoding"', follow("speculative decoding")],
  ["notify me about RLHF", follow("RLHF")],
  ["please notify me about reward hacking", follow("reward hacking")],
  ["alert me about jailbreaks", follow("jailbreaks")],
  ["keep me posted on agent memory", follow("agent memory")],
  ["let me know about GRPO", follow("GRPO")],
  ["tell me when there's something new on reward models", follow("reward models")],
  ["tell me when Enyu Zhou publishes something new", follow("Enyu Zhou")],
  ["can you follow Senjie Jin for me", follow("Senjie Jin")],
  ["subscribe me to code generation", follow("code generation")],
  ["unfollow Enyu Zhou", { kind: "unfollow", what: "Enyu Zhou" }],
  ["stop following reward models", { kind: "unfollow", what: "reward models" }],
  ["stop notifying me about RLHF", { kind: "unfollow", what: "RLHF" }],
  ["what am I following?", following],
  ["What do I follow", following],
  // The button's own words ("What I follow (2)"), typed back.
  ["what I follow", following],
  ["what I'm following?", following],
  ["show me my follows", following],
  ["following", following],
  ["saved", saved],
  ["my reading list", saved],
  ["show me my saved papers", saved],
  ["saved export", { kind: "savedExport" }],
  ["saved remove gbvnya3", { kind: "unsave", id: "gbvnya3" }],
  ["save gbvnya3", { kind: "save", id: "gbvnya3" }],
  ["unsave gbvnya3", { kind: "unsave", id: "gbvnya3" }],
  ["What's new?", whatsNew],
  ["what's new", whatsNew],
  ["any new papers?", whatsNew],
  ["is there anything new?", whatsNew],
  ["anything new?", whatsNew],
  ["new papers", whatsNew],
  ["new", whatsNew],
  ["what has been added lately?", whatsNew],
  ["what's new in RLHF?", { ...whatsNew, topic: "RLHF" }],
  ["any new papers on reward models", { ...whatsNew, topic: "reward models" }],
];

describe("one way to read a question", () => {
  it("has a table of at least 40 phrasings", () => {
    expect(PHRASINGS.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PHRASINGS)("%j", (text, intent) => {
    for (const source of sources) expect(intentOf(request(source, text))).toEqual(intent);
  });

  it.each(SEARCHES)("searches %j as typed", (text) => {
    for (const source of sources)
      expect(intentOf(request(source, text))).toEqual(search(text.replace(/[?!.]+$/, "")));
  });

  it("never leaves question words in a who topic", () => {
    const asked = /\b(?:who|should|talk|ask|know|knows|works?|anything|papers?|lately|please)\b|\?/i;
    for (const [text, intent] of PHRASINGS)
      if (intent.kind === "who") expect(intent.topic, text).not.toMatch(asked);
  });
});

describe("intentOf explains what is missing", () => {
  it.each([
    ["author", MESSAGES.needsName],
    ["who", MESSAGES.needsTopic],
    ["id", MESSAGES.needsId],
    ["follow", MESSAGES.needsFollow],
    ["unfollow", MESSAGES.needsUnfollow],
  ])("%j", (text, message) => {
    expect(intentOf(request("slash", text))).toEqual({ kind: "invalid", message });
  });

  it("asks which paper `bib` alone means, with an example of bib itself", () => {
    const intent = intentOf(request("slash", "bib"));
    expect(intent).toMatchObject({ kind: "invalid", message: expect.stringContaining("`/paper bib ") });
  });

  it.each([
    ["daily on 25:00", "not a time of day"],
    ["daily on Mars/Olympus", "Mars/Olympus"],
    ["daily sometimes", "daily on"],
  ])("%j", (text, hint) => {
    const intent = intentOf(request("slash", text));
    expect(intent.kind).toBe("invalid");
    expect(intent.kind === "invalid" && intent.message).toContain(hint);
  });

  it("shortens a 10,000-character query at a word break and says so", () => {
    const intent = intentOf(request("slash", "reward ".repeat(1500)));
    expect(intent.kind).toBe("search");
    if (intent.kind !== "search") return;
    expect(intent.shortened).toBe(true);
    expect(intent.query.length).toBeLessThanOrEqual(MAX_QUERY_CHARS);
    expect(intent.query.endsWith("reward")).toBe(true);
  });
});

describe("intentOf a button or menu option", () => {
  const clicks: [Action, Intent][] = [
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
      { a: "open", id: "x1" },
      { kind: "paper", id: "x1", full: false },
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
    [
      { a: "who", t: "safety", offset: 5 },
      { kind: "who", topic: "safety", offset: 5, paging: true },
    ],
    [
      { a: "reroll", seen: ["abc1234"] },
      { kind: "random", title: "Another paper", seen: ["abc1234"] },
    ],
    [
      { a: "follow", k: "a", t: "enyuzhou" },
      { kind: "followKey", follow: "author", target: "enyuzhou" },
    ],
    [
      { a: "unfollow", k: "t", t: "rlhf", from: { l: "f", o: 40 } },
      { kind: "unfollowKey", follow: "topic", target: "rlhf", from: { list: "following", offset: 40 } },
    ],
    [
      { a: "save", id: "x1" },
      { kind: "save", id: "x1" },
    ],
    [
      { a: "unsave", id: "x1", from: { l: "s", o: 0 } },
      { kind: "unsave", id: "x1", from: { list: "saved", offset: 0 } },
    ],
    [{ a: "export" }, { kind: "savedExport" }],
    [
      { a: "digest", d: "d1", o: 15 },
      { kind: "digest", id: "d1", offset: 15 },
    ],
    [
      { a: "new", o: 20 },
      { kind: "whatsNew", offset: 20, paging: true },
    ],
  ];
  it.each(clicks)("%j", (action, intent) => {
    expect(intentOf({ source: "action", action, ...asker })).toEqual(intent);
  });
});

describe("intentOf Slack's wire format", () => {
  it("reads entities and Slack links back as what the user typed", () => {
    expect(intentOf(request("slash", "R&amp;D &lt;agents&gt;"))).toMatchObject({
      kind: "search",
      query: "R&D <agents>",
    });
    expect(
      intentOf(request("slash", "<https://arxiv.org/abs/2309.07864|agent survey> <!here>")),
    ).toMatchObject({ kind: "search", query: "agent survey" });
    expect(intentOf(request("mention", "who knows about <#C042|reward-models>"))).toEqual(
      who("#reward-models"),
    );
  });
});
