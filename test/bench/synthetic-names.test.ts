import { describe, expect, it } from "vitest";
import { foldedName, syntheticPeople } from "../../bench/synthetic/names.js";
import { createRandom } from "../../bench/synthetic/random.js";
import { buildCorpus } from "../../src/corpus/build.js";
import { isPersonName, personKey } from "../../src/corpus/names.js";

describe("syntheticPeople", () => {
  // enough people to use up the plain name combinations, so middle initials appear too
  const people = syntheticPeople(60_000, createRandom("names"));

  it("writes every name and variant as capitalised name words the loader accepts", () => {
    const bad = people
      .flatMap((person) => [person.name, ...person.variants])
      .filter((name) => !isPersonName(name) || !name.split(" ").every((word) => /^\p{Lu}/u.test(word)));
    expect(bad).toEqual([]);
    expect(people.some((person) => /\p{Lu}\. /u.test(person.name))).toBe(true);
  });

  it("keeps author lines with middle initials readable to the corpus parser", () => {
    const initialled = people.filter((person) => /\p{Lu}\. /u.test(person.name));
    const lines = initialled.flatMap((person) => [person.name, ...person.variants]);
    const entries = lines.map(
      (name, i) =>
        `Ana Silva, Jan Novák, ${name} et al.\n\nWe study problem number ${i} of many in depth and report results on it.`,
    );
    const text = `Ana Silva\n\n${entries.join("\n\n")}\n`;
    const corpus = buildCorpus([{ name: "ana.txt", bytes: new TextEncoder().encode(text) }]);
    expect(corpus.problems).toEqual([]);
    expect(corpus.papers).toHaveLength(lines.length);
  });

  it("gives distinct people distinct keys, and a person's variants the same key", () => {
    expect(new Set(people.map((person) => personKey(person.name))).size).toBe(people.length);
    const strays = people.filter(
      (person) =>
        foldedName(person.name) !== personKey(person.name) ||
        person.variants.some((variant) => personKey(variant) !== personKey(person.name)),
    );
    expect(strays).toEqual([]);
  });
});
