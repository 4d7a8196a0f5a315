import { describe, expect, it } from "vitest";
import { createSearchEngine } from "../../src/search/engine.js";
import { corpusOf } from "./fixture-corpus.js";

const paper = (id: string, abstract: string) => ({ id, authors: ["Ada Lovelace"], owners: [], abstract });
const repeat = (count: number, make: (n: number) => ReturnType<typeof paper>) =>
  Array.from({ length: count }, (_, n) => make(n));

/** A paper on reward models (RM), one saying only "RM", and one holding both words apart. */
const rewardModelPapers = [
  paper("rewardm001", "We train a reward model (RM) on preference pairs."),
  paper("rmonly0001", "An RM scores each answer."),
  paper("apart00001", "A model of the reward is learned."),
];
const rewardModel = [{ short: "RM", long: "reward model" }];

describe("corrections", () => {
  it("corrects a slip in a hyphenated name as one term, and shows it as the paper writes it", () => {
    const index = createSearchEngine(
      corpusOf([
        paper("senstu0001", "We propose Senstuing-RL, a method for agents."),
        ...repeat(3, (n) => paper(`sesting00${n}`, "Sesting policies with RL is common.")),
      ]),
    );
    const result = index.search("Sestuing-RL");
    expect(result.hits[0]?.paper.id).toBe("senstu0001");
    expect(result.showingFor).toBe("Senstuing-RL");
  });

  it("reads a slip as the word the rest of the query finds it with", () => {
    const index = createSearchEngine(
      corpusOf([
        paper("thiism0001", "Thiism meets soous in one study."),
        paper("soous00001", "Soous alone, without the other word."),
        ...repeat(6, (n) => paper(`thiasm000${n}`, "Thiasm is a common word here.")),
      ]),
    );
    const result = index.search("thism soous");
    expect(result.hits[0]?.paper.id).toBe("thiism0001");
    expect(result.showingFor).toBe("thiism soous");
    // Alone, the commoner near word is the likelier reading.
    expect(index.search("thism").showingFor).toBe("thiasm");
  });

  it("reads a long word two slips away when none is one slip away, or when the rest of the query says so", () => {
    const index = createSearchEngine(
      corpusOf([
        paper("twoslip001", "Quirblaxan meets zetaword in one study."),
        ...repeat(5, (n) => paper(`oneslip00${n}`, "Quorblaxon is the common word here.")),
        paper("farther001", "Sesquipedalian words are long."),
      ]),
    );
    expect(index.search("sesquipidalean").showingFor).toBe("sesquipedalian");
    // One slip from "quorblaxon", two from "quirblaxan": alone, the nearer reading wins.
    expect(index.search("quorblaxen").showingFor).toBe("quorblaxon");
    const confirmed = index.search("quorblaxen zetaword");
    expect(confirmed.showingFor).toBe("quirblaxan zetaword");
    expect(confirmed.hits[0]?.paper.id).toBe("twoslip001");
  });

  it("reads an English word the corpus lacks as missing, not as a slip of a word it holds", () => {
    const index = createSearchEngine(
      corpusOf([
        paper("reduce0001", "Variance reduction for policy gradients."),
        ...repeat(3, (n) => paper(`reward000${n}`, "Reward models score answers.")),
        paper("modest0001", "A modest reward for modest agents."),
      ]),
    );
    for (const query of ["prediction", "weather prediction", "stock market prediction"]) {
      const result = index.search(query);
      expect(result.showingFor, query).toBeUndefined();
      expect(result.hits.map((hit) => hit.paper.id)).not.toContain("reduce0001");
    }
    expect(index.search("prediction").total).toBe(0);
    // One slip away, and confirmed by the rest of the query, it is read as the word the papers hold.
    // As the last word too, where it might have been cut short ("modest").
    const confirmed = index.search("reward modes");
    expect(confirmed.showingFor).toBe("reward models");
    expect(confirmed.hits.slice(0, 3).map((hit) => hit.paper.id)).toEqual([
      "reward0000",
      "reward0001",
      "reward0002",
    ]);
    // Alone, nothing confirms a slip: the word is finished as typed so far.
    expect(index.search("modes").hits.map((hit) => hit.paper.id)).toEqual(["modest0001"]);
  });

  it("leaves out a mistyped stop word as it leaves out the word, and says how it read it", () => {
    const index = createSearchEngine(
      corpusOf([
        paper("agents0001", "Agents with memory remember what they did."),
        paper("agents0002", "Agents act with tools."),
        paper("wight00001", "Wight is a word one letter from the slip."),
      ]),
    );
    const result = index.search("agents wiht memory");
    expect(result.hits.map((hit) => hit.paper.id)).toEqual(["agents0001", "agents0002"]);
    expect(result.showingFor).toBe("agents with memory");
    expect(result.notice).not.toContain("wiht");
  });

  it("prefers the likelier slip (a swap) to a key across the keyboard in a commoner word", () => {
    const index = createSearchEngine(
      corpusOf([
        paper("creaing001", "Creaing is rare."),
        ...repeat(3, (n) => paper(`craming00${n}`, "Craming is commoner.")),
      ]),
    );
    const result = index.search("craeing");
    expect(result.showingFor).toBe("creaing");
    expect(result.hits[0]?.paper.id).toBe("creaing001");
  });

  it("reads two words typed without the space between them as the words some paper writes side by side", () => {
    const index = createSearchEngine(
      corpusOf(
        [
          ...rewardModelPapers,
          paper("decode0001", "Speculative decoding drafts tokens, and the model reviews them."),
        ],
        rewardModel,
      ),
    );
    const joined = index.search("rewardmodel");
    expect(joined.showingFor).toBe("reward model");
    const ids = joined.hits.map((hit) => hit.paper.id);
    // The acronym of the words is searched too, as it is for "reward model" typed apart.
    expect(ids).toEqual(expect.arrayContaining(["rewardm001", "rmonly0001"]));
    // A paper holding both words but never side by side is not what was typed.
    expect(ids).not.toContain("apart00001");
    expect(index.search("speculativedecoding").hits.map((hit) => hit.paper.id)).toEqual(["decode0001"]);
    // Two known words no paper writes side by side are no reading: nothing matched, nothing shown as searched.
    const nowhere = index.search("decodingreward");
    expect(nowhere.hits).toEqual([]);
    expect(nowhere.showingFor).toBeUndefined();
  });

  it("reads a word run into the start of the next as the words some paper writes ('codegen': code generation)", () => {
    const index = createSearchEngine(
      corpusOf([
        paper("codegen001", "Code generation with unit tests as the reward."),
        paper("general001", "General code review for large teams."),
        paper("genome0001", "Genome assembly at scale."),
      ]),
    );
    const result = index.search("codegen");
    expect(result.showingFor).toBe("code generation");
    expect(result.hits.map((hit) => hit.paper.id)).toEqual(["codegen001"]);
  });

  it("reads a long form with a slip in it as the long form, its acronym searched as when typed right", () => {
    const index = createSearchEngine(
      corpusOf(
        [
          ...rewardModelPapers,
          ...repeat(3, (n) => paper(`models000${n}`, "Modest models for the model zoo.")),
        ],
        rewardModel,
      ),
    );
    const ids = (query: string) => index.search(query).hits.map((hit) => hit.paper.id);
    const slipped = index.search("Rewrad modle");
    expect(slipped.showingFor).toBe("reward model");
    expect(slipped.notice).toContain("RM (reward model)");
    expect(ids("Rewrad modle")).toEqual(ids("reward model"));
    expect(ids("Rewrad modle").slice(0, 2).sort()).toEqual(["rewardm001", "rmonly0001"]);
  });

  it("names a slip the stemmer forgives, and ranks the word meant as a word typed right ranks", () => {
    const index = createSearchEngine(
      corpusOf([
        paper("reinfo0001", "Rewards reinforce the policy, and we reinforce it again."),
        paper("reinfo0002", "We study reinforcement of policies."),
      ]),
    );
    // "reinforcment" has the stem of "reinforcement" (and "reinforce"): the same papers, in the same order.
    const slipped = index.search("reinforcment");
    expect(slipped.showingFor).toBe("reinforcement");
    const ids = (query: string) => index.search(query).hits.map((hit) => hit.paper.id);
    expect(ids("reinforcment")).toEqual(ids("reinforcement"));
    expect(ids("reinforcment")[0]).toBe("reinfo0002");
  });
});
