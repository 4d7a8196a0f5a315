import { describe, expect, it } from "vitest";
import { createSearchEngine } from "../../src/search/engine.js";
import { emptyQueryNotice, stopWordsNotice } from "../../src/search/notices.js";
import { corpusOf, fixtureCorpus } from "./fixture-corpus.js";

const index = createSearchEngine(fixtureCorpus);

/** An engine over papers by one author, with these abstracts (ids aaaa000001, bbbb000001, …). */
const engineOver = (...abstracts: string[]) =>
  createSearchEngine(
    corpusOf(
      abstracts.map((abstract, at) => ({
        id: `${"abcdefg"[at]?.repeat(4)}000001`,
        authors: ["Ada Lovelace"],
        owners: [],
        abstract,
      })),
    ),
  );
/** A paper of a hand-made corpus by these authors, none of them a file's owner. */
const paper = (id: string, authors: string[], abstract: string) => ({ id, authors, owners: [], abstract });
const idsFor = (query: string) => index.search(query).hits.map((hit) => hit.paper.id);

describe("search", () => {
  it("finds papers by stemmed words", () => {
    expect(idsFor("jailbreaks")).toEqual(["a1f00d0001"]);
  });

  it("corrects words the corpus does not know, and says what it searched for", () => {
    expect(idsFor("jailbrek")).toEqual(["a1f00d0001"]);
    const result = index.search("Speculativ decodng");
    expect(result.hits[0]?.paper.id).toBe("a1b2c3d4e5");
    expect(result.showingFor).toBe("speculative decoding");
  });

  it("counts two swapped letters as one slip", () => {
    const result = index.search("rewrad modles");
    expect(result.showingFor).toBe("reward models");
    expect(
      result.hits
        .map((hit) => hit.paper.id)
        .slice(0, 2)
        .sort(),
    ).toEqual(["b7c8d9e0f1", "c0ffee1234"]);
    expect(index.search("agnets").showingFor).toBe("agents");
  });

  it("reads a slip at the first letter, below one after it as likely, above a far key after it", () => {
    expect(index.search("ewards modles").showingFor).toBe("rewards models");
    expect(index.search("tentropy").hits.map((hit) => hit.paper.id)).toEqual(["f9f8f7f6f5"]);
    // "teward" is toward with a key far from o, or reward with t beside r: reward, the likelier slip.
    const engine = engineOver("Toward better agents.", "Reward models rank answers.", "Reward models again.");
    expect(engine.search("teward models").showingFor).toBe("reward models");
    // An English word was meant as typed at its first letter: "hacking" is not a slip of "lacking".
    const english = engineOver("Lacking reward data.", "Reward models rank answers.");
    const hacking = english.search("reward hacking");
    expect(hacking.total).toBe(0);
    expect(hacking.showingFor).toBeUndefined();
    expect(hacking.didYouMean ?? []).not.toContain("reward lacking");
  });

  it("leaves a word the corpus knows alone, even when it is one letter from a commoner one", () => {
    expect(index.search("models").showingFor).toBeUndefined();
    expect(index.search("entropy").hits.map((hit) => hit.paper.id)).toEqual(["f9f8f7f6f5"]);
  });

  it("finishes the last word, or a word typed with *, and no other", () => {
    expect(idsFor("jailbr")).toEqual(["a1f00d0001"]);
    expect(idsFor("vis* tokens")[0]).toBe("e1e2e3e4e5");
    expect(idsFor("tokens vis")[0]).toBe("e1e2e3e4e5");
    expect(index.search("vis tokens").notice).toContain("“vis”");
    // "jailbr" is neither the last word nor typed with *, nor a word (or stem) of the corpus: it is left out.
    const result = index.search("jailbr entropy");
    expect(result.hits.map((hit) => hit.paper.id)).toEqual(["f9f8f7f6f5"]);
    expect(result.notice).toContain("“jailbr”");
  });

  it("finds nothing, and says what might, when no word of the query is in the corpus", () => {
    const result = index.search("xqzvtl");
    expect(result).toMatchObject({ total: 0, hits: [] });
    const near = index.search("jailbreakzz entropyy");
    expect(near.hits.length).toBeGreaterThan(0);
    expect(index.search("qwertyuiop asdfghjkl zxcvbnm poiuytrewq").total).toBe(0);
  });

  it("finds the papers of two people named together, or says there are none and gives either's", () => {
    const engine = createSearchEngine(
      corpusOf([
        paper("jointpaper", ["Ada Lovelace", "Charles Babbage"], "Engines that compute tables."),
        paper("adaalone01", ["Ada Lovelace"], "Notes on engines and music."),
        paper("charlesalo", ["Charles Babbage"], "Engines of difference."),
        paper("alanturing", ["Alan Turing"], "Machines that think about engines."),
      ]),
    );
    const together = engine.search("engines Ada Lovelace Charles Babbage");
    expect(together.hits.map((hit) => hit.paper.id)).toEqual(["jointpaper"]);
    expect(together.notice).toContain("Papers by Ada Lovelace and Charles Babbage together.");
    const either = engine.search("engines Ada Lovelace Alan Turing");
    expect(either.hits.map((hit) => hit.paper.id).sort()).toEqual(["adaalone01", "alanturing", "jointpaper"]);
    expect(either.notice).toContain(
      "No paper is by Ada Lovelace and Alan Turing together; these are by either.",
    );
    expect(engine.search("Ada Lovelace Charles Babbage").hits.map((hit) => hit.paper.id)).toEqual([
      "jointpaper",
    ]);
  });

  it("finds nothing for a topic the corpus lacks, not papers holding only its common word, and offers that word", () => {
    const abstracts = [
      ...Array.from({ length: 12 }, (_, n) => `Learning to act, study number ${n}.`),
      "Reinforcement learning for games.",
      "Vision transformers see.",
      "SafeAligner guards decoding.",
    ];
    const engine = createSearchEngine(
      corpusOf(
        abstracts.map((abstract, at) =>
          paper(`paper${String(at).padStart(5, "0")}`, ["Ada Lovelace"], abstract),
        ),
      ),
    );
    const lacking = engine.search("federated learning privacy");
    expect(lacking).toMatchObject({ total: 0, hits: [], missing: ["federated", "privacy"] });
    expect(lacking.didYouMean).toContain("learning");
    // Who says nobody, the same way.
    expect(engine.who("federated learning privacy")).toMatchObject({
      people: [],
      notice: expect.stringContaining("no paper mentions “federated”, “privacy”"),
    });
    // An everyday word, however few papers hold it, does not name the topic the word no paper holds does.
    const robotics = engine.search("reinforcement robotics");
    expect(robotics).toMatchObject({ total: 0, hits: [], missing: ["robotics"] });
    expect(robotics.didYouMean).toContain("reinforcement");
    expect(engine.search("federated vision")).toMatchObject({ total: 0, missing: ["federated"] });
    // A coinage the corpus holds (a method's name) names what is wanted: its paper is shown, and what it lacks said.
    const named = engine.search("SafeAligner robotics");
    expect(named.hits.map((hit) => hit.paper.abstract)).toEqual(["SafeAligner guards decoding."]);
    expect(named.notice).toContain("No paper mentions “robotics”");
    // A word left unfinished ("reinforc" of "reinforcement robotics") is not a topic the corpus lacks.
    expect(engine.search("reinforc games").total).toBeGreaterThan(0);
    // Fewer words missing than found: the found ones name the topic only where some paper holds them together.
    const apart = engine.search("vision games forecasting");
    expect(apart).toMatchObject({ total: 0, hits: [], missing: ["forecasting"] });
    expect(apart.didYouMean).toContain("vision games");
    const together = engine.search("reinforcement games forecasting");
    expect(together.hits.map((hit) => hit.paper.abstract)).toEqual(["Reinforcement learning for games."]);
    expect(together.notice).toContain("No paper mentions “forecasting”");
  });

  it("offers, beside papers holding the other words, the query with a word no paper holds made a near one", () => {
    const engine = engineOver(
      "Learning from noisy labels.",
      "PrefRank data for alignment.",
      "PrefRank models rank answers.",
      "Preference data for alignment.",
    );
    const result = engine.search("prefrank noise");
    expect(result.total).toBe(2);
    expect(result.notice).toContain("“noise”");
    expect(result.didYouMean).toEqual(["prefrank noisy"]);
    // Nothing near the missing word: nothing offered.
    expect(engine.search("prefrank qwxyz").didYouMean).toBeUndefined();
    // A further page repeats no offer.
    expect(engine.search("prefrank noise", { offset: 1 }).didYouMean).toBeUndefined();
    // Beside an everyday word, nothing matched: the near query is offered first, then the word alone.
    expect(engine.search("preference noise")).toMatchObject({
      total: 0,
      missing: ["noise"],
      didYouMean: ["preference noisy", "preference"],
    });
  });

  it("leaves out a year no paper holds, saying the papers carry no dates, and searches one a paper holds", () => {
    const engine = engineOver(
      "Reward models for RLHF.",
      "Agents solve AIME 2024 problems.",
      "Vision encoders.",
    );
    const dated = engine.search("reward models from 2023");
    expect(dated.hits.map((hit) => hit.paper.id)).toEqual(
      engine.search("reward models").hits.map((hit) => hit.paper.id),
    );
    expect(dated.notice).toContain("The papers carry no dates, so “2023” was left out.");
    expect(dated.notice).not.toContain("No paper mentions");
    expect(engine.search("2023")).toMatchObject({
      total: 0,
      notice: expect.stringContaining("carry no dates"),
    });
    expect(engine.search("2024").hits.map((hit) => hit.paper.id)).toEqual(["bbbb000001"]);
    // Who says so too, beside the people.
    const who = engine.who("reward models from 2023");
    expect(who.people.length).toBeGreaterThan(0);
    expect(who.notice).toContain("carry no dates");
  });

  it("offers a query that would match when the one typed finds nothing", () => {
    const result = index.search('"tokens visual"');
    expect(result.total).toBe(0);
    expect(result.didYouMean).toEqual(["tokens visual"]);
  });

  it("never searches for single letters", () => {
    expect(index.search("e").total).toBe(0);
    expect(index.search("e.g.").total).toBe(0);
  });

  it("expands an acronym to its long form and says so", () => {
    const result = index.search("RLHF");
    expect(result.hits.map((hit) => hit.paper.id)).toContain("c0ffee1234");
    expect(result.hits[0]?.paper.id).toBe("b7c8d9e0f1");
    expect(result.notice).toContain("reinforcement learning from human feedback");
  });

  it("names an acronym once with every long form the papers spell it with", () => {
    const spelt = createSearchEngine(
      corpusOf(
        [
          {
            id: "rlhf000001",
            authors: ["Ada Lovelace"],
            owners: [],
            abstract: "RLHF aligns models with people.",
          },
          {
            id: "rlhf000002",
            authors: ["Ada Lovelace"],
            owners: [],
            abstract: "RLHF needs preference data.",
          },
        ],
        [
          { short: "RLHF", long: "Reinforcement Learning from Human Feedback" },
          { short: "RLHF", long: "reinforcement learning with human feedback" },
        ],
      ),
    );
    expect(spelt.search("RLHF").notice).toContain(
      "Also searched for RLHF (reinforcement learning from human feedback, reinforcement learning with human feedback).",
    );
  });

  it("expands a long form to its acronym", () => {
    expect(idsFor("speculative decoding")).toEqual(["a1b2c3d4e5"]);
    expect(index.search("speculative decoding").notice).toContain("SD");
  });

  it("keeps a quoted phrase together", () => {
    // "human feedback" appears as a phrase in two papers; the scattered words also occur in a third.
    expect(new Set(idsFor('"human feedback"'))).toEqual(new Set(["b7c8d9e0f1", "c0ffee1234"]));
    expect(idsFor('"feedback human"')).toEqual([]);
  });

  it("filters by author, quoted or by one name part, including owners of truncated lists", () => {
    expect(idsFor('reward author:"Shihan Dou"')).toEqual(["c0ffee1234"]);
    expect(idsFor("author:dou")).toEqual(["c0ffee1234"]);
    expect(new Set(idsFor("agents author:wenxiang"))).toEqual(new Set(["d00d5eed01", "d00d5eed02"]));
    expect(new Set(idsFor("author:zhou"))).toEqual(
      new Set(["a1b2c3d4e5", "a1f00d0001", "b7c8d9e0f1", "c0ffee1234"]),
    );
  });

  it("reads a name typed among the words as the papers' author, not as words to find", () => {
    expect(idsFor("zheng reward")).toEqual(["b7c8d9e0f1"]);
    expect(index.search("zheng reward").notice).toBe("Papers by Rui Zheng.");
    expect(new Set(idsFor("Rui Zheng"))).toEqual(new Set(["a1f00d0001", "b7c8d9e0f1"]));
    expect(index.search("chen").notice).toBe("Papers by anyone named “Chen” (4 people).");
    expect(idsFor("jailbreak rui zheng")).toEqual(["a1f00d0001"]);
    expect(new Set(idsFor("Wen-Xiang Chen agents"))).toEqual(new Set(["d00d5eed01", "d00d5eed02"]));
    // A hyphenated word beside a name stays a word.
    expect(idsFor("multi-agent xi")).toEqual(["d00d5eed01"]);
    expect(index.search("multi-agent xi").notice).toBe("Papers by Zhiheng Xi.");
  });

  it("reads a slip in a name typed among the words as the one person it can mean, and says so", () => {
    const result = index.search("rui zhneg reward");
    expect(result.hits.map((hit) => hit.paper.id)).toEqual(["b7c8d9e0f1"]);
    expect(result.showingFor).toBe("Rui Zheng reward");
    const alone = index.search("enyu zhuo");
    expect(alone.total).toBe(4);
    expect(alone.showingFor).toBe("Enyu Zhou");
    // A word is a slip of the name part in its own place, never of another: "rlhf zhiheng" is not Zhiheng Xi.
    expect(index.search("rlhf zhiheng xi").showingFor).toBeUndefined();
  });

  it("ranks a paper holding an acronym or a compound as typed like one holding a word as typed", () => {
    // Each paper holds one of the two: the one where it weighs more comes first, whichever kind of word it is.
    expect(idsFor("RLHF vision")[0]).toBe("b7c8d9e0f1");
    expect(idsFor("multi-agent vision")[0]).toBe("d00d5eed01");
  });

  it("leaves out words that name what is searched for ('the PPO-max paper'), beside other words", () => {
    const engine = engineOver(
      "In this paper we study agents.",
      "Multi-agent debate improves answers.",
      "Making things safe: agents in debate.",
    );
    const ids = (query: string) => engine.search(query).hits.map((hit) => hit.paper.id);
    expect(ids("the multi-agent paper")).toEqual(["bbbb000001"]);
    expect(ids("papers on debate")).toEqual(["bbbb000001", "cccc000001"]);
    // Nor do the words of a question around its topic ("making … things").
    expect(ids("making multi-agent debate better things")[0]).toBe("bbbb000001");
    // Alone, the word is what there is to search.
    expect(ids("paper")).toEqual(["aaaa000001"]);
  });

  it("never reads a number as a slip of another: the digits are kept", () => {
    const engine = engineOver("Reward models in 2024 and GPT4.", "Reward models for agents.");
    const year = engine.search("reward models 2023");
    expect(year.showingFor).toBeUndefined();
    expect(year.notice).toContain("The papers carry no dates, so “2023” was left out.");
    expect(engine.search("gpt5").total).toBe(0);
    // Letters around the digits still slip: "gtp4" is GPT4.
    expect(engine.search("gtp4").showingFor).toBe("GPT4");
  });

  it("gives everyone's papers when the name typed among the words has none on the topic, and says so", () => {
    const result = index.search("rlhf zhiheng xi");
    expect(new Set(result.hits.map((hit) => hit.paper.id))).toEqual(new Set(["b7c8d9e0f1", "c0ffee1234"]));
    expect(result.notice).toMatch(/^No paper by Zhiheng Xi matches; these are everyone's\./);
    // A typed author: filter is kept as asked.
    expect(index.search('rlhf author:"Zhiheng Xi"').total).toBe(0);
  });

  it("reads one word as a name only where more papers are by someone so named than hold the word", () => {
    const engine = createSearchEngine(
      corpusOf([
        paper("aaaa000001", ["Long Yu"], "Agents plan their steps."),
        paper("bbbb000001", ["Ada Lovelace"], "Long contexts strain memory."),
        paper("cccc000001", ["Ada Lovelace"], "Long documents hold long contexts."),
        paper("dddd000001", ["Grace Hopper"], "Compilers translate programs."),
        paper("eeee000001", ["Wei Gan"], "Agents plan in games."),
        paper("ffff000001", ["Wei Gan"], "Agents plan in teams."),
        paper("gggg000001", ["Ada Lovelace"], "A GAN draws faces."),
      ]),
    );
    const ids = (query: string) => engine.search(query).hits.map((hit) => hit.paper.id);
    expect(new Set(ids("long"))).toEqual(new Set(["bbbb000001", "cccc000001"]));
    // Two papers by a Gan are not clearly more than the one that mentions a GAN.
    expect(ids("GAN")).toEqual(["gggg000001"]);
    expect(ids("long yu")).toEqual(["aaaa000001"]);
    expect(ids("hopper")).toEqual(["dddd000001"]);
  });

  it("leaves out excluded words among an author's papers", () => {
    expect(new Set(idsFor('author:"Enyu Zhou" -reward'))).toEqual(new Set(["a1b2c3d4e5", "a1f00d0001"]));
  });

  it("says so when the author filter names nobody", () => {
    const result = index.search("reward author:nobodyhere");
    expect(result.total).toBe(0);
    expect(result.notice).toContain("nobodyhere");
  });

  it("leaves out excluded words", () => {
    expect(idsFor("reinforcement")).toContain("f9f8f7f6f5");
    expect(idsFor("reinforcement -vision")).not.toContain("f9f8f7f6f5");
    expect(idsFor("models -vision")).not.toContain("e1e2e3e4e5");
  });

  it("reads a word typed twice as the word once, and a word also excluded as excluded", () => {
    const once = index.search("jailbreak entropy");
    // Once, and finished as a prefix where one copy asks for that.
    const prefixed = index.search("jail jail* defense");
    expect(prefixed.notice).toBeUndefined();
    expect(prefixed.hits.map((h) => h.paper.id)).toEqual(idsFor("jail* defense"));
    const twice = index.search("jailbreak jailbreak entropy");
    expect(twice.hits.map((h) => h.paper.id)).toEqual(once.hits.map((h) => h.paper.id));
    expect(twice.total).toBe(once.total);
    const both = index.search("entropy -entropy jailbreak");
    expect(both.hits.map((h) => h.paper.id)).toEqual(idsFor("jailbreak -entropy"));
    expect(both.notice).toBe(index.search("jailbreak -entropy").notice);
  });

  it("gives a notice, not a crash, for empty and stop-word queries", () => {
    expect(index.search("")).toMatchObject({ total: 0, hits: [], notice: emptyQueryNotice });
    expect(index.search("the of and")).toMatchObject({ total: 0, hits: [], notice: stopWordsNotice });
  });

  it("pages through results with a stable total", () => {
    const all = index.search("models", { limit: 100 });
    const second = index.search("models", { limit: 2, offset: 2 });
    expect(second.total).toBe(all.total);
    expect(second.offset).toBe(2);
    expect(second.hits.map((h) => h.paper.id)).toEqual(all.hits.slice(2, 4).map((h) => h.paper.id));
  });

  it("returns a snippet with the query's words marked", () => {
    const [hit] = index.search("jailbreak defense").hits;
    const marked = hit?.snippet.filter((part) => part.match).map((part) => part.text.toLowerCase());
    expect(marked).toEqual(expect.arrayContaining(["jailbreak", "defense"]));
    expect(hit?.snippet.map((part) => part.text).join("")).toBe(
      "We propose a lightweight defense that detects jailbreak prompts before decoding.",
    );
  });

  it("falls back to any of the words when no paper has them all", () => {
    const result = index.search("jailbreak entropy");
    expect(new Set(result.hits.map((h) => h.paper.id))).toEqual(new Set(["a1f00d0001", "f9f8f7f6f5"]));
    expect(result.notice).toBeDefined();
  });
});
