/**
 * Draws from a shuffle-bag: every available paper once before any repeats. Papers added to the corpus
 * mid-round are simply not yet drawn, so they join the round; drawn ids no longer in the corpus are ignored.
 */
export function drawFromBag(
  corpusIds: readonly string[],
  round: { round: number; paperIds: ReadonlySet<string> },
  random: () => number,
): { paperId: string; round: number } | undefined {
  const ids = [...new Set(corpusIds)].sort();
  if (ids.length === 0) return undefined;
  const left = ids.filter((id) => !round.paperIds.has(id));
  const pool = left.length > 0 ? left : ids;
  const roundNumber = left.length > 0 && round.round > 0 ? round.round : round.round + 1;
  const pick = pool[Math.min(pool.length - 1, Math.floor(random() * pool.length))];
  return pick === undefined ? undefined : { paperId: pick, round: roundNumber };
}
