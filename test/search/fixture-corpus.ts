import { headlineFor } from "../../src/corpus/headline.js";
import { personKey as keyOf } from "../../src/corpus/names.js";
import type { Acronym, Corpus, Paper, Person } from "../../src/corpus/types.js";

interface PaperSpec {
  id: string;
  authors: string[];
  owners: string[];
  abstract: string;
  etAl?: boolean;
  year?: number;
}

function paperOf(spec: PaperSpec): Paper {
  return {
    id: spec.id,
    headline: headlineFor(spec),
    authors: spec.authors,
    authorKeys: spec.authors.map(keyOf),
    etAl: spec.etAl ?? true,
    owners: spec.owners,
    ownerKeys: spec.owners.map(keyOf),
    abstract: spec.abstract,
    sources: spec.owners.map((owner) => ({ file: `${owner}.txt`, line: 3 })),
    ...(spec.year === undefined ? {} : { year: spec.year }),
  };
}

/** A hand-made corpus: people are derived from the papers as the loader would. */
export function corpusOf(specs: PaperSpec[], acronyms: Acronym[] = []): Corpus {
  const papers = specs.map(paperOf);
  const owners = new Set(papers.flatMap((paper) => paper.ownerKeys));
  const people = new Map<string, Person>();
  for (const paper of papers) {
    const names = [...paper.owners, ...paper.authors];
    for (const name of names) {
      const key = keyOf(name);
      const person = people.get(key) ?? {
        key,
        name,
        spellings: [],
        profiled: owners.has(key),
        paperIds: [],
      };
      if (paper.owners.includes(name)) person.name = name;
      if (!person.spellings.includes(name)) person.spellings.push(name);
      if (!person.paperIds.includes(paper.id)) person.paperIds.push(paper.id);
      people.set(key, person);
    }
  }
  return { papers, people, acronyms, files: owners.size, profiles: owners.size, problems: [] };
}

export const acronyms: Acronym[] = [
  { short: "RLHF", long: "reinforcement learning from human feedback" },
  { short: "SD", long: "speculative decoding" },
  { short: "RMs", long: "reward models" },
];

/** Eight small papers with the quirks the real seeds have: truncated author lists, two spellings, shared names. */
export const fixtureCorpus = corpusOf(
  [
    {
      id: "a1b2c3d4e5",
      authors: ["Enyu Zhou", "Kai Sheng", "Hao Chen"],
      owners: ["Enyu Zhou"],
      abstract:
        "Speculative decoding (SD), where a draft model proposes tokens for a target model to verify, speeds up inference. We present a tree-based drafting method that accepts longer drafts. Experiments show a 2x speedup.",
    },
    {
      id: "a1f00d0001",
      authors: ["Caishuang Huang", "Rui Zheng"],
      owners: ["Enyu Zhou"],
      etAl: false,
      abstract:
        "Jailbreak attacks coax aligned models into harmful answers. We propose a lightweight defense that detects jailbreak prompts before decoding. The defense keeps utility on benign prompts.",
    },
    {
      id: "b7c8d9e0f1",
      authors: ["Binghai Wang", "Rui Zheng", "Lu Chen"],
      owners: ["Enyu Zhou"],
      abstract:
        "Reinforcement Learning from Human Feedback (RLHF) aligns language models with human values. Reward models trained on noisy preferences limit RLHF. We measure the strength of preferences and improve reward models with label smoothing.",
    },
    {
      id: "c0ffee1234",
      authors: ["Shihan Dou", "Enyu Zhou", "Yan Liu"],
      owners: ["Enyu Zhou"],
      abstract:
        "Reward models (RMs) guide alignment, yet evaluating reward models is hard. We build a benchmark of human preferences over many scenarios. Reward models that generalise well also help policies trained with reinforcement learning from human feedback.",
    },
    {
      id: "d00d5eed01",
      authors: ["Zhiheng Xi", "Wenxiang Chen", "Xin Guo"],
      owners: ["Wen-Xiang Chen"],
      abstract:
        "We survey agents built on large language models. Agents perceive, decide and act in diverse environments. We discuss multi-agent societies and open problems.",
    },
    {
      id: "d00d5eed02",
      authors: ["Zhiheng Xi", "Wenxiang Chen"],
      owners: ["Wen-Xiang Chen"],
      etAl: false,
      abstract:
        "Generalist agents should evolve across environments. We train agents with reinforcement learning in interactive environments and release a gym of tasks. Our agents beat strong baselines.",
    },
    {
      id: "e1e2e3e4e5",
      authors: ["Xiaoran Fan", "Tao Ji", "Lu Chen"],
      owners: ["Senjie Jin"],
      abstract:
        "Vision-language models struggle with long visual token sequences. We compress visual tokens with a mixture of vision experts. The model keeps accuracy on vision benchmarks.",
    },
    {
      id: "f9f8f7f6f5",
      authors: ["Zhoubo Chen", "Senjie Jin", "Lu Chen"],
      owners: ["Senjie Jin"],
      abstract:
        "Reinforcement learning with verifiable rewards improves reasoning. We study token entropy during reasoning and show that entropy collapse hurts exploration. Vision inputs are left for future work.",
    },
  ],
  acronyms,
);
