import { z } from "zod";

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

/** The one way a store reads its rows: zod over the fields in camelCase, a NULL column as an absent field. */
export const rowSchema = <Shape extends z.ZodRawShape>(shape: Shape) =>
  z.preprocess(fieldsOf, z.object(shape));

export const flagColumn = z.union([z.literal(0), z.literal(1)]).transform((value) => value === 1);

export const jsonColumn = <T extends z.ZodType>(schema: T) =>
  z
    .string()
    .transform((text): unknown => JSON.parse(text))
    .pipe(schema);
