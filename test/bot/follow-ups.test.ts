import { describe, expect, it } from "vitest";
import { followUpOf } from "../../src/bot/last-answer.js";

describe("follow-ups in a DM", () => {
  it("reads more, the n-th one, more like the n-th and who wrote it, however they are put", () => {
    for (const text of ["more", "Show more", "more please", "next", "next page", "any more?", "give me more"])
      expect(followUpOf(text), text).toEqual({ kind: "more" });
    expect(followUpOf("the first one")).toEqual({ kind: "open", which: 1 });
    expect(followUpOf("open the third")).toEqual({ kind: "open", which: 3 });
    expect(followUpOf("show me the 2nd paper")).toEqual({ kind: "open", which: 2 });
    expect(followUpOf("number 4")).toEqual({ kind: "open", which: 4 });
    expect(followUpOf("the last one")).toEqual({ kind: "open", which: "last" });
    expect(followUpOf("more like the second")).toEqual({ kind: "similar", which: 2 });
    expect(followUpOf("papers similar to the first one")).toEqual({ kind: "similar", which: 1 });
    expect(followUpOf("more like that")).toEqual({ kind: "similar", which: "that" });
    expect(followUpOf("who wrote that?")).toEqual({ kind: "writers", which: "that" });
    expect(followUpOf("Who wrote it")).toEqual({ kind: "writers", which: "that" });
    expect(followUpOf("who wrote the second one?")).toEqual({ kind: "writers", which: 2 });
    expect(followUpOf("who are the authors?")).toEqual({ kind: "writers", which: "that" });
    expect(followUpOf("cite the second one")).toEqual({ kind: "cite", which: 2 });
    expect(followUpOf("bibtex for that")).toEqual({ kind: "cite", which: "that" });
    expect(followUpOf("send me the link to the first one")).toEqual({ kind: "open", which: 1 });
    expect(followUpOf("pdf of #3")).toEqual({ kind: "open", which: 3 });
  });

  it("leaves questions that name their own topic to the usual grammar", () => {
    for (const text of [
      "more papers on RLHF",
      "more by Enyu Zhou",
      "who wrote StepCoder?",
      "first-order optimization",
      "the first law of thermodynamics",
      "papers like RMB",
      "cite RMB",
      "link to AgentGym",
      "one",
      "",
    ])
      expect(followUpOf(text), text).toBeUndefined();
  });
});
