import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { fixedClock } from '../../platform/clock';
import { localStorage } from '../../platform/storage';
import { openTestDatabase } from '../../test/app';

/*
 * Builds the app with a captured log stream at the most verbose level (createTestApp keeps logs
 * silent), drives every call that carries a secret, and checks none of them reaches the logs.
 * The mail transport is the default log transport, so e-mails are logged too. Both log formats
 * are checked: redaction happens before a line is formatted, and must hold for each.
 */
describe.each([
  { format: 'JSON', prettyLogs: false },
  { format: 'readable', prettyLogs: true },
])('logs in $format form', ({ prettyLogs }) => {
  let app: FastifyInstance;
  let database: Database;
  let drop: () => Promise<void>;
  let mediaDir: string;
  let lines: string[] = [];

  beforeAll(async () => {
    lines = [];
    ({ database, drop } = await openTestDatabase());
    mediaDir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-log-'));
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    app = await buildApp({
      config: testConfig({ LOG_LEVEL: 'trace', DATA_DIR: mediaDir, AUTH_RATE_LIMIT_PER_MINUTE: 10_000 }),
      database,
      clock: fixedClock(new Date('2026-03-02T18:00:00Z')),
      storage: localStorage(mediaDir),
      logStream,
      prettyLogs,
      runJobsBeforeReply: true,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await drop();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('never writes passwords, temporary passwords, answers or tokens to the logs, and logs e-mails in full', async () => {
    const secrets: string[] = [];
    const keep = (secret: string) => (secrets.push(secret), secret);
    const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown, token?: string) =>
      app.inject({
        method,
        url,
        payload: payload as object,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });

    const password = keep('Sign-Up-Secret-9173');
    const signUp = await send('POST', '/api/create/user', {
      name: 'Log Tester',
      city: 'Kaohsiung-Secret-City',
      country: 'Taiwan',
      martial_art: 'Xingyiquan',
      email: 'log.tester@example.org',
      username: 'log_tester',
      password,
    });
    expect(signUp.statusCode).toBe(201);
    const { user } = signUp.json();
    const token = keep(signUp.json().token);

    await send('POST', '/api/user/authenticate', {
      username: 'log_tester',
      password: keep('Wrong-Secret-5521'),
    });
    keep(
      (await send('POST', '/api/user/authenticate', { username: 'log_tester', password })).json()
        .token as string,
    );
    // Rejected by validation (no username): the body never reaches a service.
    await send('POST', '/api/user/authenticate', { password: keep('No-Username-Secret-6') });
    await send('POST', '/api/create/user', { username: 'x', password: keep('short7') });
    await app.inject({
      method: 'POST',
      url: '/api/user/authenticate',
      headers: { 'content-type': 'application/json' },
      payload: `{"username":"log_tester","password":"${keep('Broken-Json-Secret-3')}"`,
    });
    // Without SMTP the log is where the code e-mail can be read: its line carries the text.
    expect(
      (await send('POST', '/api/user/request-reset-code', { email: 'log.tester@example.org' })).statusCode,
    ).toBe(202);
    const code = await vi.waitFor(() => {
      const line = lines.find((l) => l.includes('e-mail kept in the outbox') && l.includes('reset code'));
      if (!line) throw new Error('code e-mail not logged yet');
      return /is (\d{6})\./.exec(line)![1]!;
    });
    await send('POST', '/api/user/request-reset', {
      email: 'log.tester@example.org',
      code,
      securityAnswers: ['log_tester', keep('Wrong-City-Answer-77'), 'Taiwan'],
    });
    const reset = await send('POST', '/api/user/request-reset', {
      email: 'log.tester@example.org',
      code,
      securityAnswers: ['log_tester', 'Kaohsiung-Secret-City', 'Taiwan'],
    });
    expect(reset.statusCode).toBe(200);
    const tempPassword = keep(reset.json().tempPassword);
    const temp = await send('POST', '/api/user/auth-temp', { username: 'log_tester', tempPassword });
    const tempToken = keep(temp.json().token);
    await send('PUT', '/api/user/set-new-password', { newPassword: keep('Set-New-Secret-4410') }, tempToken);
    await send(
      'PUT',
      `/api/user/${user.id}`,
      {
        name: 'Log Tester',
        email: 'log.tester@example.org',
        username: 'log_tester',
        current_password: keep('Wrong-Current-Secret-8'),
        new_password: keep('Never-Set-Secret-2'),
      },
      tempToken,
    );
    await send('GET', '/api/user/password-status', undefined, token);

    const log = lines.join('');
    expect(log).toMatch(/POST \/api\/user\/authenticate 200/);
    expect(log).toContain('e-mail kept in the outbox');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toContain('Kaohsiung-Secret-City');
  });
});
