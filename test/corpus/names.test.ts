import { describe, expect, it } from "vitest";
import { personKey, rankSpellings, splitAuthorLine } from "../../src/corpus/names.js";

describe("personKey", () => {
  it("folds case, accents, hyphens, dots and spaces so that variants meet", () => {
    expect(personKey("Wen-Xiang Chen")).toBe(personKey("Wenxiang Chen"));
    expect(personKey("María López")).toBe(personKey("Maria Lopez"));
    expect(personKey("MARIA  LÓPEZ")).toBe("marialopez");
    expect(personKey("Søren Kierkegaard")).toBe(personKey("Soren Kierkegaard"));
    expect(personKey("Łukasz Kaiser")).toBe(personKey("Lukasz Kaiser"));
    expect(personKey("J. R. R. Tolkien")).toBe(personKey("JRR Tolkien"));
  });

  it("keeps different people apart", () => {
    expect(personKey("Wenxiang Chen")).not.toBe(personKey("Wenxian Chen"));
    expect(personKey("Lu Chen")).not.toBe(personKey("Chen Lu Xi"));
  });
});

describe("splitAuthorLine", () => {
  it("splits three names and et al.", () => {
    expect(splitAuthorLine("Zhiheng Xi, Wenxiang Chen, Xin Guo et al.")).toEqual({
      names: ["Zhiheng Xi", "Wenxiang Chen", "Xin Guo"],
      etAl: true,
    });
    expect(splitAuthorLine("Zhiheng Xi, Wenxiang Chen, et al")).toEqual({
      names: ["Zhiheng Xi", "Wenxiang Chen"],
      etAl: true,
    });
  });

  it("splits one or two names without et al.", () => {
    expect(splitAuthorLine("Enyu Zhou")).toEqual({ names: ["Enyu Zhou"], etAl: false });
    expect(splitAuthorLine("Ann Lee and Bo Chen")).toEqual({ names: ["Ann Lee", "Bo Chen"], etAl: false });
    expect(splitAuthorLine("Ann Lee & Bo Chen")).toEqual({ names: ["Ann Lee", "Bo Chen"], etAl: false });
  });

  it("accepts initials, even in lower case", () => {
    expect(splitAuthorLine("Yi-Yi Kong, Longcheng f. Ren et al.")?.names).toEqual([
      "Yi-Yi Kong",
      "Longcheng f. Ren",
    ]);
  });

  it("turns away sentences", () => {
    expect(splitAuthorLine("Large language models are regarded as potential sparks.")).toBeUndefined();
    expect(
      splitAuthorLine("Memory has emerged, and will continue to remain, a core capability."),
    ).toBeUndefined();
    expect(splitAuthorLine("")).toBeUndefined();
  });
});

describe("rankSpellings", () => {
  it("puts the most frequent first, then the richer spelling on a tie", () => {
    expect(
      rankSpellings(
        new Map([
          ["Wenxiang Chen", 5],
          ["Wen-Xiang Chen", 1],
        ]),
      ),
    ).toEqual(["Wenxiang Chen", "Wen-Xiang Chen"]);
    expect(
      rankSpellings(
        new Map([
          ["Maria Lopez", 1],
          ["María López", 1],
        ]),
      ),
    ).toEqual(["María López", "Maria Lopez"]);
  });
});
