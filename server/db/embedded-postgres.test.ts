import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isGone,
  postmasterOf,
  postmasterPidFile,
  processGroupMembers,
  processGroupOf,
  stopEmbeddedServerOn,
} from '../test/postmaster';
import {
  EMBEDDED_CLUSTER_DIR,
  EMBEDDED_SECRET_FILE,
  runningEmbeddedPostgres,
  startEmbeddedPostgres,
} from './embedded-postgres';

let parent: string;
/** Not made beforehand: the module creates it. */
let dataDir: string;
beforeAll(async () => {
  parent = await mkdtemp(path.join(os.tmpdir(), 'kwoon-embedded-'));
  dataDir = path.join(parent, 'data');
});
afterAll(async () => {
  await stopEmbeddedServerOn(dataDir);
  await rm(parent, { recursive: true, force: true });
});

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const modeOf = async (file: string) => (await stat(file)).mode & 0o777;

describe('the embedded PostgreSQL server', { timeout: 60_000 }, () => {
  it('keeps its cluster and password in DATA_DIR, owner-only, and starts on them again', async () => {
    const first = await startEmbeddedPostgres({ dataDir, durability: 'ephemeral' });
    const secretFile = path.join(dataDir, EMBEDDED_SECRET_FILE);
    const secret = await readFile(secretFile, 'utf8');
    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(secretFile)).toBe(0o600);
    expect(await modeOf(path.join(dataDir, EMBEDDED_CLUSTER_DIR))).toBe(0o700);
    await query(first.url, "create table kept (note text); insert into kept values ('from the first start')");
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir, durability: 'ephemeral' });
    try {
      expect(await readFile(secretFile, 'utf8')).toBe(secret);
      expect(await query(second.url, 'select note from kept')).toEqual([{ note: 'from the first start' }]);
    } finally {
      await second.stop();
    }
  });

  it('is found by another process while it runs, not started twice, and found by none once stopped; stopping leaves no process', async () => {
    expect(await runningEmbeddedPostgres(dataDir)).toBeUndefined();
    const server = await startEmbeddedPostgres({ dataDir, durability: 'ephemeral' });
    const postmaster = postmasterOf(dataDir)!;
    const group = processGroupOf(postmaster.pid)!;
    expect(processGroupMembers(group).length).toBeGreaterThan(1);

    // A second start beside it, as a second `npm start` on the DATA_DIR would be, leaves it running.
    await expect(startEmbeddedPostgres({ dataDir, durability: 'ephemeral' })).rejects.toThrow(
      `Another Kwoon process (pid ${process.pid}) runs the embedded PostgreSQL server`,
    );
    expect(postmasterOf(dataDir)?.pid).toBe(postmaster.pid);

    const found = await runningEmbeddedPostgres(dataDir);
    expect(found).toMatchObject({ port: server.port, url: server.url, owned: false });
    // Not the finder's to stop.
    await found!.stop();
    expect(await query(found!.url, 'select 1 as one')).toEqual([{ one: 1 }]);

    await server.stop();
    expect(existsSync(postmasterPidFile(dataDir))).toBe(false);
    expect(isGone(postmaster.pid)).toBe(true);
    // The watchdog and every server process with it.
    expect(processGroupMembers(group)).toEqual([]);
    expect(await runningEmbeddedPostgres(dataDir)).toBeUndefined();
  });
});
