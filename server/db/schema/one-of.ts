import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The CHECK that stands in for a PostgreSQL enum: a new value is a constraint swap in an ordinary
 * migration, whereas a value added by ALTER TYPE … ADD VALUE cannot be used in the migrator's
 * transaction that adds it, and never removed. The values are our own constants, inlined so
 * drizzle-kit writes them into the migration.
 */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  const literals = values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ');
  return sql`${column} in (${sql.raw(literals)})`;
}

/** A zod enum's values as the non-empty tuple `text(…, { enum })` wants, so the column type stays narrow. */
export const valuesOf = <T extends string>(schema: { options: readonly T[] }) =>
  schema.options as unknown as readonly [T, ...T[]];
