import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { createDeadJob } from './test/factories';

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdmin>>;
// Each test on an app of its own, so the dead jobs one test leaves are not counted by the next.
beforeEach(async () => {
  t = await createTestApp({}, { runJobsBeforeReply: false });
  admin = await createAdmin(t);
});
afterEach(async () => t.close());

const list = (query: string, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: 'GET', url: `/api/admin/jobs${query}`, headers });
const retry = (id: string, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: 'POST', url: `/api/admin/jobs/${id}/retry`, headers });

describe('GET /api/admin/jobs', () => {
  it('lists dead jobs newest first, with their errors, a page at a time', async () => {
    const older = await createDeadJob(t, 'mail.send');
    t.clock.advance(1000);
    const newer = await createDeadJob(t, 'cleanup.sessions');
    await t.app.jobs.enqueue('test.pending', {}, { runAt: new Date(t.clock.now().getTime() + 60_000) });

    const res = await list('?status=dead');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ total: 2, limit: 50, offset: 0 });
    expect(body.jobs.map((j: { id: string }) => j.id)).toEqual([newer.id, older.id]);
    expect(body.jobs[1]).toEqual({
      id: older.id,
      kind: 'mail.send',
      payload: older.payload,
      status: 'dead',
      attempts: 3,
      max_attempts: 3,
      run_at: older.run_at.toISOString(),
      last_error: 'connect ECONNREFUSED 127.0.0.1:25',
      created_at: older.created_at.toISOString(),
      finished_at: older.finished_at!.toISOString(),
    });

    const page = (await list('?status=dead&limit=1&offset=1')).json();
    expect(page).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(page.jobs.map((j: { id: string }) => j.id)).toEqual([older.id]);
    expect((await list('')).json().total).toBe(3);
    expect((await list('?status=pending')).json().jobs.map((j: { kind: string }) => j.kind)).toEqual([
      'test.pending',
    ]);
  });

  it('validates the status and the page', async () => {
    const res = await list('?status=buried');
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect((await list('?limit=201')).json()).toMatchObject({ error: 'Limit must be at most 200' });
  });

  it('is for administrators only', async () => {
    const student = await createUser(t);
    expect((await list('?status=dead', {})).statusCode).toBe(401);
    expect((await list('?status=dead', student.auth)).statusCode).toBe(403);
  });
});

describe('POST /api/admin/jobs/{id}/retry', () => {
  it('queues a dead job again with all its attempts, and the worker runs it', async () => {
    const ran: unknown[] = [];
    t.app.jobs.define('test.revived', z.unknown(), async (payload) => {
      ran.push(payload);
    });
    const dead = await createDeadJob(t, 'test.revived');
    const res = await retry(dead.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: dead.id,
      status: 'pending',
      attempts: 0,
      run_at: t.clock.now().toISOString(),
      finished_at: null,
      last_error: 'connect ECONNREFUSED 127.0.0.1:25',
    });
    await t.app.jobs.drain();
    expect(ran).toEqual([dead.payload]);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, dead.id));
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
  });

  it('answers 409 for a job that is not dead and 404 for an unknown one', async () => {
    const id = (await t.app.jobs.enqueue('test.waiting', {}, { runAt: new Date('2030-01-01T00:00:00Z') }))!;
    const res = await retry(id);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'Only a dead job can be retried', code: 'JOB_NOT_DEAD' });
    expect((await retry('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await retry('not-an-id')).statusCode).toBe(400);
  });

  it('is for administrators only and leaves the job dead otherwise', async () => {
    const dead = await createDeadJob(t);
    const student = await createUser(t);
    expect((await retry(dead.id, {})).statusCode).toBe(401);
    expect((await retry(dead.id, student.auth)).statusCode).toBe(403);
    const [row] = await t.database.db.select().from(jobs).where(eq(jobs.id, dead.id));
    expect(row!.status).toBe('dead');
  });
});
