import { describe, expect, it } from "vitest";
import { abstractKey, assignPaperIds, fullPaperId, PAPER_ID_ALPHABET } from "../../src/corpus/paper-id.js";

describe("abstractKey", () => {
  it("ignores whitespace, case and Unicode form", () => {
    expect(abstractKey("  We  propose\tFOO,\na café.")).toBe(abstractKey("we propose foo, a cafe\u0301."));
  });
});

describe("assignPaperIds", () => {
  const keys = Array.from({ length: 200 }, (_, i) => `abstract number ${i}`);

  it("gives short lowercase ids in a typing-safe alphabet", () => {
    const ids = assignPaperIds(keys);
    for (const id of ids.values()) {
      expect(id).toMatch(/^[a-km-np-z2-9]{7}$/);
    }
    expect(PAPER_ID_ALPHABET).not.toMatch(/[01lo]/);
    expect(new Set(ids.values()).size).toBe(keys.length);
  });

  it("does not depend on the order of the keys", () => {
    const forward = assignPaperIds(keys);
    const backward = assignPaperIds([...keys].reverse());
    for (const key of keys) expect(backward.get(key)).toBe(forward.get(key));
  });

  it("resolves collisions deterministically with longer unique ids", () => {
    // With one-symbol ids, 200 keys must collide in the 32 buckets.
    const forward = assignPaperIds(keys, 1);
    const shuffled = assignPaperIds([...keys.slice(100), ...keys.slice(0, 100)].reverse(), 1);
    const ids = [...forward.values()];

    expect(new Set(ids).size).toBe(keys.length);
    for (const key of keys) {
      expect(shuffled.get(key)).toBe(forward.get(key));
      expect(fullPaperId(key).startsWith(forward.get(key) ?? "?")).toBe(true);
    }
    expect(ids.filter((id) => id.length === 1).length).toBe(new Set(ids.map((id) => id[0])).size);
  });
});
