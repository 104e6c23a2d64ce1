import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import { openPglite, openPostgres, type Database } from '../db/client';
import { fixedClock } from '../platform/clock';
import type { MailMessage, MailTransport } from '../platform/mail';
import { localStorage } from '../platform/storage';

/** A fresh copy of the migrated database for one test file. */
async function openTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const pgTemplate = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (pgTemplate && url) {
    const name = `kwoon_test_${randomUUID().replace(/-/g, '')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${pgTemplate}`);
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database = await openPostgres(dbUrl.toString(), 4);
    return {
      database,
      drop: async () => {
        await database.close();
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const tarball = await readFile(inject('pgliteTemplate'));
  const database = await openPglite(undefined, new Blob([tarball]));
  return { database, drop: () => database.close() };
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  clock: ReturnType<typeof fixedClock>;
  /** Every e-mail the app sent, newest last. */
  mail: MailMessage[];
  mediaDir: string;
  close(): Promise<void>;
}

/** The real app on a real, freshly migrated database, with a clock the test can move. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { webRoot?: string; logStream?: NodeJS.WritableStream; prettyLogs?: boolean } = {},
): Promise<TestApp> {
  const { database, drop } = await openTestDatabase();
  const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-media-'));
  const clock = fixedClock(new Date('2026-03-02T18:00:00Z'));
  const mail: MailMessage[] = [];
  const mailTransport: MailTransport = {
    kind: 'log',
    send: async (message) => {
      mail.push(message);
    },
    close: () => {},
  };
  const config = testConfig({ DATA_DIR: mediaDir, ...overrides });
  const app = await buildApp({
    config,
    database,
    clock,
    mailTransport,
    storage: localStorage(mediaDir),
    webRoot: options.webRoot ?? path.join(mediaDir, 'no-web-build'),
    logStream: options.logStream,
    prettyLogs: options.prettyLogs,
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    mail,
    mediaDir,
    async close() {
      await app.close();
      await drop();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}
