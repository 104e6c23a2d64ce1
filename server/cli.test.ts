import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { PASSWORD_COMMON_MESSAGE, PASSWORD_PERSONAL_MESSAGE } from '../common/users';
import { openPostgres } from './db/client';
import { EMBEDDED_CLUSTER_DIR, startEmbeddedPostgres } from './db/embedded-postgres';
import { sessions, tempPasswords, users } from './db/schema';
import { verifySecret } from './platform/passwords';
import { cliWorld, runCli, type CliWorld } from './test/cli';

/* Every test runs the CLI on a database of its own, a copy of the migrated template. */
const worlds: CliWorld[] = [];
afterEach(async () => {
  for (const world of worlds.splice(0)) await world.close();
});
async function world() {
  const w = await cliWorld();
  worlds.push(w);
  return w;
}

/** Reads the CLI's database directly, then lets go of it for the next command. */
async function readUsers(w: CliWorld) {
  const database = await w.open();
  try {
    const rows = await database.db.select().from(users);
    const sessionRows = await database.db.select().from(sessions);
    return { rows, byName: Object.fromEntries(rows.map((r) => [r.username, r])), sessions: sessionRows };
  } finally {
    await database.close();
  }
}

/** Inserts users straight into the CLI's database. */
async function insertUsers(w: CliWorld, rows: (typeof users.$inferInsert)[]) {
  const database = await w.open();
  try {
    return await database.db.insert(users).values(rows).returning();
  } finally {
    await database.close();
  }
}

const lin = {
  name: 'Lin Wei',
  email: 'lin@example.org',
  username: 'sifu_lin',
  password_hash: 'x',
  is_admin: true,
};
const mei = { name: 'Mei Chen', email: 'mei@example.org', username: 'mei', password_hash: 'x' };

describe('npm run cli', { timeout: 90_000 }, () => {
  it('prints help', async () => {
    const { cli } = await world();
    const res = await cli('help');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('create-admin');
    expect(res.stdout).toContain('seed-demo');
    expect(res.stdout).toContain('reset-password');
  });

  it('rejects invalid options with the schema messages, creating nothing', async () => {
    const w = await world();
    const { cli, piped } = w;
    const res = await cli('create-admin', '--username', 'a!', '--email', 'not-an-email', '--name', 'X');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(
      '--username: Username may contain only letters, numbers, dots, dashes and underscores',
    );
    expect(res.stderr).toContain('--email: Please enter a valid email address');

    const newAdmin = ['create-admin', '--username', 'newsifu', '--email', 'n@example.org', '--name', 'N'];
    const short = await piped('short\n', ...newAdmin);
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('Password must be at least 8 characters long');
    const none = await cli(...newAdmin);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('No password on standard input');

    const unknown = await cli('create-admin', '--user', 'x');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("Unknown option '--user'");

    const incomplete = await piped('long-enough-1\n', 'create-admin', '--username', 'newsifu');
    expect(incomplete.code).toBe(1);
    expect(incomplete.stderr).toContain('To create a new administrator also give --email, --name');

    expect((await cli('frobnicate')).stderr).toContain('Unknown command "frobnicate"');
    expect((await readUsers(w)).rows).toEqual([]);
  });

  it('refuses a password on the command line, where other users of the machine can read it', async () => {
    const { cli } = await world();
    for (const args of [
      ['--username', 'sifu_lin', '--password', 'plum-blossom-8'],
      ['--username', 'sifu_lin', '--password=plum-blossom-8'],
    ]) {
      const res = await cli('create-admin', ...args);
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('create-admin no longer takes --password');
      expect(res.stderr).toContain('type the password when asked, or pipe it in');
    }
  });

  it('creates a new administrator with the password read from standard input', async () => {
    const w = await world();
    const res = await w.piped(
      'plum-blossom-8\n',
      'create-admin',
      '--username',
      'sifu_lin',
      '--email',
      'Lin@Example.org',
      '--name',
      'Lin Wei',
    );
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Created administrator "sifu_lin" (lin@example.org)');
    const { byName } = await readUsers(w);
    expect(byName.sifu_lin).toMatchObject({
      is_admin: true,
      is_active: true,
      name: 'Lin Wei',
      email: 'lin@example.org',
    });
    expect(await verifySecret(byName.sifu_lin!.password_hash, 'plum-blossom-8')).toBe(true);
  });

  // Eight runs of the command, one after another: more time than the others need.
  it(
    'refuses a password the policy refuses, for a new administrator and a promotion alike, changing nothing',
    { timeout: 240_000 },
    async () => {
      const w = await world();
      await insertUsers(w, [mei]);
      const newAdmin = [
        'create-admin',
        '--username',
        'newsifu',
        '--email',
        'newsifu@example.org',
        '--name',
        'N',
      ];
      for (const password of ['00000000', 'aaaaaaaa', '87654321', '123123123', '12121212', 'abcdefgh']) {
        const res = await w.piped(`${password}\n`, ...newAdmin);
        expect(res.code, password).toBe(1);
        expect(res.stderr).toContain(PASSWORD_COMMON_MESSAGE);
      }
      const promote = ['create-admin', '--username', 'mei', '--set-password'];
      const own = await w.piped('mei@example.org\n', ...promote);
      expect(own.code).toBe(1);
      expect(own.stderr).toContain(PASSWORD_PERSONAL_MESSAGE);
      const walk = await w.piped('poiuytre\n', ...promote);
      expect(walk.code).toBe(1);
      expect(walk.stderr).toContain(PASSWORD_COMMON_MESSAGE);

      const { rows, byName } = await readUsers(w);
      expect(rows.map((row) => row.username)).toEqual(['mei']);
      expect(byName.mei).toMatchObject({ is_admin: false, password_hash: 'x' });
    },
  );

  it('seeds the demo only on a database without users', async () => {
    const w = await world();
    await insertUsers(w, [lin]);
    const res = await w.cli('seed-demo');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('The database already has users');
    expect((await readUsers(w)).rows.map((row) => row.username)).toEqual(['sifu_lin']);
  });

  it('promotes an existing user by e-mail, reactivating them and setting the password', async () => {
    const w = await world();
    const { cli } = w;
    const [student] = await insertUsers(w, [{ ...mei, is_active: false }, lin]);
    const database = await w.open();
    await database.db
      .insert(sessions)
      .values({ user_id: student!.id, token_hash: 'h', expires_at: new Date(Date.now() + 3_600_000) });
    await database.close();

    const res = await w.piped(
      'single-whip-88\n',
      'create-admin',
      '--email',
      'MEI@example.org',
      '--set-password',
    );
    expect(res.code).toBe(0);
    expect(res.stdout).toContain(
      'User "mei" (mei@example.org) is now an administrator, has been reactivated, has a new password',
    );
    const { byName, sessions: left } = await readUsers(w);
    expect(byName.mei).toMatchObject({ is_admin: true, is_active: true });
    expect(await verifySecret(byName.mei!.password_hash, 'single-whip-88')).toBe(true);
    expect(left.filter((s) => s.user_id === student!.id)).toEqual([]);

    const conflict = await cli('create-admin', '--username', 'mei', '--email', 'lin@example.org');
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toContain('belong to two different accounts');
  });

  it('gives a user a temporary password and signs them out everywhere', async () => {
    const w = await world();
    const { cli } = w;
    const [student] = await insertUsers(w, [mei]);
    const database = await w.open();
    await database.db.insert(sessions).values({
      user_id: student!.id,
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

    const check = await w.open();
    try {
      const issued = await check.db
        .select()
        .from(tempPasswords)
        .where(eq(tempPasswords.user_id, student!.id));
      const live = issued.filter((row) => row.used_at === null);
      expect(live).toHaveLength(1);
      expect(await verifySecret(live[0]!.password_hash, tempPassword!)).toBe(true);
      const lifetime = live[0]!.expires_at.getTime() - started;
      expect(lifetime).toBeGreaterThan(29 * 60_000);
      expect(lifetime).toBeLessThanOrEqual(31 * 60_000);
      expect(await check.db.select().from(sessions).where(eq(sessions.user_id, student!.id))).toEqual([]);
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
});

/**
 * Without DATABASE_URL the CLI works on the embedded server in DATA_DIR: the one the app runs, while
 * it runs, or one it starts for the command and stops after it.
 */
describe('npm run cli on the embedded PostgreSQL server', { timeout: 120_000 }, () => {
  it('works beside a running server, and starts and stops one of its own when none runs', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-cli-embedded-'));
    try {
      const first = await runCli(dir, ['migrate']);
      expect(first.stderr).toBe('');
      expect(first.code).toBe(0);
      expect(first.stdout).toMatch(
        /^Applied \d+ migrations to the database \(embedded PostgreSQL in .*\/postgres\)\.\n$/,
      );
      expect((await runCli(dir, ['migrate', '--now'])).stderr).toContain('migrate takes no options.');
      // The command's own server is stopped: nothing holds the cluster.
      expect(existsSync(path.join(dir, EMBEDDED_CLUSTER_DIR, 'postmaster.pid'))).toBe(false);

      const running = await startEmbeddedPostgres({ dataDir: dir });
      const database = await openPostgres(running.url, { poolMax: 1 });
      try {
        const again = await runCli(dir, ['migrate']);
        expect(again.code).toBe(0);
        expect(again.stdout).toMatch(
          /^The database \(embedded PostgreSQL in .*\/postgres\) is up to date\.\n$/,
        );

        await database.db.insert(users).values({ ...mei });
        const promoted = await runCli(dir, ['create-admin', '--username', 'mei']);
        expect(promoted.stderr).toBe('');
        expect(promoted.code).toBe(0);
        const reset = await runCli(dir, ['reset-password', '--username', 'mei']);
        expect(reset.code).toBe(0);
        expect(reset.stdout).toContain('Temporary password for "mei"');
        // The server the CLI used is still the app's, still running, and holds what the CLI wrote.
        const [row] = await database.db.select().from(users).where(eq(users.username, 'mei'));
        expect(row?.is_admin).toBe(true);
        expect(await database.db.select().from(tempPasswords)).toHaveLength(1);
      } finally {
        await database.close();
        await running.stop();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
