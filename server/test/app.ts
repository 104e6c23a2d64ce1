import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, beforeEach, inject } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import { testConfig, type Config } from '../config';
import { openPostgres, type Database } from '../db/client';
import { fixedClock } from '../platform/clock';
import type { MailMessage, MailTransport } from '../platform/mail';
import { localStorage, type MediaStorage } from '../platform/storage';
import type { AiProvider } from '../modules/ai-sifu/ask/provider';

/** A fresh copy of the migrated database for one test file, on the run's PostgreSQL server. */
export async function openTestDatabase(): Promise<{
  database: Database;
  url: string;
  drop: () => Promise<void>;
}> {
  const pgTemplate = inject('pgTemplate');
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('The tests need the PostgreSQL server of server/test/global-setup.ts.');
  const name = `kwoon_test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name} template ${pgTemplate}`);
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openPostgres(dbUrl.toString(), { poolMax: 4 });
  return {
    database,
    url: dbUrl.toString(),
    drop: async () => {
      await database.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Headers = Record<string, string>;
/**
 * One API call through the app: `payload` is the JSON body (text is sent as written, as JSON text),
 * `headers` say whose session it is (a user's `auth`), none for a visitor.
 */
export type Call = (
  method: Method,
  url: string,
  payload?: unknown,
  headers?: Headers,
) => Promise<LightMyRequestResponse>;

export interface TestApp {
  app: FastifyInstance;
  /** Calls the API as a visitor, or as whoever the headers name. */
  call: Call;
  /** Calls made as the user these headers sign in, unless a call names other headers. */
  as(headers: Headers): Call;
  database: Database;
  clock: ReturnType<typeof fixedClock>;
  /** Every e-mail the app sent, newest last. */
  mail: MailMessage[];
  mediaDir: string;
  /** Set on PostgreSQL: where another instance connects to the same database. */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** The real app on a real, freshly migrated database, with a clock the test can move. */
export interface TestAppOptions {
  webRoot?: string;
  logStream?: NodeJS.WritableStream;
  prettyLogs?: boolean;
  /** Routes of the test itself, outside /api, added before the app is ready (e.g. to make the database fail). */
  routes?: (app: FastifyInstance) => void;
  /** Off: jobs run only when the test drains them (`app.jobs.drain()`), as they would after the answer. */
  runJobsBeforeReply?: boolean;
  /** The first n deliveries fail, as with a mail server that is down. */
  mailFailures?: number;
  /** Another media store than the one the configuration names (by default a local folder). */
  storage?: MediaStorage;
  /** Who writes AI Sifu's answers instead of the configured provider (one that fails, or streams in pieces). */
  aiProvider?: AiProvider;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const { database, url, drop } = await openTestDatabase();
  return startApp(database, url, drop, overrides, options);
}

/**
 * Each test of the enclosing block runs on an app and an empty database of its own, for figures
 * that count every row (stats, popularity); the file's app is put back after the test.
 */
export function eachOnAnAppOfItsOwn(fileApp: { get(): TestApp; set(app: TestApp): void }) {
  let shared: TestApp;
  beforeEach(async () => {
    shared = fileApp.get();
    fileApp.set(await createTestApp());
  });
  afterEach(async () => {
    await fileApp.get().close();
    fileApp.set(shared);
  });
}

/**
 * The real app on a database the test opened itself: with pool settings of its own, or through a
 * connection the test can break. Closing the app closes that database's pool.
 */
export async function createTestAppOn(
  database: Database,
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  return startApp(database, undefined, () => database.close(), overrides, options);
}

/**
 * A second instance of the app on the same database, as another process behind a load balancer:
 * with its own connection pool on PostgreSQL; on PGlite, which one process owns, on the same
 * embedded database. Closing it leaves the database to the first instance.
 */
export async function createSecondInstance(
  first: TestApp,
  overrides: Partial<Config> = {},
  options: Pick<TestAppOptions, 'storage'> = {},
): Promise<TestApp> {
  const database = first.databaseUrl ? await openPostgres(first.databaseUrl, { poolMax: 4 }) : first.database;
  const close = async () => {
    if (database !== first.database) await database.close();
  };
  return startApp(database, first.databaseUrl, close, overrides, options);
}

async function startApp(
  database: Database,
  databaseUrl: string | undefined,
  drop: () => Promise<void>,
  overrides: Partial<Config>,
  options: TestAppOptions,
): Promise<TestApp> {
  const mediaDir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-media-'));
  const clock = fixedClock(new Date('2026-03-02T18:00:00Z'));
  const mail: MailMessage[] = [];
  let failures = options.mailFailures ?? 0;
  const mailTransport: MailTransport = {
    kind: 'log',
    send: async (message) => {
      if (failures-- > 0) throw new Error('connect ECONNREFUSED 127.0.0.1:25');
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
    // With MEDIA_STORAGE=s3 the app builds its store from the configuration, as in production.
    storage: options.storage ?? (config.MEDIA_STORAGE === 's3' ? undefined : localStorage(mediaDir)),
    webRoot: options.webRoot ?? path.join(mediaDir, 'no-web-build'),
    logStream: options.logStream,
    prettyLogs: options.prettyLogs,
    runJobsBeforeReply: options.runJobsBeforeReply ?? true,
    ...(options.aiProvider ? { aiProvider: options.aiProvider } : {}),
  });
  options.routes?.(app);
  await app.ready();
  const call: Call = (method, url, payload, headers = {}) =>
    app.inject({
      method,
      url,
      headers: typeof payload === 'string' ? { ...headers, 'content-type': 'application/json' } : headers,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  return {
    app,
    call,
    as:
      (signedIn) =>
      (method, url, payload, headers = signedIn) =>
        call(method, url, payload, headers),
    database,
    clock,
    mail,
    mediaDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    async close() {
      await app.close();
      await drop();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}
