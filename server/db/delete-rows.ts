import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client';

/** Deletes the rows of `table` that `where` picks, answering whether there was any. */
export async function deleteRows(
  db: Db,
  table: PgTable & { id: PgColumn },
  where: SQL | undefined,
): Promise<boolean> {
  const rows = await db.delete(table).where(where).returning({ id: table.id });
  return rows.length > 0;
}
