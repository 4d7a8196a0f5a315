import { beforeAll, describe, expect, it } from "vitest";
import { loadCorpus } from "../../src/corpus/load.js";
import { createSearchEngine, type OpenEngine } from "../../src/search/engine.js";
import { corpusOf } from "./fixture-corpus.js";

// What a reader of an author summary notices in its topics line: a phrase cut at a preposition or a verb,
// two topics for one idea, a generic word above the system the person built, an alphabetical order.

/** Papers by other people: the field's common words, so that they set nobody apart. */
const background = [
  "Reinforcement learning trains agents with algorithms across scenarios and studies their behaviors.",
  "Large language models show new behaviors in many scenarios; we compare algorithms and report results.",
  "We survey algorithms for agents and the scenarios they face, with open problems for the community.",
  "Benchmarks of agents measure behaviors in diverse scenarios under several algorithms.",
  "Alignment of language models with human feedback uses reinforcement learning and reward signals.",
  "Vision encoders and image tokens feed multimodal models that describe scenes for users.",
].map((abstract, at) => ({
  id: `bg${at}`,
  authors: [`Other Author${at}`, "Shared Person"],
  owners: [],
  abstract,
}));

function topicsIn(specs: Parameters<typeof corpusOf>[0], name: string): string[] {
  const engine = createSearchEngine(corpusOf([...background, ...specs]));
  const lookup = engine.author(name);
  engine.close();
  if (lookup.kind !== "found") throw new Error(`expected ${name} to be found, got ${lookup.kind}`);
  return lookup.summary.topics;
}

/** Folded words of a topic, plurals as singulars: how a reader sees two topics as one. */
const wordsOf = (topic: string) =>
  topic
    .toLowerCase()
    .split(/[\s-]+/)
    .map((word) => (word.length > 3 && /[^s]s$/.test(word) ? word.slice(0, -1) : word));
const holds = (a: string, b: string) => ` ${wordsOf(a).join(" ")} `.includes(` ${wordsOf(b).join(" ")} `);

// Words no noun phrase begins or ends with: prepositions, determiners, pronouns, conjunctions, auxiliaries,
// and the verbs and adjectives that edged earlier topics ("defenses against", "ensuring secure").
const edgeWords = new Set(
  `against to of for with by via from in on at into onto over under through across among within without
  toward towards the a an this these those that each every some any all both our their its we they it
  and or but nor while whereas thus hence thereby also even either down
  is are was were be been can may must should will would could not
  ensuring ensure bypass secure covers lacks capture encounter assumes drives adjusts combines decouples
  adhere attracts emphasizes analyzing accelerating achieving integrating interleaving describe fits match
  develops propose proposes proposed introduce introduces improve improves achieves using based`.split(/\s+/),
);
const edgeOf = (topic: string) => {
  const words = topic.toLowerCase().split(/\s+/);
  return [words[0] ?? "", words.at(-1) ?? ""];
};
/** Words two topics may share and still be two ideas: "reward models" and "policy model". */
const sharedFreely = new Set(["model", "method", "data", "dataset", "framework", "learning", "task"]);

describe("topics on small corpora", () => {
  const shieldPaper = {
    id: "shield01",
    authors: ["Bo Chen", "Ann Other"],
    owners: [],
    abstract:
      "Current defense strategies against jailbreak attacks often fail when attackers try to bypass security protocols. We introduce ShieldTune, which fortifies defenses against jailbreak attacks at decoding time and keeps prompts from trying to bypass security checks, thereby ensuring secure alignment. ShieldTune raises the likelihood of beneficial tokens and lowers harmful ones: beneficial tokens are kept, ensuring secure alignment with little loss.",
  };

  it.each([
    ["a preposition", "defenses against"],
    ["a verb after “to”", "bypass security"],
    ["a verb and an adjective", "ensuring secure"],
    ["a determiner", "the likelihood"],
  ])("never cuts a phrase at %s (%s)", (_, phrase) => {
    const topics = topicsIn([shieldPaper], "Bo Chen");
    expect(topics.map((t) => t.toLowerCase())).not.toContain(phrase);
    for (const topic of topics)
      expect(
        edgeOf(topic).filter((w) => edgeWords.has(w)),
        topic,
      ).toEqual([]);
  });

  it("names the system the paper brings first, then the terms it repeats", () => {
    expect(topicsIn([shieldPaper], "Bo Chen")).toEqual([
      "ShieldTune",
      "jailbreak attacks",
      "beneficial tokens",
    ]);
  });

  it("does not take a model the paper only uses for the one it brings", () => {
    const paper = {
      id: "fb01",
      authors: ["Eve Moss", "Ann Other"],
      owners: [],
      abstract:
        "We propose a self-reference feedback framework that enables Llama2-Chat to give preference feedback. Llama2-Chat annotators then give preference feedback with less position bias, and position bias falls further.",
    };
    const topics = topicsIn([paper], "Eve Moss");
    expect(topics).toContain("preference feedback");
    const llama = topics.indexOf("Llama2-Chat");
    expect(llama === -1 || llama > topics.indexOf("preference feedback"), topics.join(" · ")).toBe(true);
  });

  it("ranks the named system a paper brings above the generic words of the field", () => {
    const papers = [
      "We introduce GymNova-RL, a framework to train agents with reinforcement learning across diverse scenarios. GymNova-RL supports mainstream algorithms and shows diverse behaviors.",
      "Agents learn behaviors in scenarios with new algorithms. We study curriculum schedules for agent exploration.",
      "We compare algorithms across scenarios and report the behaviors of agents under curriculum schedules.",
    ].map((abstract, at) => ({ id: `gym${at}`, authors: ["Ada Park", "Ann Other"], owners: [], abstract }));
    const topics = topicsIn(papers, "Ada Park");
    expect(topics).toContain("GymNova-RL");
    for (const generic of ["algorithms", "scenarios", "behaviors"]) {
      const at = topics.indexOf(generic);
      expect(at === -1 || at > topics.indexOf("GymNova-RL"), generic).toBe(true);
    }
  });

  it("gives one topic per idea: no phrase inside another, no two terms sharing a word", () => {
    const papers = [
      "KV cache compression methods store the key state before rotation. We introduce TinyKV for KV cache compression and cache sharing within attention computation, where each attention head keeps a small KV cache size.",
      "Attention computation over the KV cache dominates decoding time. TinyKV reduces the KV cache size and enables cache sharing across each attention head, and KV cache compression keeps accuracy.",
    ].map((abstract, at) => ({ id: `kv${at}`, authors: ["Cy Lee", "Ann Other"], owners: [], abstract }));
    const topics = topicsIn(papers, "Cy Lee");
    expect(topics).toContain("TinyKV");
    expect(topics.filter((t) => /cache/i.test(t))).toHaveLength(1);
    expect(topics.filter((t) => /attention/i.test(t))).toHaveLength(1);
  });

  // Two terms only in Dee Ray's papers, so the corpus weighs them alike: only her evidence tells them apart.
  const deeRay = (zebra: string[], alpha: string[], firstAuthored: number[]) =>
    [0, 1, 2].map((at) => ({
      id: `dee${at}`,
      authors: firstAuthored.includes(at) ? ["Dee Ray", "Ann Other"] : ["Ann Other", "Dee Ray"],
      owners: [],
      abstract: `${zebra[at] ?? ""} ${alpha[at] ?? ""} We report results on benchmarks.`,
    }));
  const z = "We study zebra kernels.";
  const a = "We study alpha lattices.";
  it.each([
    ["more papers", deeRay([z, z, z], [a, a, ""], []), ["zebra kernels", "alpha lattices"]],
    ["more first-author papers", deeRay([z, "", z], ["", a, a], [0]), ["zebra kernels", "alpha lattices"]],
    ["more uses", deeRay([`${z} ${z}`, z, ""], [a, a, ""], []), ["zebra kernels", "alpha lattices"]],
    ["the one written first, zebra", deeRay([z, z, ""], [a, a, ""], []), ["zebra kernels", "alpha lattices"]],
    [
      "the one written first, alpha",
      deeRay(["", "", ""], [`${a} ${z}`, `${a} ${z}`, ""], []),
      ["alpha lattices", "zebra kernels"],
    ],
  ])("breaks a tie on evidence, never the alphabet: %s first", (_, papers, order) => {
    const topics = topicsIn(papers, "Dee Ray").filter((t) => order.includes(t));
    expect(topics).toEqual(order);
  });
});

describe("topics on the seeds", () => {
  let seeds: OpenEngine;
  const all = new Map<string, string[]>();
  beforeAll(async () => {
    seeds = createSearchEngine(await loadCorpus("seeds"));
    for (const id of seeds.paperIds()) {
      for (const name of seeds.paper(id)?.authors ?? []) {
        const lookup = seeds.author(name);
        if (lookup.kind === "found") all.set(lookup.summary.name, lookup.summary.topics);
      }
    }
    return () => seeds.close();
  });

  it("reads every author of the seeds", () => {
    expect(all.size).toBeGreaterThan(40);
    for (const owner of ["Enyu Zhou", "Senjie Jin", "Wen-Xiang Chen"]) expect(all.get(owner)?.length).toBe(6);
  });

  it("never edges a topic with a preposition, determiner, verb or adverb", () => {
    for (const [name, topics] of all) {
      for (const topic of topics) {
        const edges = edgeOf(topic);
        expect(
          edges.filter((w) => edgeWords.has(w) || /ly$/.test(w)),
          `${name}: ${topic}`,
        ).toEqual([]);
      }
    }
  });

  it("never gives two topics for one idea", () => {
    for (const [name, topics] of all) {
      topics.forEach((topic, i) => {
        for (const other of topics.slice(i + 1)) {
          expect(holds(topic, other) || holds(other, topic), `${name}: ${topic} / ${other}`).toBe(false);
          if (!topic.includes(" ") || !other.includes(" ")) continue;
          const shared = wordsOf(topic).filter((w) => wordsOf(other).includes(w) && !sharedFreely.has(w));
          expect(shared, `${name}: ${topic} / ${other}`).toEqual([]);
        }
      });
    }
  });

  it.each([
    ["Caishuang Huang", ["defenses against", "bypass security", "ensuring secure", "against jailbreak"]],
    ["Yuhao Zhou", ["attention computation", "cache sharing", "cache size", "automatic prompting"]],
    ["Zhiheng Xi", ["algorithms", "scenarios", "behaviors"]],
    ["Changhao Jiang", ["even down", "encounter challenges", "experts exhibit"]],
    ["Hao Chen", ["accelerating LLM", "approach decouples", "approaches adhere"]],
    ["Guodong Zheng", ["covers", "question", "limitations"]],
    ["Wen-Xiang Chen", ["lacks", "algorithms", "SOTA models"]],
    ["Yanwei Yue", ["attracts unprecedented attention", "beyond consolidation"]],
  ])("%s: none of the filler shown before (%j)", (name, filler) => {
    const topics = all.get(name) ?? [];
    expect(topics.length).toBeGreaterThan(0);
    for (const phrase of filler) expect(topics).not.toContain(phrase);
  });

  it.each([
    ["Caishuang Huang", ["SafeAligner", "jailbreak attacks"]],
    ["Yuhao Zhou", ["EliteKV", "Self-Polish"]],
    ["Zhiheng Xi", ["AgentGym-RL", "ScalingInter-RL"]],
    ["Yan Liu", ["MetaRM", "StepCoder", "LoRAMoE"]],
    ["Enyu Zhou", ["reward models"]],
    ["Tianze Chen", ["TRACE", "continual learning"]],
  ])("%s: the systems and terms their papers bring (%j)", (name, expected) => {
    expect(all.get(name)).toEqual(expect.arrayContaining(expected));
  });

  it("puts the system a single-paper author's paper brings first", () => {
    expect(all.get("Caishuang Huang")?.[0]).toBe("SafeAligner");
    expect(all.get("Hao Chen")?.[0]).toBe("CARD");
  });
});
