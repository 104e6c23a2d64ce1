import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localStorage } from '../../platform/storage';
import { createTestApp, type TestApp } from '../../test/app';
import { verifySecret } from '../../platform/passwords';
import { termsAcceptances, users } from '../schema';
import { DEMO_ACCOUNTS, DEMO_ADMIN_PASSWORD, DEMO_STUDENT_PASSWORD } from './demo-accounts';
import { seedDemo } from '.';

// Seeding fills the whole database, so every test starts from an empty one.
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => t.close());

describe('seedDemo', () => {
  it('creates the demo accounts once and reports their passwords', async () => {
    const lines: string[] = [];
    const log = { info: (message: string) => lines.push(message) };
    expect(await seedDemo(t.database.db, localStorage(t.mediaDir), log, t.clock.now())).toBe(true);

    const rows = await t.database.db.select().from(users);
    expect(rows.map((r) => r.username).sort()).toEqual(['admin', 'daniel', 'mei']);
    const byName = Object.fromEntries(rows.map((r) => [r.username, r]));
    expect(byName.admin).toMatchObject({
      is_admin: true,
      name: 'Sifu Admin',
      email: 'admin@kwoon.local',
      belt: null,
    });
    expect(byName.mei).toMatchObject({
      is_admin: false,
      name: 'Mei Chen',
      city: 'Oakland',
      martial_art: 'Taijiquan',
      belt: 'Blue Sash',
    });
    expect(byName.daniel).toMatchObject({
      name: 'Daniel Okafor',
      city: 'Berkeley',
      martial_art: 'Xingyiquan',
      belt: 'White Sash',
    });
    expect(await verifySecret(byName.admin!.password_hash, DEMO_ADMIN_PASSWORD)).toBe(true);
    expect(await verifySecret(byName.mei!.password_hash, DEMO_STUDENT_PASSWORD)).toBe(true);

    for (const account of DEMO_ACCOUNTS) {
      expect(
        lines.some((l) => l.includes(`"${account.username}"`) && l.includes(`"${account.password}"`)),
      ).toBe(true);
    }

    // A second start finds users and changes nothing.
    const again: string[] = [];
    expect(await seedDemo(t.database.db, localStorage(t.mediaDir), { info: (m) => again.push(m) })).toBe(
      false,
    );
    expect(again).toEqual([]);
    expect(await t.database.db.select().from(users)).toHaveLength(3);
  });

  it('has the admin accept the terms while the students still meet the modal', async () => {
    expect(await seedDemo(t.database.db, localStorage(t.mediaDir), { info: () => {} }, t.clock.now())).toBe(
      true,
    );
    const [admin] = await t.database.db.select().from(users).where(eq(users.username, 'admin'));
    const acceptances = await t.database.db.select().from(termsAcceptances);
    expect(acceptances).toEqual([
      expect.objectContaining({ user_id: admin!.id, version: '1.0', revoked_at: null }),
    ]);

    for (const [username, password, requires] of [
      ['admin', DEMO_ADMIN_PASSWORD, false],
      ['mei', DEMO_STUDENT_PASSWORD, true],
    ] as const) {
      const login = await t.call('POST', '/api/user/authenticate', { username, password });
      expect(login.statusCode).toBe(200);
      const { token, user } = login.json();
      const status = await t.call('GET', `/api/user/${user.id}/terms-status`, undefined, {
        authorization: `Bearer ${token}`,
      });
      expect(status.json().requiresAcceptance).toBe(requires);
    }
  });
});
