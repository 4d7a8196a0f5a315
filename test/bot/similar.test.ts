import { beforeAll, describe, expect, it } from "vitest";
import { answer } from "../../src/bot/answer.js";
import type { BotDeps } from "../../src/bot/ports.js";
import { renderSlackMessage } from "../../src/render/blocks.js";
import type { SearchIndex } from "../../src/search/types.js";
import { servedIndexOf } from "../helpers/served-index.js";
import { corpusOf } from "../search/fixture-corpus.js";

// Three papers on training language models from human feedback, pairs on two other topics, and one on birds that
// shares a single everyday word ("data") with the rest.
const corpus = corpusOf([
  {
    id: "ppostable1",
    authors: ["Ada Lin"],
    owners: ["Ada Lin"],
    abstract:
      "Reinforcement learning from human feedback (RLHF) aligns language models. Training with proximal policy optimization (PPO) is unstable, so we study how the reward model and the PPO clipping interact, and release a stable PPO recipe for RLHF.",
  },
  {
    id: "prefnoise2",
    authors: ["Bo Chen"],
    owners: ["Bo Chen"],
    abstract:
      "In RLHF a reward model learns from human preference data, and noisy preferences mislead it. We measure the strength of each preference, train the reward model on it, and show that PPO training of the policy is then stable.",
  },
  {
    id: "metarm0003",
    authors: ["Cy Dube"],
    owners: ["Cy Dube"],
    abstract:
      "In RLHF the reward model drifts away from the policy during PPO training. We align the reward model to the shifted policy distribution with meta-learning.",
  },
  {
    id: "segment004",
    authors: ["Di Ek"],
    owners: ["Di Ek"],
    abstract:
      "Convolutional networks segment tumours in medical scans. We add boundary supervision to the segmentation network and report gains on three scan archives.",
  },
  {
    id: "segment005",
    authors: ["Ed Fo"],
    owners: ["Ed Fo"],
    abstract:
      "Segmentation of medical scans with vision transformers: tumour boundaries are sharper when the transformer sees neighbouring slices of each scan.",
  },
  {
    id: "joinorder6",
    authors: ["Fa Gu"],
    owners: ["Fa Gu"],
    abstract:
      "Join ordering decides the cost of relational queries. We learn cardinality estimates for join ordering in relational databases from query logs.",
  },
  {
    id: "joinorder7",
    authors: ["Gi Ha"],
    owners: ["Gi Ha"],
    abstract:
      "Cardinality estimation errors make relational databases pick slow join orders; sampling the joins at planning time corrects the estimates.",
  },
  {
    id: "storks0008",
    authors: ["Hu Io"],
    owners: ["Hu Io"],
    abstract: "GPS collar data show where white storks rest and refuel over the Sahel each winter.",
  },
]);

let index: SearchIndex;
beforeAll(async () => {
  index = await servedIndexOf(corpus);
});

const deps = (): BotDeps => ({
  index: () => index,
  random: () => 0.42,
  now: () => new Date("2025-03-03T08:00:00Z"),
  defaultTimeZone: "Europe/Berlin",
});
const slash = (text: string) => ({
  source: "slash" as const,
  text,
  userId: "U0AB12CD",
  channelId: "C0PAPERS",
});

describe("more like this", () => {
  it("shows the papers close to one, each saying which of its distinctive terms it shares, and no unrelated one", async () => {
    const { reply } = await answer(deps(), slash("similar ppostable1"));
    if (reply.kind !== "similar") throw new Error(`expected papers like one, got ${reply.kind}`);
    expect(reply.cards.map((card) => card.paper.id).sort()).toEqual(["metarm0003", "prefnoise2"]);
    for (const card of reply.cards) {
      expect(card.shares).toEqual(expect.arrayContaining(["RLHF", "PPO"]));
      expect(card.shares?.some((term) => /^reward model/.test(term))).toBe(true);
      // The shared words are marked in the snippet.
      expect(card.snippet?.some((part) => part.match && /RLHF|PPO|reward/.test(part.text))).toBe(true);
    }

    const message = renderSlackMessage(reply);
    const text = JSON.stringify(message.blocks);
    // Each card's small line says what it shares, the terms in bold.
    expect(text.match(/shares \*[^"]*\*RLHF\*/g)).toHaveLength(2);
    expect(text).not.toContain("segment004");
    expect(message.blocks.length).toBeLessThanOrEqual(50);
    expect(message.text).toContain("(shares ");
  });

  it("says no paper is close to one that nothing resembles, though it shares a word with others", async () => {
    expect(await index.papersWithWords(["data"])).toEqual([expect.any(Number)]);
    expect((await index.papersWithWords(["data"]))[0]).toBeGreaterThan(1);
    const { reply } = await answer(deps(), slash("similar storks0008"));
    expect(reply.kind).toBe("info");
    expect(renderSlackMessage(reply).text).toContain("No paper is close to this one, “GPS collar data");
  });
});

describe("what a paper like one shares", () => {
  it("never cuts a hyphenated word: “model-based agents” shares agents, not “based agents”", async () => {
    const hyphened = await servedIndexOf(
      corpusOf([
        {
          id: "worldmdl01",
          authors: ["Ada Lin"],
          owners: ["Ada Lin"],
          abstract:
            "We train model-based agents that plan with a learned world model. Our model-based agents act in web environments and reuse tool-augmented reasoning.",
        },
        {
          id: "worldmdl02",
          authors: ["Bo Chen"],
          owners: ["Bo Chen"],
          abstract:
            "Model-based agents plan with learned dynamics. We study model-based agents in web environments, where tool-augmented reasoning helps.",
        },
        ...[
          "Join ordering decides the cost of relational queries in databases.",
          "GPS collar data show where white storks rest over the Sahel each winter.",
          "Convolutional networks segment tumours in medical scans.",
          "Cardinality estimation errors make relational databases pick slow join orders.",
          "Vision transformers see neighbouring slices of each scan.",
        ].map((abstract, at) => ({
          id: `unrelated${at}`,
          authors: ["Cy Dube"],
          owners: ["Cy Dube"],
          abstract,
        })),
      ]),
    );
    const { reply } = await answer({ ...deps(), index: () => hyphened }, slash("similar worldmdl01"));
    if (reply.kind !== "similar") throw new Error(`expected papers like one, got ${reply.kind}`);
    const shares = reply.cards.flatMap((card) => card.shares ?? []);
    expect(shares).toContain("agents");
    expect(shares.filter((term) => /^(based|augmented) /.test(term))).toEqual([]);
  });
});
