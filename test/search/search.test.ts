import { describe, expect, it } from "vitest";
import { searchDefaults } from "../../src/search/defaults.js";
import { createSearchEngine } from "../../src/search/engine.js";
import { emptyQueryNotice, stopWordsNotice, yearsUnknownNotice } from "../../src/search/notices.js";
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
const paper = (id: string, authors: string[], abstract: string, year?: number) => ({
  id,
  authors,
  owners: [],
  abstract,
  ...(year === undefined ? {} : { year }),
});
const idsFor = (query: string) => index.search(query).hits.map((hit) => hit.paper.id);

describe("search", () => {
  it("corrects a slip in a rare word past the commonest ones where the slip keeps its first letters", () => {
    const corpus = corpusOf([
      paper("zz00000001", ["Ada Lovelace"], "Agents model agents with a model of agents."),
      paper("zz00000002", ["Ada Lovelace"], "Agents model the zephyrine benchmark."),
    ]);
    // Only the two commonest words ("agents", "model") are in the tree: "zephyrine" is looked up by "zep".
    const engine = createSearchEngine(corpus, { ...searchDefaults, typoWords: 2 });
    const found = engine.search("zephyrrine");
    expect(found.showingFor).toBe("zephyrine");
    expect(found.hits.map((hit) => hit.paper.id)).toEqual(["zz00000002"]);
    expect(engine.search("xephyrine").total).toBe(0);
    expect(engine.search("agnets").showingFor).toBe("agents");
  });

  it("counts the papers it read and says more may match when it read only the best of them", () => {
    const corpus = corpusOf(
      Array.from({ length: 30 }, (_, at) =>
        paper(`rm${String(at).padStart(8, "0")}`, ["Ada Lovelace"], `A reward model of kind ${at}.`),
      ),
    );
    const all = createSearchEngine(corpus).search("reward model");
    expect(all.total).toBe(30);
    expect(all.orMore).toBeUndefined();
    const best = createSearchEngine(corpus, { ...searchDefaults, candidates: 20 }).search("reward model");
    expect(best.total).toBe(20);
    expect(best.orMore).toBe(true);
  });

  it("finds papers by stemmed words", () => {
    expect(idsFor("jailbreaks")).toEqual(["a1f00d0001"]);
  });

  it("finds a paper written in British spelling by the American word and the other way round", () => {
    const engine = engineOver(
      "Tumour growth in a randomised trial of paediatric anaemia, with behavioural modelling.",
      "Tumor growth in a randomized trial of pediatric anemia, with behavioral modeling.",
      "The supervision of growth.",
    );
    const ids = (query: string) =>
      engine
        .search(query)
        .hits.map((hit) => hit.paper.id)
        .sort();
    for (const query of [
      "tumour",
      "tumor",
      "randomised trial",
      "pediatric anemia",
      "behavioural",
      "modelling",
    ])
      expect(ids(query)).toEqual(["aaaa000001", "bbbb000001"]);
    // No spelling rule parts a word from its family: "supervised" still finds "supervision".
    expect(ids("supervised growth")).toEqual(["cccc000001"]);
    expect(engine.search("tumor").showingFor).toBeUndefined();
  });

  it("reads an acronym typed in capitals as the papers define it, never the word it spells: NO is nitric oxide", () => {
    const abstracts = [
      "Nitric oxide (NO) regulates vascular tone.",
      "There was no effect of diet on tone.",
      "No association was found between diet and vascular disease.",
      "Inducible NO synthase is expressed in macrophages.",
      "No change in tone was seen.",
    ];
    const engine = createSearchEngine(
      corpusOf(
        abstracts.map((abstract, at) => paper(`${"abcde"[at]?.repeat(4)}000001`, ["Ada Lovelace"], abstract)),
        [{ short: "NO", long: "nitric oxide" }],
      ),
    );
    const ids = (query: string) =>
      engine
        .search(query)
        .hits.map((hit) => hit.paper.id)
        .sort();
    expect(ids("NO")).toEqual(["aaaa000001", "dddd000001"]);
    expect(ids("nitric oxide")).toEqual(["aaaa000001", "dddd000001"]);
    expect(ids("no effect")).toContain("bbbb000001");
  });

  it("says how many of the papers it counts hold every word, or that none does", () => {
    const engine = engineOver(
      "Reward models score agents.",
      "Reward shaping for robots.",
      "Agents that plan.",
      "Cooking with gas.",
    );
    expect(engine.search("reward agents")).toMatchObject({
      total: 3,
      notice: "One of these holds every word.",
    });
    expect(engine.search("reward gas")).toMatchObject({
      total: 1,
      notice: "No paper holds every word; these hold the rarer ones.",
    });
    expect(engine.search("cooking gas").notice).toBeUndefined();
  });

  it("corrects words the corpus does not know, and says what it searched for", () => {
    expect(idsFor("jailbrek")).toEqual(["a1f00d0001"]);
    const result = index.search("Speculativ decodng");
    expect(result.hits[0]?.paper.id).toBe("a1b2c3d4e5");
    expect(result.showingFor).toBe("speculative decoding");
  });

  it("corrects a slip the stemmer would hide, and finds what the word typed right finds", () => {
    const engine = engineOver(
      "Reinforcement learning trains the agent.",
      "Learning signals that are mutually reinforcing.",
      "We apply reinforcement learning to code.",
    );
    const ids = (query: string) => engine.search(query).hits.map((hit) => hit.paper.id);
    const slip = engine.search("reinforcment learning");
    expect(slip.showingFor).toBe("reinforcement learning");
    expect(ids("reinforcment learning")).toEqual(ids("reinforcement learning"));
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

  it("reads two words typed without the space between as the two words some paper writes side by side", () => {
    const engine = engineOver(
      "We release synthetic data for training.",
      "Data about synthesis of proteins, synthetic or not.",
    );
    const result = engine.search("syntheticdata");
    expect(result.showingFor).toBe("synthetic data");
    expect(result.hits.map((hit) => hit.paper.id)).toEqual(["aaaa000001"]);
    // Halves no paper writes side by side are no reading of it.
    expect(engine.search("proteinsdata").total).toBe(0);
  });

  it("reads the years asked for in a library with years: from, since, before, ranges, `year:`, and recent first", () => {
    const dated = createSearchEngine(
      corpusOf([
        paper(
          "aaaa000001",
          ["Ada Lovelace"],
          "Agents that plan with reward models. Surveyed in 2024 by many.",
          2022,
        ),
        paper("bbbb000001", ["Ada Lovelace"], "Agents with memory, and agents that act.", 2024),
        paper("cccc000001", ["Ada Lovelace"], "Agents for code, and agents for agents.", 2023),
        paper("dddd000001", ["Ada Lovelace"], "Agents written about in an author file."),
        paper("eeee000001", ["Ada Lovelace"], "Reasoning evaluated on AIME 2024 problems.", 2025),
      ]),
    );
    const ids = (query: string) => dated.search(query).hits.map((hit) => hit.paper.id.slice(0, 4));
    expect(ids("agents from 2024")).toEqual(["bbbb"]);
    expect(ids("agents since 2023")).toEqual(expect.arrayContaining(["bbbb", "cccc"]));
    expect(ids("agents since 2023")).toHaveLength(2);
    expect(ids("agents before 2023")).toEqual(["aaaa"]);
    expect(ids("agents 2022-2023").sort()).toEqual(["aaaa", "cccc"]);
    expect(ids("year:2023 agents")).toEqual(["cccc"]);
    // A bare year no paper writes is the year asked for; two of them, or "or", the years between.
    expect(dated.search("agents 2023")).toMatchObject({ notice: "From 2023." });
    expect(ids("agents 2023")).toEqual(["cccc"]);
    expect(ids("agents in 2023 or 2024").sort()).toEqual(["bbbb", "cccc"]);
    expect(ids("agents 2022 2023").sort()).toEqual(["aaaa", "cccc"]);
    // Though an abstract writes it; but written beside the word typed next to it, a year is an edition's.
    expect(dated.search("agents 2024")).toMatchObject({ notice: "From 2024." });
    expect(ids("agents 2024")).toEqual(["bbbb"]);
    expect(ids("AIME 2024")).toEqual(["eeee"]);
    // Newest first, a paper without a year last; the notice says so.
    expect(ids("recent papers on agents")).toEqual(["bbbb", "cccc", "aaaa", "dddd"]);
    expect(dated.search("recent papers on agents").notice).toBe("Newest first.");
    // Years alone list that year's papers; a topic of other years offers the topic alone.
    expect(dated.search("papers from 2024")).toMatchObject({ total: 1, notice: "From 2024." });
    expect(dated.search("reward models in 2024")).toMatchObject({ total: 0, didYouMean: ["reward models"] });
    // A bare year of a reference ("RMB 2025" of a 2024 preprint) that none of the rest is from: the rest, any year.
    expect(ids("reward models 2024")).toEqual(["aaaa"]);
    expect(dated.search("reward models 2024").notice).toBe(
      "No paper here is from 2024; these are from any year.",
    );
    // Quoted, a year is a phrase's word.
    expect(dated.search('"agents from 2024"').total).toBe(0);
  });

  it("reads a year as a word where no paper has a year only where a paper writes it so, never 'since 2023'", () => {
    const undated = engineOver("Agents in 2024 plan.", "Recent agents remember.", "Code agents act.");
    // A paper writes "agents in 2024": the year is its words.
    expect(undated.search("agents in 2024").hits[0]?.paper.id).toBe("aaaa000001");
    // No paper writes the year beside the words typed: it is when the papers are from, which none says.
    for (const asked of ["agents 2023", "agents published in 2023"])
      expect(undated.search(asked)).toMatchObject({ total: 3, notice: yearsUnknownNotice });
    expect(undated.search("recent papers on agents").total).toBe(3);
    expect(undated.search("recent papers on agents").notice).toBeUndefined();
    // Years said as such are no words: they are left out, and the answer says why.
    for (const asked of [
      "agents since 2023",
      "agents before 2025",
      "agents from 2020 to 2023",
      "agents year:2024",
    ])
      expect(undated.search(asked)).toMatchObject({ total: 3, notice: yearsUnknownNotice });
    expect(undated.search("since 2023").notice).toContain(yearsUnknownNotice);
    // Who says so too, beside the people of the topic.
    const who = undated.who("agents since 2023");
    expect(who.people.map((person) => person.name)).toEqual(["Ada Lovelace"]);
    expect(who.notice).toBe(yearsUnknownNotice);
  });

  it("finds a word of Chinese, Japanese or Korean text, written without spaces, inside the run that holds it", () => {
    const engine = engineOver(
      "我们提出了一种新的奖励模型方法。We also test it in English.",
      "強化学習の報酬モデルを提案する。",
      "우리는 새로운 보상 모델을 제안합니다.",
      "Reward models in English only.",
    );
    const ids = (query: string) => engine.search(query).hits.map((hit) => hit.paper.id.slice(0, 4));
    expect(ids("奖励模型")).toEqual(["aaaa"]);
    expect(ids("模型")).toEqual(["aaaa"]);
    expect(ids("報酬")).toEqual(["bbbb"]);
    expect(ids("보상")).toEqual(["cccc"]);
    expect(ids("reward models")).toEqual(["dddd"]);
  });

  it("leaves a word the corpus knows alone, even when it is one letter from a commoner one", () => {
    expect(index.search("models").showingFor).toBeUndefined();
    expect(index.search("entropy").hits.map((hit) => hit.paper.id)).toEqual(["f9f8f7f6f5"]);
  });

  it("finds nothing, and says what might, when no word of the query is in the corpus", () => {
    const result = index.search("xqzvtl");
    expect(result).toMatchObject({ total: 0, hits: [] });
    const near = index.search("jailbreakzz entropyy");
    expect(near.hits.length).toBeGreaterThan(0);
    expect(index.search("qwertyuiop asdfghjkl zxcvbnm poiuytrewq").total).toBe(0);
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
    // A word no paper holds weighs more than any a paper holds: of two words, it names the topic.
    const named = engine.search("SafeAligner robotics");
    expect(named).toMatchObject({ total: 0, missing: ["robotics"] });
    expect(named.didYouMean).toContain("SafeAligner");
    // Fewer words missing than found: the found ones name the topic only where some paper holds them together.
    const apart = engine.search("vision games forecasting");
    expect(apart).toMatchObject({ total: 0, hits: [], missing: ["forecasting"] });
    expect(apart.didYouMean).toContain("vision games");
    const together = engine.search("reinforcement games forecasting");
    expect(together.hits.map((hit) => hit.paper.abstract)).toEqual(["Reinforcement learning for games."]);
    expect(together.notice).toContain("No paper mentions “forecasting”");
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

  it("keeps a quoted phrase together", () => {
    // "human feedback" appears as a phrase in two papers; the scattered words also occur in a third.
    expect(new Set(idsFor('"human feedback"'))).toEqual(new Set(["b7c8d9e0f1", "c0ffee1234"]));
    expect(idsFor('"feedback human"')).toEqual([]);
  });

  it("weighs the words beside a quoted phrase as it weighs words alone: a long quoted title finds its paper", () => {
    const engine = engineOver(
      "Comprehensively benchmarking reward models for alignment, with a benchmark of preference pairs.",
      "Reward models drift during policy optimization.",
      "Agents plan with a world model.",
    );
    // A title pasted in quotes, with a venue no paper names: the paper, and the word no paper holds.
    const pasted = engine.search('"Comprehensively benchmarking reward models for alignment" ICLR');
    expect(pasted.hits.map((hit) => hit.paper.id)).toEqual(["aaaa000001"]);
    expect(pasted.missing).toEqual(["ICLR"]);
    // A short phrase beside a word both its papers do not hold: the paper holding both first, the other after.
    const beside = engine.search('"reward models" benchmark');
    expect(beside.hits.map((hit) => hit.paper.id)).toEqual(["aaaa000001", "bbbb000001"]);
  });

  it("leaves the snippets out when only the papers are wanted, the papers and their order the same", () => {
    for (const query of ["reward model", '"human feedback"', "author:zhou", "agents author:wenxiang"]) {
      const full = index.search(query);
      const bare = index.search(query, { snippets: false });
      expect(full.hits.length).toBeGreaterThan(0);
      expect(full.hits.some((hit) => hit.snippet.length > 0)).toBe(true);
      expect(bare.hits.map((hit) => [hit.paper.id, hit.score])).toEqual(
        full.hits.map((hit) => [hit.paper.id, hit.score]),
      );
      expect(bare.total).toBe(full.total);
      expect(bare.hits.every((hit) => hit.snippet.length === 0)).toBe(true);
    }
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

  it("reads each side of an OR with its own names: either person's papers, or a topic's and a person's", () => {
    const either = index.search("Rui Zheng OR Shihan Dou");
    expect(new Set(either.hits.map((hit) => hit.paper.id))).toEqual(
      new Set(["a1f00d0001", "b7c8d9e0f1", "c0ffee1234"]),
    );
    expect(either.notice).toBe("Papers by Rui Zheng or Shihan Dou.");
    expect(idsFor("Rui Zheng Shihan Dou")).toEqual([]);
    // Each side's name is its own: jailbreak papers by anyone, and Shihan Dou's papers.
    expect(new Set(idsFor("jailbreak OR Shihan Dou"))).toEqual(new Set(["a1f00d0001", "c0ffee1234"]));
  });

  it("marks an acronym's other form in the snippet of a paper found through it", () => {
    const engine = createSearchEngine(
      corpusOf(
        [
          paper(
            "aaaa000001",
            ["Ada Lovelace"],
            "Supervised fine-tuning (SFT) aligns models with instructions.",
          ),
          paper("bbbb000001", ["Ada Lovelace"], "We train agents. Our agents beat SFT models on every task."),
        ],
        [{ short: "SFT", long: "supervised fine-tuning" }],
      ),
    );
    const marked = (query: string) =>
      engine
        .search(query)
        .hits.map((hit) => hit.snippet.filter((part) => part.match).map((part) => part.text));
    expect(marked("supervised fine-tuning")).toEqual([["Supervised fine-tuning", "SFT"], ["SFT"]]);
    expect(marked("SFT")).toEqual([["Supervised fine-tuning", "SFT"], ["SFT"]]);
  });

  it("ranks a paper holding an acronym or a compound as typed like one holding a word as typed", () => {
    // Each paper holds one of the two: both come before any paper holding neither, whichever kind of word it is.
    expect(new Set(idsFor("RLHF vision").slice(0, 2))).toEqual(new Set(["b7c8d9e0f1", "e1e2e3e4e5"]));
    expect(idsFor("multi-agent vision")[0]).toBe("d00d5eed01");
  });

  it("reads two words some paper writes side by side as that term, not as words whose stems merge", () => {
    const engine = engineOver(
      "Continual learning keeps old tasks while learning new ones.",
      "Learning rates will continue to fall; we continuously tune them.",
      "Computer vision models see images.",
      "The computation of vision features is costly.",
      "Mathematical reasoning needs long chains.",
      "Math tutors help reasoning about chains.",
    );
    const abstractsFor = (query: string) => engine.search(query).hits.map((hit) => hit.paper.abstract);
    const continual = engine.search("continual learning");
    expect(continual.total).toBe(1);
    expect(abstractsFor("continual learning")).toEqual([
      "Continual learning keeps old tasks while learning new ones.",
    ]);
    const vision = engine.search("computer vision");
    expect(vision.hits.map((hit) => hit.paper.abstract)).toEqual(["Computer vision models see images."]);
    expect(vision.hits[0]?.snippet.filter((part) => part.match).map((part) => part.text)).toEqual([
      "Computer vision",
    ]);
    // A word typed as the start of a longer one stands for it in the term too.
    const math = engine.search("math reasoning");
    expect(math.hits.map((hit) => hit.paper.abstract)).toEqual(["Mathematical reasoning needs long chains."]);
    expect(math.hits[0]?.snippet.filter((part) => part.match).map((part) => part.text)).toEqual([
      "Mathematical reasoning",
    ]);
    // Words no paper writes side by side are read one by one, under the match policy.
    expect(engine.search("learning chains").total).toBe(4);
  });

  it("corrects a slip only to a word some paper holds beside the query's other words", () => {
    const engine = engineOver("We foster safety while decoding.", "Caching speeds up inference.");
    // "foster" is one edit from "faster", but no paper holds it beside "inference": the word typed is named.
    const faster = engine.search("inference faster");
    expect(faster).toMatchObject({ total: 0, missing: ["faster"] });
    expect(faster.showingFor).toBeUndefined();
    expect(faster.didYouMean).toContain("inference");
    expect(engine.search("inference cachng")).toMatchObject({ total: 1, showingFor: "inference caching" });
    // In a longer question, beside its rarest word typed right: a paper writing "foster" beside a commoner one is
    // no reading of it, and the rest of the question still finds its paper.
    const question = engineOver(
      "We foster safety while decoding.",
      "Caching speeds up inference.",
      "Decoding is slow.",
    ).search("decoding inference faster");
    expect(question.showingFor).toBeUndefined();
    expect(question.missing).toEqual(["faster"]);
    expect(question.hits.map((hit) => hit.paper.abstract)).toEqual(["Caching speeds up inference."]);
  });

  it("reads a changed letter as a slip only where a paper writes the correction beside a word typed next to it", () => {
    const engine = engineOver(
      "We study reward models and how policies exploit them.",
      "Reward design is lacking in open benchmarks, we study why.",
      "A benchmark of web tasks for each agent.",
    );
    // "lacking" is one letter from "hacking", in a paper with "reward", but never beside it: the word typed is named.
    const hacking = engine.search("which papers study reward hacking?");
    expect(hacking.showingFor).toBeUndefined();
    expect(hacking.missing).toEqual(["hacking"]);
    expect(hacking.hits[0]?.paper.abstract).toBe("We study reward models and how policies exploit them.");
    // A changed letter beside its neighbour, and swapped letters anywhere, are still slips.
    expect(engine.search("rewatd models").showingFor).toBe("reward models");
    expect(engine.search("agnet benchmark")).toMatchObject({ total: 1, showingFor: "agent benchmark" });
  });

  it("reads a word no paper writes whole as the start of the words papers write", () => {
    const engine = engineOver(
      "Mathematical reasoning needs long chains.",
      "Unit tests check code.",
      "Mathematics exams serve as tests of models.",
    );
    const math = engine.search("math tests");
    expect(math.missing).toBeUndefined();
    expect(math.showingFor).toBeUndefined();
    expect(math.hits[0]?.paper.abstract).toBe("Mathematics exams serve as tests of models.");
    expect(math.hits[0]?.snippet.filter((part) => part.match).map((part) => part.text)).toContain(
      "Mathematics",
    );
    // Too short to be read as a start: named as no paper's.
    expect(engine.search("mat tests").missing).toEqual(["mat"]);
  });

  it("never reads a number as a slip of another: the digits are kept", () => {
    const engine = engineOver("Reward models in 2024 and GPT4.", "Reward models for agents.");
    // Not 2024: a year no paper writes beside the words is left out (no paper has a year), never corrected.
    const year = engine.search("reward models 2023");
    expect(year.showingFor).toBeUndefined();
    expect(year).toMatchObject({ total: 2, notice: yearsUnknownNotice });
    expect(engine.search("gpt5").total).toBe(0);
    // A word with digits is a symbol: never corrected, even where letters around them slipped.
    expect(engine.search("gtp4")).toMatchObject({ total: 0, missing: ["gtp4"] });
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

  it("finds the papers of either side of an OR, those of both first, and leaves NOT's word out", () => {
    const engine = engineOver(
      "Speculative decoding drafts tokens that a target model verifies.",
      "A reward model scores answers by human preference.",
      "A reward model guides speculative decoding of answers.",
      "Image segmentation with transformers.",
    );
    const ids = (query: string) => engine.search(query).hits.map((hit) => hit.paper.id);
    // Two words alone ask for the rarer's papers at least.
    expect(ids("segmentation decoding")).toEqual(["dddd000001"]);
    expect(new Set(ids("segmentation OR decoding"))).toEqual(
      new Set(["aaaa000001", "cccc000001", "dddd000001"]),
    );
    expect(ids("speculative decoding OR reward model")[0]).toBe("cccc000001");
    expect(new Set(ids("speculative decoding OR reward model"))).toEqual(
      new Set(["aaaa000001", "bbbb000001", "cccc000001"]),
    );
    expect(engine.search("speculative decoding OR reward model").total).toBe(3);
    expect(ids("reward model NOT speculative")).toEqual(["bbbb000001"]);
    // A side no paper holds is said, and the other side is answered.
    const oneSide = engine.search("segmentation OR quasiparticles");
    expect(oneSide.hits.map((hit) => hit.paper.id)).toEqual(["dddd000001"]);
    expect(oneSide.missing).toEqual(["quasiparticles"]);
  });

  it("reads a word typed twice as the word once, and a word also excluded as excluded", () => {
    const once = index.search("jailbreak entropy");
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
});
