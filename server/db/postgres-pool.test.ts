import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { openPostgres, type Database } from './client';

const url = process.env.DATABASE_URL;
const onPostgres = Boolean(url && inject('pgTemplate'));

// eslint-disable-next-line no-restricted-syntax -- CI runs the server tests on PGlite and again on PostgreSQL
describe.skipIf(!onPostgres)('the PostgreSQL pool', () => {
  const open: { close(): Promise<void> }[] = [];
  afterAll(async () => {
    for (const item of open.reverse()) await item.close();
  });

  async function pool(options: Parameters<typeof openPostgres>[1]): Promise<Database> {
    const database = await openPostgres(url!, options);
    open.push(database);
    return database;
  }

  it('names its connections and sets the configured timeouts', async () => {
    const database = await pool({ statementTimeoutMs: 250, idleInTransactionTimeoutMs: 1_500 });
    const settings: unknown = await database.db.execute(
      sql`select current_setting('application_name') as app,
                 current_setting('statement_timeout') as statement,
                 current_setting('idle_in_transaction_session_timeout') as idle`,
    );
    const { rows } = settings as pg.QueryResult<Record<string, string>>;
    expect(rows[0]).toEqual({ app: 'kwoon', statement: '250ms', idle: '1500ms' });
    // A statement past the limit is cancelled by the server (SQLSTATE 57014).
    await expect(database.db.execute(sql`select pg_sleep(1)`)).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '57014' }),
    });
  });

  it('holds at most DB_POOL_MAX connections', async () => {
    const database = await pool({ poolMax: 2, statementTimeoutMs: 0 });
    // `then` sends a Drizzle query, which is lazy.
    const sleeps = Array.from({ length: 4 }, () =>
      database.db.execute(sql`select pg_sleep(0.2)`).then(() => undefined),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(database.pool!.stats()).toMatchObject({ max: 2, total: 2, waiting: 2 });
    await Promise.all(sleeps);
  });

  it('logs the failure of an idle connection instead of swallowing it', async () => {
    const lines: string[] = [];
    const t: TestApp = await createTestApp(
      { LOG_LEVEL: 'warn' },
      {
        prettyLogs: false,
        logStream: new Writable({
          write(chunk, _encoding, done) {
            lines.push(String(chunk));
            done();
          },
        }),
      },
    );
    open.push(t);
    const backend: unknown = await t.database.db.execute(sql`select pg_backend_pid() as pid`);
    const { rows } = backend as pg.QueryResult<{ pid: number }>;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query('select pg_terminate_backend($1)', [rows[0]!.pid]);
    } finally {
      await admin.end();
    }
    for (let i = 0; i < 50 && !lines.some((l) => l.includes('PostgreSQL connection failed')); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const entry = lines.map((line) => JSON.parse(line)).find((e) => e.msg === 'PostgreSQL connection failed');
    expect(entry).toMatchObject({ level: 50, err: expect.objectContaining({ code: '57P01' }) });
    // The pool recovers: the next query gets a new connection.
    expect((await t.app.inject({ url: '/readyz' })).statusCode).toBe(200);
  });
});
