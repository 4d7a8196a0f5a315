import type { AuthorshipRow } from "./store-read.js";

/**
 * Who wrote what, gathered before it is written in key order (inserted as they come, the rows land all over the
 * table: 1.3 s at 100,000 papers). A name on the author line keeps its first place; an owner not on it has none.
 */
export function authorshipRows() {
  const byPerson = new Map<string, Map<number, AuthorshipRow>>();
  const rowOf = (person: string, paper: number, position: number | null): AuthorshipRow => {
    let papers = byPerson.get(person);
    if (papers === undefined) {
      papers = new Map();
      byPerson.set(person, papers);
    }
    let row = papers.get(paper);
    if (row === undefined) {
      row = { person, paper, position, owner: false };
      papers.set(paper, row);
    }
    return row;
  };
  return {
    add(authorKeys: readonly string[], ownerKeys: readonly string[], paper: number) {
      for (const [position, key] of authorKeys.entries()) rowOf(key, paper, position);
      for (const key of ownerKeys) rowOf(key, paper, null).owner = true;
    },
    *rows(): Generator<AuthorshipRow> {
      for (const person of [...byPerson.keys()].sort()) yield* byPerson.get(person)?.values() ?? [];
    },
  };
}
