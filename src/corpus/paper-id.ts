import { hash } from "node:crypto";

/** Whitespace other than a plain space (a plain class: far faster to scan than [^\S ]). */
const ODD_SPACE = /[\t\n\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/;

/** 32 symbols without the look-alikes 0/o and 1/l, so an id read off a screen types back correctly. */
export const PAPER_ID_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789";
export const PAPER_ID_LENGTH = 7;

/** The text a paper is recognised by: Unicode compatibility form, lower case, whitespace folded. */
export function abstractKey(abstract: string): string {
  const folded = /[^\x20-\x7e]/.test(abstract) ? abstract.normalize("NFKC") : abstract;
  const key = folded.toLowerCase();
  return key.includes("  ") || ODD_SPACE.test(key) ? key.replace(/\s+/g, " ").trim() : key.trim();
}

/** `abstractKey` of a whitespace-folded abstract as a SHA-256: merging holds no second copy of each text. */
export function abstractFingerprint(cleanAbstract: string): string {
  const folded = /[^\x20-\x7e]/.test(cleanAbstract)
    ? abstractKey(cleanAbstract)
    : cleanAbstract.toLowerCase();
  return hash("sha256", folded, "base64");
}

function encoded(digest: Uint8Array, symbols: number): string {
  let out = "";
  let buffer = 0;
  let bits = 0;
  for (const byte of digest) {
    buffer = ((buffer << 8) | byte) & 0xffff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += PAPER_ID_ALPHABET[(buffer >> bits) & 31];
      if (out.length === symbols) return out;
    }
  }
  return out;
}

function digestOf(key: string): Buffer {
  return hash("sha256", key, "buffer");
}

/** The full-length id of a key: its SHA-256 in the id alphabet (51 symbols); short ids are its prefixes. */
export function fullPaperId(key: string): string {
  return encoded(digestOf(key), 51);
}

/** Short ids whatever the keys' order: of colliding keys the first by full id keeps it, the others grow. */
export function assignPaperIds(keys: Iterable<string>, length = PAPER_ID_LENGTH): Map<string, string> {
  const digests = new Map<string, Buffer>();
  for (const key of keys) if (!digests.has(key)) digests.set(key, digestOf(key));
  const ids = new Map<string, string>();
  const groups = new Map<string, string[]>();
  for (const [key, digest] of digests) {
    const short = encoded(digest, length);
    ids.set(key, short);
    const group = groups.get(short);
    if (group === undefined) groups.set(short, [key]);
    else group.push(key);
  }
  const taken = new Set<string>(groups.keys());
  for (const group of groups.values()) {
    if (group.length === 1) continue;
    const ranked = group
      .map((key) => ({ key, id: encoded(digests.get(key) ?? Buffer.alloc(0), 51) }))
      .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.key < b.key ? -1 : 1));
    for (const { key, id } of ranked.slice(1)) {
      let size = length + 1;
      while (size < id.length && taken.has(id.slice(0, size))) size += 1;
      const chosen = id.slice(0, size);
      taken.add(chosen);
      ids.set(key, chosen);
    }
  }
  return ids;
}
