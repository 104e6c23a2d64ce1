import { eq } from 'drizzle-orm';
import type { ParsedSchoolSettings } from '../../../common/school';
import type { Db } from '../../db/client';
import { schoolSettings } from '../../db/schema';

export type SchoolRow = typeof schoolSettings.$inferSelect;

const toColumns = (input: ParsedSchoolSettings, at: Date) => {
  const { address, ...rest } = input;
  return { ...rest, ...address, updated_at: at };
};

export function createSchoolRepo(db: Db) {
  return {
    async get(): Promise<SchoolRow | undefined> {
      const [row] = await db.select().from(schoolSettings).where(eq(schoolSettings.id, true)).limit(1);
      return row;
    },

    /** Writes the one row, creating it if it is missing; concurrent saves each replace it whole. */
    async save(input: ParsedSchoolSettings, at: Date): Promise<SchoolRow> {
      const values = toColumns(input, at);
      const [row] = await db
        .insert(schoolSettings)
        .values({ id: true, ...values })
        .onConflictDoUpdate({ target: schoolSettings.id, set: values })
        .returning();
      return row!;
    },
  };
}
