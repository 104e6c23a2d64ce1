import { spawn } from 'node:child_process';
import * as nodeFs from 'node:fs';
import { chmod, lstat, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localStorage } from '../platform/storage';
import { openDatabase, openPglite, PGLITE_LOCK_FILE } from './client';
import { processIdentity } from './pglite-lock';
import { users } from './schema';

// Counts the fsync calls that reach the operating system, leaving them real.
vi.mock('node:fs', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs')>();
  return { ...actual, fsyncSync: vi.fn(actual.fsyncSync) };
});

/** A full garbage collection now, without starting the test process with --expose-gc. */
function collectGarbage() {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

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
  const database = await openDatabase({ dataDir });
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
    const files = await readdir(path.join(dataDir, 'db'), { recursive: true });
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

  it('gives back the memory its creation took before the server uses it', async () => {
    // Creating a data directory holds ~630 MB of WebAssembly memory in that instance; the
    // instance the server keeps opens the directory afresh and holds ~200 MB.
    const before = process.memoryUsage().external;
    const database = await openPglite(path.join(dataDir, 'db'));
    try {
      // The closed instance's memory goes back once it is collected, which is up to V8's timing:
      // on a busy machine the first full collection may come before its last references are gone.
      const limit = 350 * 1024 * 1024;
      let held = Infinity;
      for (let attempt = 0; attempt < 10 && held >= limit; attempt++) {
        if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200));
        collectGarbage();
        held = process.memoryUsage().external - before;
      }
      expect(held).toBeLessThan(limit);
    } finally {
      await database.close();
    }
  });

  it('forces every commit to disk before acknowledging it', async () => {
    await addUser('mei');
    const database = await openPglite(path.join(dataDir, 'db'));
    const fsyncSync = vi.mocked(nodeFs.fsyncSync);
    try {
      fsyncSync.mockClear();
      for (const name of ['wei', 'chen', 'yang']) {
        const before = fsyncSync.mock.calls.length;
        await database.db
          .insert(users)
          .values({ name, email: `${name}@example.org`, username: name, password_hash: 'x' });
        expect(fsyncSync.mock.calls.length).toBeGreaterThan(before);
      }
    } finally {
      await database.close();
    }
  });
});

describe('the lock on the embedded database', { timeout: 60_000 }, () => {
  const lockFile = () => path.join(dataDir, 'db', PGLITE_LOCK_FILE);

  it('is taken over when its PID now belongs to an unrelated process', async () => {
    await addUser('mei');
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
    await addUser('mei');
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
