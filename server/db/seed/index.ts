import { count, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { users } from '../schema';
import { createAccountWriter } from './accounts';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts';

/** Where the seed reports what it made; the server passes its logger, the CLI the console. */
export interface SeedLog {
  info(message: string): void;
}

/** Arbitrary constant: instances starting together seed one at a time. */
const SEED_LOCK_KEY = 727_211_002;

/**
 * Creates the demo content once, on a database without users: an admin who has accepted the
 * terms and two students who have not (so they meet the terms modal on first sign-in).
 * Returns whether anything was created.
 */
export async function seedDemo(db: Db, log: SeedLog, now = new Date()): Promise<boolean> {
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return [];
    const accounts = createAccountWriter(tx);
    for (const account of DEMO_ACCOUNTS) {
      const { accepted_terms, ...fields } = account;
      const row = await accounts.create(fields, now);
      if (accepted_terms) await accounts.acceptCurrentTerms(row.id, now);
    }
    return DEMO_ACCOUNTS;
  });
  if (created.length === 0) return false;
  // One line each, so the accounts read well in JSON logs too.
  log.info(
    'Demo content created. Sign in at /app/login with these accounts (change or remove them before going live):',
  );
  for (const account of created) log.info(describeAccount(account));
  return true;
}

function describeAccount(a: DemoAccount): string {
  const role = a.is_admin ? 'administrator' : 'student';
  return `Demo account: username "${a.username}", password "${a.password}" (${role}, ${a.name})`;
}
