import type { Insertable } from "kysely";
import { z } from "zod";
import { markLeaseDone, renewLease } from "./once.js";
import type { StateDb, StateTables } from "./schema.js";

const fieldOf = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** A row's columns as camelCase fields (user_id → userId), its NULL columns left out. */
function fieldsOf(row: unknown): unknown {
  if (typeof row !== "object" || row === null) return row;
  return Object.fromEntries(
    Object.entries(row)
      .filter(([, value]) => value !== null)
      .map(([column, value]) => [fieldOf(column), value]),
  );
}

/**
 * The one way a store reads its rows: a zod schema over the row's fields in camelCase, where a NULL column
 * reads as an absent (optional) field.
 */
export const rowSchema = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.preprocess(fieldsOf, z.object(shape));

/** A 0/1 column as a boolean. */
export const flagColumn = z.union([z.literal(0), z.literal(1)]).transform((value) => value === 1);

/** A JSON text column, read through `schema`. */
export const jsonColumn = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text): unknown => JSON.parse(text))
    .pipe(schema);

const countSchema = z.object({ n: z.coerce.number().int() });

/** The tables of rows that each belong to one person (user_id): follows, reading lists. */
type PersonTable = "follows" | "saved_papers";
type PersonColumn = keyof StateTables["follows"] | keyof StateTables["saved_papers"];

/** Adds a person's row unless one with the same key is there; true when it was added. */
export async function addPersonRow(
  db: StateDb,
  table: PersonTable,
  row: Insertable<StateTables["follows"]> | Insertable<StateTables["saved_papers"]>,
  key: readonly PersonColumn[],
): Promise<boolean> {
  const result = await db
    .insertInto(table)
    .values(row)
    .onConflict((c) => c.columns(key).doNothing())
    .executeTakeFirst();
  return result.numInsertedOrUpdatedRows === 1n;
}

/** Removes the person's row whose other key columns hold `key`; true when there was one. */
export async function removePersonRow(
  db: StateDb,
  table: PersonTable,
  userId: string,
  key: Partial<Record<PersonColumn, string>>,
): Promise<boolean> {
  let query = db.deleteFrom(table).where("user_id", "=", userId);
  for (const [column, value] of Object.entries(key)) query = query.where(db.dynamic.ref(column), "=", value);
  return (await query.executeTakeFirst()).numDeletedRows === 1n;
}

/** One person's rows in `order`. */
export async function personRows(
  db: StateDb,
  table: PersonTable,
  userId: string,
  order: readonly (readonly [PersonColumn, "asc" | "desc"])[],
): Promise<unknown[]> {
  let query = db.selectFrom(table).selectAll().where("user_id", "=", userId);
  for (const [column, direction] of order) query = query.orderBy(db.dynamic.ref(column), direction);
  return query.execute();
}

/** How many rows the person has. */
export async function countPersonRows(db: StateDb, table: PersonTable, userId: string): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((e) => e.fn.countAll().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return countSchema.parse(row).n;
}

export interface LeasedStep {
  /** The row's state now (undefined: no row), and the state the step applies to. */
  current: string | undefined;
  expected: string;
  /** The row's key in the once-only ledger, and the token that must still hold it. */
  leaseKey: string;
  token: string;
  next: { token: string; leaseUntil: number };
  /** The step ends the protocol: every later claim of the key is "done". */
  final: boolean;
  at: number;
}

/**
 * A step of a lease holder over a row of its own table (a daily post, a follow digest): `write` runs only
 * while the row is in the expected state and the lease is still the holder's; true when it did.
 */
export async function leasedStep(
  tx: StateDb,
  step: LeasedStep,
  write: () => Promise<unknown>,
): Promise<boolean> {
  if (step.current !== step.expected) return false;
  const next = { token: step.next.token, leaseUntil: step.next.leaseUntil, at: step.at };
  if (!(await renewLease(tx, step.leaseKey, step.token, next))) return false;
  await write();
  if (step.final) await markLeaseDone(tx, step.leaseKey, step.at);
  return true;
}
