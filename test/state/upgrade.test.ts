import { describe, expect, it } from "vitest";
import { schemaSteps } from "../../src/state/schema.js";
import { freshStates, storeKinds, type TestState } from "../helpers/stores.js";

/**
 * A state file or database as an earlier Paperbot left it at schema version `version` (the tables of every later
 * step stay: these steps change rows, not tables): its migration bookkeeping is set back, so the next open runs
 * the later steps over whatever rows the test writes meanwhile.
 */
async function asOfVersion(state: TestState, version: number): Promise<void> {
  await (await state.open()).close();
  const later = `${String(version + 1).padStart(4, "0")}`;
  if (state.kind === "sqlite") await state.sql(`PRAGMA user_version = ${version}`);
  else await state.sql(`DELETE FROM schema_migrations WHERE version > ${version}`);
  await state.sql(`DELETE FROM kysely_migration WHERE name >= '${later}'`);
}

const at = Date.parse("2026-01-02T08:00:00Z");
const items = JSON.stringify({
  follows: [{ kind: "topic", target: "reward models", label: "reward models" }],
  papers: [{ id: "p1", matched: [0] }],
});

describe.each(storeKinds)("a %s state from before the one once-only delivery", (kind) => {
  const freshState = freshStates(kind);

  it("keeps a follow digest that was being sent, to be looked for in the DM before it is sent again", async () => {
    const state = await freshState();
    const version = schemaSteps.indexOf("follow digests delivered by the answers' once-only delivery alone");
    await asOfVersion(state, version);
    await state.sql(
      `INSERT INTO follow_digests (id, user_id, change_id, day, created_at, not_before, state, attempts, items, cap_reached)
       VALUES ('d1', 'U1', 1, '2026-01-02', ${at}, ${at}, 'sending', 1, '${items}', 0),
              ('d2', 'U2', 1, '2026-01-02', ${at}, ${at}, 'sent', 1, '${items}', 0)`,
    );
    await state.sql(
      `INSERT INTO deliveries (key, done, holder, lease_until, updated_at) VALUES ('digest:d1', 0, 'old', ${at + 60_000}, ${at})`,
    );
    const store = await state.open();
    const due = await store.announcements.due(at + 1000, 10);
    expect(due.map((d) => [d.id, d.state, d.attempts])).toEqual([["d1", "pending", 1]]);
    expect(await state.sql("SELECT key FROM deliveries WHERE key LIKE 'digest:%'")).toEqual([]);
    expect(await store.deliveries.claim("follow-digest:d1", 1000)).toBe("mine");
  });

  it("keeps a daily post chosen but not yet posted, under its claim's lease, and never repeats one being posted", async () => {
    const state = await freshState();
    await asOfVersion(state, schemaSteps.indexOf("daily posts delivered by the once-only delivery"));
    await state.sql(
      `INSERT INTO daily_posts (channel_id, local_date, paper_id, round, state, claimed_at)
       VALUES ('C1', '2026-01-02', 'p1', 1, 'claimed', ${at}), ('C2', '2026-01-02', 'p2', 1, 'posting', ${at})`,
    );
    await state.sql(
      `INSERT INTO deliveries (key, done, holder, lease_until, updated_at)
       VALUES ('daily:C1:2026-01-02', 0, 'old', ${at + 60_000}, ${at}), ('daily:C2:2026-01-02', 0, 'old', ${at + 60_000}, ${at})`,
    );
    const store = await state.open({ now: () => at + 1000 });
    expect(await store.dailyPosts.get("C2", "2026-01-02")).toMatchObject({ state: "unknown" });
    const chosen = await store.dailyPosts.choose({
      channelId: "C1",
      localDate: "2026-01-02",
      at: at + 1000,
      proposedSeed: 1,
      draw: () => ({ paperId: "p9", round: 1 }),
      present: () => true,
    });
    expect(chosen).toMatchObject({ fresh: false, post: { paperId: "p1", state: "claimed" } });
    expect(await store.deliveries.claim("daily:C1:2026-01-02", 1000)).toBe("busy");
  });
});
