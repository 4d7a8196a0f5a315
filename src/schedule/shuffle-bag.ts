import type { Drawn, ShuffleBag } from "../state/daily-posts.js";

/** A 32-bit hash of the seed, round and id (FNV-1a, then murmur3's finaliser to spread the bits). */
function rank(seed: number, round: number, id: string): number {
  let h = 2166136261 ^ (seed >>> 0);
  const text = `${round}:${id}`;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Every paper once before any repeats, each round a fixed order by the seed, so a preview knows the next. */
export function drawFromBag(corpusIds: readonly string[], bag: ShuffleBag): Drawn | undefined {
  const ids = [...new Set(corpusIds)];
  if (ids.length === 0) return undefined;
  const left = ids.filter((id) => !bag.paperIds.has(id));
  const pool = left.length > 0 ? left : ids;
  const round = left.length > 0 && bag.round > 0 ? bag.round : bag.round + 1;
  let best: string | undefined;
  let bestRank = Number.POSITIVE_INFINITY;
  for (const id of pool) {
    const r = rank(bag.seed, round, id);
    if (r < bestRank || (r === bestRank && best !== undefined && id < best)) {
      best = id;
      bestRank = r;
    }
  }
  return best === undefined ? undefined : { paperId: best, round };
}

export function bagSeedOf(random: () => number): number {
  return Math.floor(random() * 2 ** 32) >>> 0;
}
