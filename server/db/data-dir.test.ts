import { spawn } from 'node:child_process';
import * as nodeFs from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localStorage } from '../platform/storage';
import { openDatabase, openPglite, PGLITE_LOCK_FILE } from './client';
import { EMBEDDED_CLUSTER_DIR } from './embedded-postgres';
import { processIdentity } from './pglite-lock';
import { users } from './schema';

// A data directory of its own for every test; those about an existing one make it first.
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-data-'));
});
afterEach(async () => rm(dataDir, { recursive: true, force: true }));

/** Every path under `root` (itself included) whose mode gives the group or others any access. */
async function exposed(root: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (file: string) => {
    const info = await lstat(file);
    if ((info.mode & 0o077) !== 0) found.push(`${(info.mode & 0o777).toString(8)} ${file}`);
    if (info.isDirectory()) for (const name of await readdir(file)) await visit(path.join(file, name));
  };
  await visit(root);
  return found;
}

async function loosen(root: string) {
  const info = await lstat(root);
  await chmod(root, info.isDirectory() ? 0o777 : 0o666);
  if (info.isDirectory()) for (const name of await readdir(root)) await loosen(path.join(root, name));
}

async function addUser(username: string) {
  const database = await openDatabase({ dataDir, ownServer: true });
  try {
    await database.migrate();
    await database.db
      .insert(users)
      .values({ name: username, email: `${username}@example.org`, username, password_hash: 'x' });
    await localStorage(path.join(dataDir, 'media')).put(
      `avatars/${username}.webp`,
      Buffer.from('img'),
      'image/webp',
    );
  } finally {
    await database.close();
  }
}

describe('the embedded data directory', { timeout: 120_000 }, () => {
  it('is created owner-only, and the database and media stay so as they are written', async () => {
    await addUser('mei');
    const files = await readdir(path.join(dataDir, EMBEDDED_CLUSTER_DIR), { recursive: true });
    expect(files.length).toBeGreaterThan(500);
    expect(await exposed(dataDir)).toEqual([]);
  });

  it('fixes the modes of an existing directory when it is opened', async () => {
    await addUser('mei');
    await loosen(dataDir);
    expect((await exposed(dataDir)).length).toBeGreaterThan(500);
    await addUser('lin');
    expect(await exposed(dataDir)).toEqual([]);
  });

  it('runs a server that flushes every commit to disk before acknowledging it', async () => {
    const database = await openDatabase({ dataDir, ownServer: true });
    try {
      const result: unknown = await database.db.execute(
        sql`select name, setting from pg_settings
             where name in ('fsync', 'synchronous_commit', 'full_page_writes', 'wal_level') order by name`,
      );
      const { rows } = result as { rows: { name: string; setting: string }[] };
      expect(Object.fromEntries(rows.map((row) => [row.name, row.setting]))).toEqual({
        fsync: 'on',
        full_page_writes: 'on',
        synchronous_commit: 'on',
        wal_level: 'replica',
      });
    } finally {
      await database.close();
    }
  });
});

describe('the lock on an earlier PGlite database (read once, by the import)', { timeout: 60_000 }, () => {
  const lockFile = () => path.join(dataDir, 'db', PGLITE_LOCK_FILE);

  it('is taken over when its PID now belongs to an unrelated process', async () => {
    await mkdir(path.join(dataDir, 'db'), { mode: 0o700 });
    const stranger = spawn('sleep', ['60']);
    try {
      const identity = processIdentity(stranger.pid!);
      expect(identity).toMatch(/\/\d+$/);
      const started = Number(identity!.split('/')[1]);
      await writeFile(lockFile(), `${stranger.pid} ${identity!.split('/')[0]}/${started - 1}\n`);
      const database = await openPglite(path.join(dataDir, 'db'));
      const holder = nodeFs.readFileSync(lockFile(), 'utf8');
      await database.close();
      expect(holder).toBe(`${process.pid} ${processIdentity(process.pid)}\n`);
    } finally {
      stranger.kill();
    }
  });

  it('refuses, with the clear message, while the process that wrote it is alive', async () => {
    await mkdir(path.join(dataDir, 'db'), { mode: 0o700 });
    const holder = spawn('sleep', ['60']);
    try {
      await writeFile(lockFile(), `${holder.pid} ${processIdentity(holder.pid!)}\n`);
      await expect(openPglite(path.join(dataDir, 'db'))).rejects.toThrow(
        `is in use by another Kwoon process (PID ${holder.pid})`,
      );
    } finally {
      holder.kill();
      await rm(lockFile(), { force: true });
    }
  });
});
