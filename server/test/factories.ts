import { randomUUID } from 'node:crypto';
import { users } from '../db/schema';
import { hashSecret } from '../platform/passwords';
import { createSessionStore } from '../platform/auth';
import type { Config } from '../config';
import { createTestApp, type TestApp } from './app';

export const DEFAULT_PASSWORD = 'correct-horse-42';
let defaultHash: Promise<string> | undefined;

export interface UserFactoryInput {
  name?: string;
  email?: string;
  username?: string;
  password?: string;
  is_admin?: boolean;
  is_active?: boolean;
  city?: string;
  country?: string;
  martial_art?: string;
  belt?: string | null;
  experience?: number;
  privacy?: (typeof users.$inferInsert)['privacy'];
  allow_messages?: boolean;
  /** The first step of a deletion taken: an administrator may delete the account. */
  deletion_requested?: boolean;
  /** When the address was confirmed: now unless given; null for an account that has not confirmed it. */
  email_verified_at?: Date | null;
  /** Opens the session as a temporary-password sign-in does. */
  requiresPasswordChange?: boolean;
}

/** Inserts a user and opens a session for it; returns the row, its password and a bearer token. */
export async function createUser(t: TestApp, input: UserFactoryInput = {}) {
  const suffix = randomUUID().slice(0, 8);
  const password = input.password ?? DEFAULT_PASSWORD;
  const password_hash =
    password === DEFAULT_PASSWORD
      ? await (defaultHash ??= hashSecret(DEFAULT_PASSWORD))
      : await hashSecret(password);
  const { password: _omit, requiresPasswordChange, ...fields } = input;
  const [user] = await t.database.db
    .insert(users)
    .values({
      name: `Student ${suffix}`,
      email: `student-${suffix}@example.org`,
      username: `student_${suffix}`,
      city: 'Oakland',
      country: 'United States',
      martial_art: 'Taijiquan',
      // An established account, its address confirmed; pass email_verified_at: null for a newcomer's.
      email_verified_at: t.clock.now(),
      ...fields,
      password_hash,
    })
    .returning();
  const token = await createSessionStore(t.database.db, t.clock).create(user!.id, { requiresPasswordChange });
  return { user: user!, password, token, auth: { authorization: `Bearer ${token}` } };
}

export const createAdmin = (t: TestApp, input: UserFactoryInput = {}) =>
  createUser(t, { is_admin: true, ...input });

/**
 * The real app with an administrator and a student signed in, what most API test files start
 * from; `call` is made as the administrator unless a call names other headers.
 */
export async function createTestAppWithMembers(overrides: Partial<Config> = {}) {
  const t = await createTestApp(overrides);
  const admin = (await createAdmin(t)).auth;
  const student = (await createUser(t)).auth;
  return { t, admin, student, call: t.as(admin) };
}
