import { describe, expect, it } from "vitest";
import { createSearchEngine } from "../../src/search/engine.js";
import { corpusOf } from "./fixture-corpus.js";

const paper = (id: string, abstract: string) => ({ id, authors: ["Ada Lovelace"], owners: [], abstract });
/** `count` papers with the same abstract, ids `prefix` then a number. */
const copies = (prefix: string, count: number, abstract: string) =>
  Array.from({ length: count }, (_, n) =>
    paper(`${prefix}${String(n).padStart(10 - prefix.length, "0")}`, abstract),
  );
const idsFor = (papers: ReturnType<typeof paper>[], query: string) =>
  createSearchEngine(corpusOf(papers))
    .search(query)
    .hits.map((hit) => hit.paper.id);

describe("ranking", () => {
  it("puts the word as typed above papers that only share its stem", () => {
    const papers = [
      paper("general001", "A general recipe for code: general code, general tools, general code again."),
      paper("generat001", "We study code generation for programs."),
      paper("generat002", "Generative models write code, and generative code is everywhere."),
    ];
    expect(idsFor(papers, "code generation")[0]).toBe("generat001");
  });

  it("counts a longer word built on the one typed as holding it, and not a shorter one it is built on", () => {
    const evaluation = [
      paper(
        "evalrm0001",
        "A benchmark for the evaluation of reward models: evaluation data and evaluation methods.",
      ),
      paper("reevalrm01", "We re-evaluate the inner workings of PPO, whose reward models drift."),
      ...copies("filler", 4, "Vision models see images."),
    ];
    expect(idsFor(evaluation, "evaluate reward models")[0]).toBe("evalrm0001");
    const continual = [
      paper("continue01", "Models continue learning, and continue to learn, as they continue."),
      paper("continual1", "Continual learning keeps old tasks."),
      ...copies("filler", 4, "Vision models see images."),
    ];
    expect(idsFor(continual, "continual learning")[0]).toBe("continual1");
  });

  it("does not put a paper holding one word by its stem below papers holding another word as typed", () => {
    const papers = [
      paper("knowledge1", "Adapters keep world knowledge while the model learns new tasks."),
      paper("knowledge2", "Agents gather knowledge and skills through exploration."),
      paper("knowledge3", "Prior knowledge helps agents act."),
      paper("distilled1", "We distill high-quality data from a teacher model into a small student."),
      ...copies("filler", 4, "Vision models see images."),
    ];
    expect(idsFor(papers, "knowledge distillation")[0]).toBe("distilled1");
  });

  it("ranks papers holding more of the words first, and leaves out none that hold most of them", () => {
    const papers = [
      paper("three00001", "Agents learn rewards with reinforcement learning."),
      paper("two0000001", "Agents learn from rewards."),
      paper("one0000001", "Agents everywhere."),
      paper("none000001", "Vision transformers see images."),
    ];
    const ids = idsFor(papers, "agents rewards reinforcement");
    expect(ids).toEqual(["three00001", "two0000001", "one0000001"]);
  });

  it("counts a stop word typed among the papers the other words find, and finds no paper by it", () => {
    const papers = [
      paper("aligned001", "Alignment of agents to a reward signal."),
      paper("aligned002", "Alignment of most agents to reward signal."),
      paper("stopword01", "Nothing here but the word most."),
      ...copies("filler", 4, "Vision models see images."),
    ];
    const ids = idsFor(papers, "most agents reward");
    expect(ids[0]).toBe("aligned002");
    expect(ids).not.toContain("stopword01");
  });

  it("ranks the same whether a stop word is typed once or again and again", () => {
    const papers = [
      paper("plain00001", "Agents learn rewards from their environment quickly."),
      paper(
        "either0001",
        "Agents learn rewards from humans or from a model or two, over many long days of careful training.",
      ),
      ...copies("orfill", 3, "Vision or sound."),
      ...copies("filler", 4, "Vision models see images."),
    ];
    const once = idsFor(papers, "agents or rewards");
    expect(once).toEqual(["plain00001", "either0001"]);
    expect(idsFor(papers, `agents ${"or ".repeat(10)}rewards`)).toEqual(once);
  });

  it("lifts a paper holding the words side by side above one holding them apart", () => {
    const papers = [
      paper(
        "apart00001",
        "Decoding is slow. Speculation about the future helps nobody; speculative work is rare.",
      ),
      paper("together01", "We speed up speculative decoding."),
    ];
    expect(idsFor(papers, "speculative decoding")[0]).toBe("together01");
  });

  it("lifts a paper holding two words of a short query as the term they were typed as", () => {
    const filler = copies("filler", 8, "Supervision of models, and more supervision.");
    const math = paper("mathpaper1", "Supervision helps on math problems.");
    const term = paper(
      "processsup",
      "Process supervision rewards each step, where outcome supervision rewards the end.",
    );
    expect(idsFor([...filler, math, term], "process supervision math")[0]).toBe("processsup");
    // Apart in the text, the two words lift nothing.
    const apart = paper(
      "apartsup01",
      "Supervision rewards each step of the process, where outcome supervision rewards the end.",
    );
    expect(idsFor([...filler, math, apart], "process supervision math")[0]).toBe("mathpaper1");
  });

  it("does not rank a paper first for saying 'improve' when the query only asks for papers improving a topic", () => {
    const papers = [
      paper(
        "saysimprov",
        "Improving tools matters. Reasoning and reinforcement learning come up once, in a long list of many other things.",
      ),
      paper(
        "onreasonrl",
        "Reasoning through reinforcement learning: reasoning curricula for reinforcement learning.",
      ),
      ...copies("other", 4, "Vision transformers see images."),
    ];
    expect(idsFor(papers, "methods for improving reasoning with reinforcement learning")[0]).toBe(
      "onreasonrl",
    );
    expect(idsFor(papers, "improving")[0]).toBe("saysimprov");
  });

  it("counts an acronym written in the plural as the acronym typed", () => {
    const papers = [
      paper("plural0001", "Large language models (LLMs) write code: we test code from LLMs, and code again."),
      paper(
        "singular01",
        "An LLM agent writes code once, then rests for a long while and plays games with its friends in a park.",
      ),
      ...copies("games", 4, "Agents play games."),
    ];
    const engine = createSearchEngine(corpusOf(papers, [{ short: "LLM", long: "large language model" }]));
    expect(engine.search("code llm").hits.map((hit) => hit.paper.id)[0]).toBe("plural0001");
  });

  it("puts the paper holding the query word for word first, among many holding its words apart", () => {
    const apart = copies("apart", 60, "Community notes: a draft, and what it lacks.");
    const remembered = paper(
      "remember01",
      "We found that the community draft lacks a clear statement of the problem, which we then write out in full.",
    );
    expect(idsFor([...apart, remembered], "community draft lacks")[0]).toBe("remember01");
    expect(idsFor([...apart, remembered], "draft community lacks")[0]).not.toBe("remember01");
  });

  it("counts the word as typed above its stem-mates in the same paper", () => {
    const papers = [
      paper("aaaa000001", "Reasonableness matters, and reasoning again."),
      paper("bbbb000001", "Reasonableness matters, and reasonableness again."),
    ];
    expect(idsFor(papers, "reasonableness")).toEqual(["bbbb000001", "aaaa000001"]);
  });

  it("counts a paper's length in different words, so one that says its own words again is not pushed down", () => {
    const papers = [
      paper("scatter001", "Zorbling helps chemists, doctors, pilots, robots, teachers and farmers."),
      paper(
        "focused001",
        "Zorbling trains agents: agents that plan, agents that act, agents that learn, agents that remember.",
      ),
      ...copies("other", 6, "Protein folding at scale, measured on several different kinds of chips."),
    ];
    // Ten words against sixteen, but ten different words against eight.
    expect(idsFor(papers, "zorbling")).toEqual(["focused001", "scatter001"]);
  });

  it("puts the word as typed above its plural or singular, which still counts as holding it", () => {
    const papers = [
      paper("aaaa000001", "A case study, then a second study: an assessment and a further assessment."),
      paper(
        "bbbb000001",
        "Two studies and their assessments, told over a longer abstract than the other one.",
      ),
      paper("cccc000001", "Nothing to do with either word."),
    ];
    expect(idsFor(papers, "studies assessments")).toEqual(["bbbb000001", "aaaa000001"]);
    expect(idsFor(papers, "study assessment")).toEqual(["aaaa000001", "bbbb000001"]);
  });

  it("ranks a paper by its abstract, however long its author list", () => {
    const many = ["Xiaoxiang Li", "Anna Nguyen", "Mateo Bernard"];
    const abstract = "Gradient clipping stabilises optimisation.";
    const ranked = (first: string[], second: string[]) =>
      createSearchEngine(
        corpusOf([
          { id: "aaaa000001", authors: first, owners: [], abstract },
          { id: "bbbb000001", authors: second, owners: [], abstract },
        ]),
      )
        .search("clipping")
        .hits.map((hit) => hit.paper.id);
    expect(ranked(many, ["Ada Lovelace"])).toEqual(ranked(["Ada Lovelace"], many));
  });

  it("breaks ties the same way whatever order the papers came in", () => {
    const a = paper("aaaa000001", "Gradient clipping stabilises optimisation.");
    const b = paper("bbbb000001", "Gradient clipping stabilises optimisation.".replace("Gradient", "Weight"));
    expect(idsFor([a, b], "clipping")).toEqual(idsFor([b, a], "clipping"));
  });
});

describe("paging through the bands", () => {
  /** Every hit of a query, page by page of three. */
  const pagedIds = (papers: ReturnType<typeof paper>[], query: string) => {
    const engine = createSearchEngine(corpusOf(papers));
    const ids: string[] = [];
    for (let offset = 0; ; offset += 3) {
      const { hits, total } = engine.search(query, { offset, limit: 3 });
      ids.push(...hits.map((hit) => hit.paper.id));
      if (hits.length === 0 || offset + 3 >= total) return { ids, total };
    }
  };

  it("shows each paper once, those with every word first, down to those with one", () => {
    const both = copies("both", 4, "Reward shaping for agents.");
    const one = copies("one", 12, "Agents in the wild.");
    const { ids, total } = pagedIds([...both, ...one, paper("nothing01", "Vision only.")], "agents reward");
    expect(total).toBe(16);
    expect(new Set(ids).size).toBe(16);
    expect(ids.slice(0, 4).sort()).toEqual(both.map((p) => p.id));
  });

  it("shows each paper once where many hold the query word for word and a few hold its words apart", () => {
    const together = copies("together", 60, "Process supervision helps.");
    const apart = copies("apart", 5, "Supervision of the process helps.");
    const { ids, total } = pagedIds([...together, ...apart], "process supervision");
    expect(total).toBe(65);
    expect(new Set(ids).size).toBe(65);
    expect(ids.slice(60).sort()).toEqual(apart.map((p) => p.id));
  });
});
