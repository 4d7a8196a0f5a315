import { describe, expect, it } from "vitest";
import { corpusFingerprint, fileDigestOf } from "../../src/corpus/fingerprint.js";

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);
const ADA = { name: "ada.txt", bytes: bytes("Ada Lovelace\n\nAda Lovelace\n\nWe study engines.\n") };
const ALAN = { name: "alan.txt", bytes: bytes("Alan Turing\n\nAlan Turing\n\nWe study machines.\n") };

describe("corpusFingerprint", () => {
  it("is the same for the same files in any order", () => {
    expect(corpusFingerprint([ADA, ALAN], "v1")).toBe(corpusFingerprint([ALAN, ADA], "v1"));
    expect(corpusFingerprint([ADA, ALAN], "v1")).toMatch(/^[0-9a-f]{64}$/);
  });

  it("changes when one byte of a file changes", () => {
    const edited = { ...ALAN, bytes: bytes("Alan Turing\n\nAlan Turing\n\nWe study machinez.\n") };
    expect(corpusFingerprint([ADA, edited], "v1")).not.toBe(corpusFingerprint([ADA, ALAN], "v1"));
  });

  it("changes when a file is renamed, added or removed", () => {
    const base = corpusFingerprint([ADA, ALAN], "v1");
    expect(corpusFingerprint([ADA, { ...ALAN, name: "turing.txt" }], "v1")).not.toBe(base);
    expect(corpusFingerprint([ADA], "v1")).not.toBe(base);
    expect(corpusFingerprint([ADA, ALAN, { name: "empty.txt", bytes: new Uint8Array() }], "v1")).not.toBe(
      base,
    );
  });

  it("does not confuse where one file's name ends and its bytes begin", () => {
    const a = { name: "a.txt", bytes: bytes("bc") };
    const b = { name: "a.txtb", bytes: bytes("c") };
    expect(corpusFingerprint([a], "v1")).not.toBe(corpusFingerprint([b], "v1"));
  });

  it("changes with the index options version", () => {
    expect(corpusFingerprint([ADA, ALAN], "v1")).not.toBe(corpusFingerprint([ADA, ALAN], "v2"));
  });

  it("is the same from the files' digests as from their bytes, so a restart need not keep the bytes", () => {
    const digests = [fileDigestOf(ALAN.name, ALAN.bytes), fileDigestOf(ADA.name, ADA.bytes)];
    expect(corpusFingerprint(digests, "v1")).toBe(corpusFingerprint([ADA, ALAN], "v1"));
    const edited = fileDigestOf(ALAN.name, bytes("Alan Turing\n\nAlan Turing\n\nWe study machinez.\n"));
    expect(
      corpusFingerprint(
        [digests[1], edited].filter((d) => d !== undefined),
        "v1",
      ),
    ).not.toBe(corpusFingerprint([ADA, ALAN], "v1"));
  });
});
