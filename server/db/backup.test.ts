import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { localStorage } from '../platform/storage';
import { openPglite, type Database } from './client';
import { users } from './schema';
import { runCli } from '../test/cli';

let work: string;
const source = () => path.join(work, 'source');
const target = () => path.join(work, 'target');
const backup = () => path.join(work, 'backup');
// A folder of its own for every test; each makes the data and the backup it needs.
beforeEach(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'kwoon-backup-'));
});
afterEach(async () => rm(work, { recursive: true, force: true }));

const cli = runCli;

async function withDb<T>(dataDir: string, run: (database: Database) => Promise<T>): Promise<T> {
  const database = await openPglite(path.join(dataDir, 'db'));
  try {
    return await run(database);
  } finally {
    await database.close();
  }
}

const userRows = (dataDir: string) =>
  withDb(dataDir, (database) => database.db.select().from(users).orderBy(users.username));

const video = Buffer.from('lesson-video-bytes');

/** Two users and a video in source(), backed up to backup(). */
async function backUpSource() {
  await withDb(source(), async (database) => {
    await database.migrate();
    await database.db.insert(users).values([
      { name: 'Mei Chen', email: 'mei@example.org', username: 'mei', password_hash: 'x' },
      { name: 'Lin Wei', email: 'lin@example.org', username: 'lin', password_hash: 'y', is_admin: true },
    ]);
  });
  await localStorage(path.join(source(), 'media')).put('videos/form-1.mp4', video, 'video/mp4');
  return cli(source(), ['backup', backup()]);
}

describe('npm run cli -- backup / restore', { timeout: 180_000 }, () => {
  it('restores into a fresh DATA_DIR the rows and the media files that were backed up', async () => {
    const saved = await backUpSource();
    expect(saved.stderr).toBe('');
    expect(saved.stdout).toContain('and 1 media files to');

    const restored = await cli(target(), ['restore', backup()]);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);

    expect(await userRows(target())).toEqual(await userRows(source()));
    expect(await readFile(path.join(target(), 'media', 'videos', 'form-1.mp4'))).toEqual(video);
  });

  it('will not write over an existing folder', async () => {
    await backUpSource();
    const res = await cli(source(), ['backup', backup()]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('already exists and is not empty; give a new folder');
  });

  it('refuses to replace a data directory that holds data, unless told to with --force', async () => {
    await backUpSource();
    await withDb(target(), async (database) => {
      await database.migrate();
      await database.db
        .insert(users)
        .values({ name: 'Later', email: 'later@example.org', username: 'later', password_hash: 'z' });
    });
    const refused = await cli(target(), ['restore', backup()]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('already holds a database or media');
    expect((await userRows(target())).map((u) => u.username)).toContain('later');

    const forced = await cli(target(), ['restore', backup(), '--force']);
    expect(forced.code).toBe(0);
    expect((await userRows(target())).map((u) => u.username)).toEqual(['lin', 'mei']);
  });

  it('refuses both while a server holds the database', async () => {
    await backUpSource();
    const held = await openPglite(path.join(source(), 'db'));
    try {
      const saved = await cli(source(), ['backup', path.join(work, 'second')]);
      expect(saved.code).toBe(1);
      expect(saved.stderr).toContain(`is in use by another Kwoon process (PID ${process.pid})`);
      expect(existsSync(path.join(work, 'second'))).toBe(false);

      const restored = await cli(source(), ['restore', backup(), '--force']);
      expect(restored.code).toBe(1);
      expect(restored.stderr).toContain(`is in use by another Kwoon process (PID ${process.pid})`);
    } finally {
      await held.close();
    }
  });

  it('rejects a folder that is not a backup, and points PostgreSQL users to pg_dump', async () => {
    await backUpSource();
    const notBackup = path.join(work, 'not-a-backup');
    await mkdir(notBackup);
    await writeFile(path.join(notBackup, 'kwoon-backup.json'), '{ broken');
    const res = await cli(path.join(work, 'empty'), ['restore', notBackup]);
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('is not a Kwoon backup');

    const postgres = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    const dump = await cli(source(), ['backup', path.join(work, 'pg')], postgres);
    expect(dump.code).toBe(1);
    expect(dump.stderr).toContain('Back it up with pg_dump');
    expect((await cli(source(), ['restore', backup()], postgres)).stderr).toContain(
      'Restore it with pg_restore',
    );
  });
});
