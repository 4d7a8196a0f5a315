import { describe, expect, it } from "vitest";
import { loadCorpus } from "../../src/corpus/load.js";
import { isStopWord } from "../../src/search/analyze.js";
import { searchDefaults } from "../../src/search/defaults.js";
import { createSearchEngine } from "../../src/search/engine.js";
import { corpusOf, fixtureCorpus } from "./fixture-corpus.js";

const index = createSearchEngine(fixtureCorpus);

function summaryOf(name: string) {
  const lookup = index.author(name);
  if (lookup.kind !== "found") throw new Error(`expected ${name} to be found, got ${lookup.kind}`);
  return lookup.summary;
}

describe("author", () => {
  it("resolves loose spellings of one person", () => {
    // As a citation gives it too: "Zhou et al." (when only one Zhou would be named).
    for (const name of ["Enyu Zhou", "enyu", "zhou enyu", "ENYU ZHOU", " Enyu  Zhou ", "E. Zhou et al."]) {
      expect(summaryOf(name).key).toBe("enyuzhou");
    }
  });

  it("finds a name typed without its umlauts as keyboards write it: Mueller for Müller, Oe for Ø", () => {
    const engine = createSearchEngine(
      corpusOf([
        {
          id: "zoe0000001",
          authors: ["Zoë Müller", "Søren Østergaard"],
          owners: [],
          abstract: "T cells in mice.",
        },
        { id: "hans000001", authors: ["Hans Muller"], owners: [], abstract: "Glial cells of the retina." },
      ]),
    );
    const nameOf = (typed: string) => {
      const lookup = engine.author(typed);
      return lookup.kind === "found" ? lookup.summary.name : lookup.kind;
    };
    expect(nameOf("Zoe Mueller")).toBe("Zoë Müller");
    expect(nameOf("Soeren Oestergaard")).toBe("Søren Østergaard");
    expect(nameOf("Hans Muller")).toBe("Hans Muller");
    expect(engine.search("Mueller").hits.map((hit) => hit.paper.id)).toEqual(["zoe0000001"]);
  });

  it("lists a person's papers first-author ones first, each part newest first, papers without a year last", () => {
    const paper = (id: string, authors: string[], year?: number) => ({
      id,
      authors,
      owners: [],
      abstract: `Paper ${id}.`,
      ...(year === undefined ? {} : { year }),
    });
    const engine = createSearchEngine(
      corpusOf([
        paper("old0000001", ["Ada Lin"], 2015),
        paper("none000001", ["Ada Lin"]),
        paper("new0000001", ["Ada Lin"], 2024),
        paper("coold00001", ["Bo Chen", "Ada Lin"], 2016),
        paper("conew00001", ["Bo Chen", "Ada Lin"], 2023),
      ]),
    );
    const lookup = engine.author("Ada Lin");
    if (lookup.kind !== "found") throw new Error(lookup.kind);
    expect(lookup.summary.papers.map((p) => p.paper.id)).toEqual([
      "new0000001",
      "old0000001",
      "none000001",
      "conew00001",
      "coold00001",
    ]);
  });

  it("never takes a structured abstract's headings or a unit after a number for a person's topics", () => {
    const abstracts = [
      "CONTEXT Kainic acid seizures are common. RESULTS We saw PACAP rise to 10 microM in rats.",
      "PURPOSE Kainic acid models. METHODS PACAP was given at 5 microM. CONCLUSIONS It helps.",
      ...Array.from({ length: 6 }, (_, n) => `Cooking study ${n} of bread and gas.`),
    ];
    const engine = createSearchEngine(
      corpusOf(
        abstracts.map((abstract, at) => ({
          id: `paper${String(at).padStart(5, "0")}`,
          authors: [at < 2 ? "Ada Lin" : "Bo Chen"],
          owners: [],
          abstract,
        })),
      ),
    );
    const lookup = engine.author("Ada Lin");
    if (lookup.kind !== "found") throw new Error(lookup.kind);
    expect(lookup.summary.topics).toContain("PACAP");
    for (const noise of ["CONTEXT", "RESULTS", "PURPOSE", "METHODS", "CONCLUSIONS", "microM"])
      expect(lookup.summary.topics).not.toContain(noise);
  });

  it("treats hyphenated and joined spellings as one person, shown as in their own file", () => {
    expect(summaryOf("Wenxiang Chen").name).toBe("Wen-Xiang Chen");
    expect(summaryOf("wen-xiang").name).toBe("Wen-Xiang Chen");
  });

  it("lists the papers, first-author ones first", () => {
    const summary = summaryOf("Enyu Zhou");
    expect(summary.profiled).toBe(true);
    expect(summary.papers).toHaveLength(4);
    expect(summary.papers.filter((p) => p.firstAuthor).map((p) => p.paper.id)).toEqual(["a1b2c3d4e5"]);
    expect(summary.papers[0]?.paper.id).toBe("a1b2c3d4e5");
    // Then in the order of the author line, and last the papers only her file says she wrote.
    expect(summary.papers[1]?.paper.id).toBe("c0ffee1234");
  });

  it("counts frequent co-authors, most frequent first", () => {
    const summary = summaryOf("Enyu Zhou");
    expect(summary.coauthors[0]).toEqual({ key: "ruizheng", name: "Rui Zheng", papers: 2 });
  });

  it("names the topics that set a person apart, as readable words", () => {
    expect(summaryOf("Enyu Zhou").topics).toEqual(
      expect.arrayContaining([expect.stringMatching(/^reward models?$/)]),
    );
  });

  it("lists a phrase that is one person's as their topic, never a phrase every author writes", () => {
    const everyone = "Experimental results show consistent gains over strong baselines.";
    const corpus = corpusOf([
      {
        id: "specdec001",
        authors: ["Mia Ko"],
        owners: ["Mia Ko"],
        abstract: `Speculative decoding lets a small draft model propose tokens that the large model verifies at once. ${everyone}`,
      },
      {
        id: "specdec002",
        authors: ["Mia Ko", "Ned Lu"],
        owners: ["Mia Ko"],
        abstract: `We grow the draft tree for speculative decoding from the acceptance history of each prompt. ${everyone}`,
      },
      {
        id: "segment003",
        authors: ["Ned Lu"],
        owners: ["Ned Lu"],
        abstract: `Convolutional networks segment tumours in medical scans with boundary supervision. ${everyone}`,
      },
      {
        id: "joinord004",
        authors: ["Oz Pe"],
        owners: ["Oz Pe"],
        abstract: `Learned cardinality estimates improve join ordering in relational databases. ${everyone}`,
      },
      {
        id: "storks0005",
        authors: ["Pia Qu"],
        owners: ["Pia Qu"],
        abstract: "GPS collars show where white storks rest and refuel over the Sahel each winter.",
      },
    ]);
    const lookup = createSearchEngine(corpus).author("Mia Ko");
    if (lookup.kind !== "found") throw new Error(`expected Mia Ko, got ${lookup.kind}`);
    expect(lookup.summary.topics[0]).toBe("speculative decoding");
    expect(lookup.summary.topics).not.toContain("experimental results");
    expect(lookup.summary.topics.some((topic) => /experimental|results/.test(topic))).toBe(false);
  });

  it("gives Enyu Zhou's own subjects as topics, not phrases every abstract writes (seeds)", async () => {
    const seeds = createSearchEngine(await loadCorpus("seeds"));
    const lookup = seeds.author("Enyu Zhou");
    if (lookup.kind !== "found") throw new Error(`expected Enyu Zhou, got ${lookup.kind}`);
    const { topics } = lookup.summary;
    expect(topics).toEqual(expect.arrayContaining(["RLHF", "speculative decoding"]));
    for (const generic of ["experimental results", "large language", "models trained", "target model"]) {
      expect(topics).not.toContain(generic);
    }
  });

  it("gives a person's subjects as topics when their papers have titles, not two words cut from one title", async () => {
    // Titles as the group's BibTeX gives them, on three of Enyu Zhou's first-author papers.
    const titles = new Map([
      [
        "CARD",
        "CARD: A Cache-Assisted Parallel Speculative Decoding Framework via Query-and-Correct Paradigm",
      ],
      ["RMB", "RMB: Comprehensively Benchmarking Reward Models in LLM Alignment"],
      [
        "RealBehavior",
        "RealBehavior: A Framework for Faithfully Characterizing Foundation Models' Human-like Behavior",
      ],
    ]);
    const seeds = await loadCorpus("seeds");
    const papers = seeds.papers.map((paper) => {
      const title = titles.get(paper.headline.split(":")[0] ?? "");
      return title === undefined ? paper : { ...paper, title, headline: title };
    });
    expect(papers.filter((paper) => paper.title !== undefined)).toHaveLength(3);
    const lookup = createSearchEngine({ ...seeds, papers }).author("Enyu Zhou");
    if (lookup.kind !== "found") throw new Error(`expected Enyu Zhou, got ${lookup.kind}`);
    const { topics } = lookup.summary;
    expect(topics).toEqual(expect.arrayContaining(["reward model", "RLHF", "speculative decoding"]));
    for (const cut of ["parallel speculative", "comprehensively benchmarking", "faithfully characterizing"])
      expect(topics).not.toContain(cut);
  });

  it("says what topic it read when it corrected a slip", async () => {
    const seeds = createSearchEngine(await loadCorpus("seeds"));
    const slipped = seeds.who("rewrad models");
    expect(slipped.showingFor).toBe("reward models");
    expect(slipped.people[0]?.name).toBe("Enyu Zhou");
    expect(seeds.who("reward models").showingFor).toBeUndefined();
  });

  it("on the seeds: AgentGym-RL's first author first, and SafeAligner's owner among the first lines for safety", async () => {
    const seeds = createSearchEngine(await loadCorpus("seeds"));
    expect(seeds.who("AgentGym-RL").people[0]?.name).toBe("Zhiheng Xi");
    const { people } = seeds.who("safety", { limit: 20 });
    // The bot shows people with the very same evidence on one line: count lines, not people.
    const lines: string[][] = [];
    people.forEach((person, at) => {
      const evidence = person.papers.map((p) => p.paper.id).join();
      const before = people[at - 1]?.papers.map((p) => p.paper.id).join();
      if (evidence === before) lines.at(-1)?.push(person.name);
      else lines.push([person.name]);
    });
    const line = lines.findIndex((names) => names.includes("Enyu Zhou"));
    expect(line).toBeGreaterThanOrEqual(0);
    expect(line).toBeLessThan(5);
  });

  it("weighs each person's evidence by that paper's own strength, none far weaker than the best (seeds)", async () => {
    const seeds = createSearchEngine(await loadCorpus("seeds"));
    for (const topic of ["self-improvement", "evaluation benchmark", "process supervision"]) {
      const scores = seeds
        .who(topic, { limit: 20 })
        .people.flatMap((p) => p.papers.map((paper) => paper.score));
      expect(Math.min(...scores)).toBeGreaterThanOrEqual(0.2);
    }
    // No paper has both words: Q-Ponder distills from a teacher model, LoRAMoE only leverages world knowledge.
    const [first] = seeds.who("knowledge distillation").people;
    expect(first?.name).toBe("Zhuoxuan Cai");
  });

  it("never gives filler, stop words or phrases everyone shares as topics (seeds)", async () => {
    const seeds = createSearchEngine(await loadCorpus("seeds"));
    const filler = [
      ...["across", "multi", "furthermore", "consistent"],
      // Phrases every abstract writes, the Topics of issue 34 before.
      ...["experimental results", "large language", "models trained", "target model"],
    ];
    for (const id of seeds.paperIds()) {
      for (const name of seeds.paper(id)?.authors ?? []) {
        const lookup = seeds.author(name);
        if (lookup.kind !== "found") continue;
        for (const topic of lookup.summary.topics) {
          expect(filler).not.toContain(topic.toLowerCase());
          expect(isStopWord(topic.toLowerCase())).toBe(false);
        }
      }
    }
  });

  it("gives the candidates for an ambiguous name", () => {
    const lookup = index.author("chen");
    expect(lookup.kind).toBe("ambiguous");
    if (lookup.kind !== "ambiguous") return;
    expect(lookup.candidates.map((c) => c.name)).toEqual(
      expect.arrayContaining(["Wen-Xiang Chen", "Lu Chen", "Hao Chen", "Zhoubo Chen"]),
    );
    // The one with a file of their own comes first.
    expect(lookup.candidates[0]?.name).toBe("Wen-Xiang Chen");
  });

  it("finds a non-member by a misspelt name past the name parts kept, where the slip keeps the first letters", () => {
    const corpus = corpusOf([
      {
        id: "np00000001",
        authors: ["Ada Lovelace", "Qarlo Zendaya"],
        owners: ["Ada Lovelace"],
        abstract: "Agents.",
      },
    ]);
    // Only two name parts are kept ("ada", "lovelace": a member's come first).
    const engine = createSearchEngine(corpus, { ...searchDefaults, typoWords: 2 });
    expect(engine.author("Qarlo Zendaia")).toMatchObject({
      kind: "notFound",
      slipOf: { name: "Qarlo Zendaya" },
    });
    expect(engine.author("Ada Lovelase")).toMatchObject({
      kind: "notFound",
      slipOf: { name: "Ada Lovelace" },
    });
  });

  it("points out the one near name that keeps the typed words right", () => {
    expect(index.author("Enyu Zhuo")).toMatchObject({ kind: "notFound", slipOf: { name: "Enyu Zhou" } });
    expect(index.author("Shiham Dou")).toMatchObject({ kind: "notFound", slipOf: { name: "Shihan Dou" } });
    expect(index.author("zhuo enyu")).toMatchObject({ kind: "notFound", slipOf: { name: "Enyu Zhou" } });
    expect(index.author("Senjie Jn")).toMatchObject({ kind: "notFound", slipOf: { name: "Senjie Jin" } });
    // One short word cannot settle it: the near names are suggested; a longer one with one near name can.
    expect(index.author("Zhuo")).not.toHaveProperty("slipOf");
    expect(index.author("Shihna")).toMatchObject({ kind: "notFound", slipOf: { name: "Shihan Dou" } });
    // A slip in one half of a hyphenated name is a slip, said so, not the person found as if typed right.
    expect(index.author("Wen-Xaing Chen")).toMatchObject({
      kind: "notFound",
      slipOf: { name: "Wen-Xiang Chen" },
    });
  });

  it("suggests the closest names for an unknown one it cannot settle on", () => {
    const lookup = index.author("Zhuo");
    expect(lookup.kind).toBe("notFound");
    if (lookup.kind !== "notFound") return;
    expect(lookup.suggestions.map((s) => s.name)).toContain("Enyu Zhou");
    expect(index.author("Qwertyuiop Asdfgh")).toMatchObject({ kind: "notFound", suggestions: [] });
  });

  it("reads an initial as any name part it begins", () => {
    expect(index.author("E. Zhou")).toMatchObject({ kind: "found", summary: { name: "Enyu Zhou" } });
    expect(index.author("Z Chen")).toMatchObject({ kind: "found", summary: { name: "Zhoubo Chen" } });
    expect(index.author("W. Chen")).toMatchObject({ kind: "found", summary: { name: "Wen-Xiang Chen" } });
    expect(index.author("Q. Chen").kind).not.toBe("found");
  });
});

describe("who", () => {
  it("ranks people by their papers on the topic, with the evidence", () => {
    const { people } = index.who("reward models", { limit: 10 });
    expect(people[0]?.name).toBe("Enyu Zhou");
    expect(people[0]?.papers.map((p) => p.paper.id).sort()).toEqual(["b7c8d9e0f1", "c0ffee1234"]);
    expect(people.map((p) => p.name)).toContain("Rui Zheng");
    expect(people.map((p) => p.name)).not.toContain("Wen-Xiang Chen");
  });

  it("puts the authors of the paper on the whole topic above someone with many papers on one of its words", () => {
    const broad = Array.from({ length: 4 }, (_, n) => ({
      id: `broad0000${n}`,
      authors: ["Bea Broad"],
      owners: [],
      abstract: `Text generation for stories, number ${n}: generation of long text.`,
    }));
    const corpus = corpusOf([
      ...broad,
      {
        id: "focused001",
        authors: ["Fay Focus"],
        owners: [],
        abstract: "We train models for code generation.",
      },
      { id: "unrelated1", authors: ["Una Other"], owners: [], abstract: "Quantum annealing on chips." },
      { id: "unrelated2", authors: ["Una Other"], owners: [], abstract: "Protein folding at scale." },
    ]);
    const people = createSearchEngine(corpus)
      .who("code generation")
      .people.map((p) => p.name);
    expect(people[0]).toBe("Fay Focus");
  });

  it("reads as evidence only papers matching the topic's rarer words, not those holding only its common one", () => {
    const some = Array.from({ length: 4 }, (_, n) => ({
      id: `agents000${n}`,
      authors: ["Bea Broad"],
      owners: [],
      abstract: `Agents act, agents plan, and agents learn: study ${n}.`,
    }));
    const others = Array.from({ length: 8 }, (_, n) => ({
      id: `others000${n}`,
      authors: ["Una Other"],
      owners: [],
      abstract: `Protein folding at scale, part ${n}.`,
    }));
    const corpus = corpusOf([
      ...some,
      ...others,
      {
        id: "memory0001",
        authors: ["Fay Focus"],
        owners: [],
        // Long in different words (a paper repeating itself is not the longer for it).
        abstract:
          "A memory for agents. We survey many designs of stores, caches and indexes at length: how each is " +
          "written, read, evicted, compressed, shared between processes, recovered after a crash, and priced " +
          "in time and space on the hardware of today, from phones to clusters of servers in several regions.",
      },
    ]);
    const people = createSearchEngine(corpus)
      .who("agent memory")
      .people.map((p) => p.name);
    expect(people).toEqual(["Fay Focus"]);
  });

  it("says so when no paper holds every word of the topic: the people are those of its rarer words", () => {
    const corpus = corpusOf([
      { id: "quantum001", authors: ["Qi Dot"], owners: [], abstract: "Quantum dots light up cells." },
      {
        id: "compute001",
        authors: ["Cy Bit"],
        owners: [],
        abstract: "Computing on chips, and computing fast.",
      },
      { id: "compute002", authors: ["Cy Bit"], owners: [], abstract: "Computing in memory." },
      { id: "both000001", authors: ["Bo Th"], owners: [], abstract: "Quantum annealing on chips." },
    ]);
    const engine = createSearchEngine(corpus);
    expect(engine.who("quantum computing").notice).toBe(
      "No paper holds every word of that; these people's papers hold the rarer ones.",
    );
    expect(engine.who("quantum dots").notice).toBeUndefined();
  });

  it("says who has a file and so is fully known", () => {
    const { people } = index.who("agents");
    const chen = people.find((p) => p.name === "Wen-Xiang Chen");
    const xi = people.find((p) => p.name === "Zhiheng Xi");
    expect(chen?.profiled).toBe(true);
    expect(xi?.profiled).toBe(false);
  });

  it("finds nobody for an empty topic", () => {
    expect(index.who("the").people).toEqual([]);
  });

  it("puts a paper's first author first, however the names sort", () => {
    expect(index.who("speculative decoding").people.map((p) => p.name)).toEqual([
      "Enyu Zhou",
      "Kai Sheng",
      "Hao Chen",
    ]);
    const corpus = corpusOf([
      {
        id: "p000000001",
        authors: ["Zed Zulu", "Amy Able"],
        owners: [],
        abstract: "We study quantum annealing.",
      },
    ]);
    expect(
      createSearchEngine(corpus)
        .who("annealing")
        .people.map((p) => p.name),
    ).toEqual(["Zed Zulu", "Amy Able"]);
  });

  it("counts a file's owner for every paper in it, named on the line or not", () => {
    const { people } = index.who("jailbreak");
    const owner = people.find((p) => p.name === "Enyu Zhou");
    expect(owner?.profiled).toBe(true);
    expect(owner?.papers.map((p) => p.paper.id)).toEqual(["a1f00d0001"]);
  });

  it("answers a topic naming someone with who worked on it with them, leaving them out", () => {
    const names = (topic: string) => index.who(topic, { limit: 10 }).people.map((p) => p.name);
    const withZheng = ["Binghai Wang", "Lu Chen", "Enyu Zhou"];
    expect(new Set(names("reward models with Rui Zheng"))).toEqual(new Set(withZheng));
    expect(index.who("reward models with Rui Zheng").notice).toBe("Who worked on it with Rui Zheng.");
    expect(new Set(names('reward models author:"Rui Zheng"'))).toEqual(new Set(withZheng));
    expect(new Set(names("jailbreak zheng"))).toEqual(new Set(["Caishuang Huang", "Enyu Zhou"]));
    // Without the name, the same topic is everyone's, Rui Zheng among them.
    expect(names("reward models")).toContain("Rui Zheng");
  });

  it("says so when the people named have no paper on the topic, or wrote theirs alone, or are nobody", () => {
    const elsewhere = index.who("speculative decoding rui zheng");
    expect(elsewhere.people[0]?.name).toBe("Enyu Zhou");
    expect(elsewhere.notice).toBe("No paper by Rui Zheng matches; these are everyone's.");
    const alone = createSearchEngine(
      corpusOf([
        { id: "p000000001", authors: ["Zed Zulu"], owners: [], abstract: "We study quantum annealing." },
        { id: "p000000002", authors: ["Zed Zulu", "Amy Able"], owners: [], abstract: "Graphs of qubits." },
      ]),
    ).who("annealing zed zulu");
    expect(alone.people).toEqual([]);
    expect(alone.notice).toBe("Nobody else wrote the papers of Zed Zulu on it.");
    const nobody = index.who('reward models author:"Nobody Here"');
    expect(nobody.people).toEqual([]);
    expect(nobody.notice).toBe("No author matches “Nobody Here”.");
  });

  it("gives the people behind a paper's topic: its authors and those of papers like it, or only the others", () => {
    const everyone = index.whoLike("b7c8d9e0f1", { limit: 20 });
    const names = everyone?.people.map((p) => p.name) ?? [];
    expect(everyone?.topic).toBe(index.paper("b7c8d9e0f1")?.headline);
    expect(everyone?.topic).toMatch(/^Reinforcement Learning from Human Feedback/);
    // Its own authors, and the people behind the other reward-model paper.
    expect(names).toEqual(
      expect.arrayContaining(["Binghai Wang", "Rui Zheng", "Lu Chen", "Shihan Dou", "Yan Liu"]),
    );
    expect(names).not.toContain("Kai Sheng");
    const others = index.whoLike("b7c8d9e0f1", { limit: 20, others: true })?.people.map((p) => p.name) ?? [];
    expect(others).toContain("Shihan Dou");
    expect(others).not.toContain("Binghai Wang");
    expect(others).not.toContain("Enyu Zhou");
    expect(index.whoLike("zzzzzzzzzz")).toBeUndefined();
  });

  it("keeps people whose evidence is the same paper together, and pages on with the total", () => {
    const all = index.who("reward models", { limit: 20 });
    const single = all.people.filter((p) => p.papers.length === 1).map((p) => p.papers[0]?.paper.id);
    // Everyone whose one paper is the same sits next to the others of that paper.
    const runs = single.filter((id, at) => id !== single[at - 1]);
    expect(new Set(runs).size).toBe(runs.length);
    const page = index.who("reward models", { limit: 2, offset: 2 });
    expect(page.total).toBe(all.total);
    expect(page.people.map((p) => p.key)).toEqual(all.people.slice(2, 4).map((p) => p.key));
  });
});
