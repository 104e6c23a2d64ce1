import { eq } from 'drizzle-orm';
import { termsAcceptances, termsVersions } from '../../../db/schema';
import type { TestApp } from '../../../test/app';

/* The terms of service in force, and a user's acceptance of them. */

/** The version of the terms of service in force. */
export async function currentTermsVersion(t: TestApp): Promise<string> {
  const [row] = await t.database.db
    .select({ version: termsVersions.version })
    .from(termsVersions)
    .where(eq(termsVersions.is_current, true));
  return row!.version;
}

/** The user's acceptance of the current terms. */
export async function acceptTerms(t: TestApp, userId: string) {
  const [row] = await t.database.db
    .insert(termsAcceptances)
    .values({ user_id: userId, version: await currentTermsVersion(t), accepted_at: t.clock.now() })
    .returning();
  return row!;
}
