import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, PGLITE_LOCK_FILE } from './db/client';
import { sessions, tempPasswords, users } from './db/schema';
import { verifySecret } from './platform/passwords';
import { runCli } from './test/cli';

let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-cli-'));
});
afterAll(async () => rm(dataDir, { recursive: true, force: true }));

const cli = (...args: string[]) => runCli(dataDir, args);

/** Reads the CLI's database directly, then lets go of it for the next command. */
async function readUsers() {
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    const rows = await database.db.select().from(users);
    const sessionRows = await database.db.select().from(sessions);
    return { rows, byName: Object.fromEntries(rows.map((r) => [r.username, r])), sessions: sessionRows };
  } finally {
    await database.close();
  }
}

describe('npm run cli', { timeout: 90_000 }, () => {
  it('prints help', async () => {
    const res = await cli('help');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('create-admin');
    expect(res.stdout).toContain('seed-demo');
    expect(res.stdout).toContain('reset-password');
  });

  it('rejects invalid options with the schema messages, creating nothing', async () => {
    const res = await cli(
      'create-admin',
      '--username',
      'a!',
      '--email',
      'not-an-email',
      '--password',
      'short',
      '--name',
      'X',
    );
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      '--username: Username may contain only letters, numbers, dots, dashes and underscores',
    );
    expect(res.stderr).toContain('--email: Please enter a valid email address');
    expect(res.stderr).toContain('--password: Password must be at least 8 characters long');

    const unknown = await cli('create-admin', '--user', 'x');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown option '--user'");

    const incomplete = await cli('create-admin', '--username', 'newsifu', '--password', 'long-enough-1');
    expect(incomplete.code).toBe(1);
    expect(incomplete.stderr).toContain('To create a new administrator also give --email, --name');

    expect((await cli('frobnicate')).stderr).toContain('Unknown command "frobnicate"');
  });

  it('creates a new administrator', async () => {
    const res = await cli(
      'create-admin',
      '--username',
      'sifu_lin',
      '--email',
      'Lin@Example.org',
      '--password',
      'plum-blossom-8',
      '--name',
      'Lin Wei',
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Created administrator "sifu_lin" (lin@example.org)');
    const { byName } = await readUsers();
    expect(byName.sifu_lin).toMatchObject({
      is_admin: true,
      is_active: true,
      name: 'Lin Wei',
      email: 'lin@example.org',
    });
    expect(await verifySecret(byName.sifu_lin!.password_hash, 'plum-blossom-8')).toBe(true);
  });

  it('seeds the demo only on a database without users', async () => {
    const res = await cli('seed-demo');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('The database already has users');
  });

  it('promotes an existing user by e-mail, reactivating them and setting the password', async () => {
    const database = await openPglite(path.join(dataDir, 'db'));
    const [student] = await database.db
      .insert(users)
      .values({
        name: 'Mei Chen',
        email: 'mei@example.org',
        username: 'mei',
        password_hash: 'x',
        is_active: false,
      })
      .returning();
    await database.db
      .insert(sessions)
      .values({ user_id: student!.id, token_hash: 'h', expires_at: new Date(Date.now() + 3_600_000) });
    await database.close();

    const res = await cli('create-admin', '--email', 'MEI@example.org', '--password', 'single-whip-88');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(
      'User "mei" (mei@example.org) is now an administrator, has been reactivated, has a new password',
    );
    const { byName, sessions: left } = await readUsers();
    expect(byName.mei).toMatchObject({ is_admin: true, is_active: true });
    expect(await verifySecret(byName.mei!.password_hash, 'single-whip-88')).toBe(true);
    expect(left.filter((s) => s.user_id === student!.id)).toEqual([]);

    const conflict = await cli('create-admin', '--username', 'mei', '--email', 'lin@example.org');
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toContain('belong to two different accounts');
  });

  it('gives a user a temporary password and signs them out everywhere', async () => {
    const database = await openPglite(path.join(dataDir, 'db'));
    const [mei] = await database.db.select().from(users).where(eq(users.username, 'mei'));
    await database.db.insert(sessions).values({
      user_id: mei!.id,
      token_hash: 'held-by-a-thief',
      expires_at: new Date(Date.now() + 3_600_000),
    });
    await database.close();

    const started = Date.now();
    const res = await cli('reset-password', '--username', 'MEI');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const tempPassword = /Temporary password for "mei" \(mei@example\.org\): (\S+)/.exec(res.stdout)?.[1];
    expect(tempPassword).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(res.stdout).toContain("All of the user's sessions were signed out.");

    const check = await openPglite(path.join(dataDir, 'db'));
    try {
      const issued = await check.db.select().from(tempPasswords).where(eq(tempPasswords.user_id, mei!.id));
      const live = issued.filter((row) => row.used_at === null);
      expect(live).toHaveLength(1);
      expect(await verifySecret(live[0]!.password_hash, tempPassword!)).toBe(true);
      const lifetime = live[0]!.expires_at.getTime() - started;
      expect(lifetime).toBeGreaterThan(29 * 60_000);
      expect(lifetime).toBeLessThanOrEqual(31 * 60_000);
      expect(await check.db.select().from(sessions).where(eq(sessions.user_id, mei!.id))).toEqual([]);
    } finally {
      await check.close();
    }

    const unknown = await cli('reset-password', '--username', 'nobody');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No user has the username or e-mail "nobody"');
    const missing = await cli('reset-password');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Give --username');
  });

  it('refuses, with a clear message, a database another process holds', async () => {
    const held = await openPglite(path.join(dataDir, 'db'));
    try {
      const res = await cli('create-admin', '--username', 'mei');
      expect(res.code).toBe(1);
      expect(res.stderr).toContain(`is in use by another Kwoon process (PID ${process.pid})`);
      const reset = await cli('reset-password', '--username', 'mei');
      expect(reset.code).toBe(1);
      expect(reset.stderr).toContain(`is in use by another Kwoon process (PID ${process.pid})`);
    } finally {
      await held.close();
    }
  });

  it('takes over a lock left by a process that died', async () => {
    const dead = spawnSync(process.execPath, ['-e', 'process.pid']).pid;
    await writeFile(path.join(dataDir, 'db', PGLITE_LOCK_FILE), `${dead}\n`);
    const res = await cli('create-admin', '--username', 'mei');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('was already an administrator');
  });
});
