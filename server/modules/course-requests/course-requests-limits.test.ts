import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseRequests } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/app';
import { createAdmin, createUser } from '../../test/factories';
import { COURSE_REQUEST_RATE_LIMIT } from './course-requests.routes';
import { MAX_OPEN_COURSE_REQUESTS, TOO_MANY_OPEN_REQUESTS_MESSAGE } from './course-requests.service';
import { itConcurrently } from '../../test/concurrency';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

type Headers = Record<string, string>;
let n = 0;
const post = (headers: Headers) =>
  t.app.inject({
    method: 'POST',
    url: '/api/course-requests',
    headers,
    payload: { subject: `Subject ${++n}`, experience: 'Some', reason: 'Curious' },
  });
const setStatus = (id: string, status: string, headers: Headers) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/admin/course-requests/${id}/status`,
    headers,
    payload: { status },
  });
const rowsOf = (userId: string) =>
  t.database.db.select().from(courseRequests).where(eq(courseRequests.user_id, userId));

function expectCapped(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode).toBe(409);
  expect(res.json()).toEqual({ error: TOO_MANY_OPEN_REQUESTS_MESSAGE, code: 'TOO_MANY_OPEN_REQUESTS' });
}

describe('POST /api/course-requests limits', () => {
  it(`keeps ${MAX_OPEN_COURSE_REQUESTS} requests open per user; an answered or deleted one frees a place`, async () => {
    const admin = await createAdmin(t);
    const me = await createUser(t);
    const ids: string[] = [];
    for (let i = 0; i < MAX_OPEN_COURSE_REQUESTS; i++) {
      const res = await post(me.auth);
      expect(res.statusCode).toBe(201);
      ids.push(res.json().request.id);
    }
    expectCapped(await post(me.auth));
    // Planned and under review are still open.
    expect((await setStatus(ids[0]!, 'planned', admin.auth)).statusCode).toBe(200);
    expectCapped(await post(me.auth));

    expect((await setStatus(ids[1]!, 'declined', admin.auth)).statusCode).toBe(200);
    expect((await post(me.auth)).statusCode).toBe(201);
    expectCapped(await post(me.auth));

    const del = await t.call('DELETE', `/api/course-requests/${ids[2]}`, undefined, me.auth);
    expect(del.statusCode).toBe(200);
    expect((await post(me.auth)).statusCode).toBe(201);
    expectCapped(await post(me.auth));
    expect(await rowsOf(me.user.id)).toHaveLength(MAX_OPEN_COURSE_REQUESTS + 1);

    // Another student has their own places.
    expect((await post((await createUser(t)).auth)).statusCode).toBe(201);
  });

  itConcurrently(`leaves exactly ${MAX_OPEN_COURSE_REQUESTS} of 20 concurrent requests`, async () => {
    // A few rounds, since one burst does not always meet the race; each by an administrator,
    // whom the per-user rate limit lets through, so only the cap decides.
    for (let round = 0; round < 3; round++) {
      const admin = await createAdmin(t);
      const results = await Promise.all(Array.from({ length: 20 }, () => post(admin.auth)));
      const codes = results.map((res) => res.statusCode);
      expect(codes.filter((code) => code === 201)).toHaveLength(MAX_OPEN_COURSE_REQUESTS);
      expect(codes.filter((code) => code === 409)).toHaveLength(20 - MAX_OPEN_COURSE_REQUESTS);
      expect(await rowsOf(admin.user.id)).toHaveLength(MAX_OPEN_COURSE_REQUESTS);
    }
  });

  it(`answers 429 past ${COURSE_REQUEST_RATE_LIMIT.max} requests an hour, even when the cap leaves room`, async () => {
    const me = await createUser(t);
    const admin = await createAdmin(t);
    for (let i = 0; i < COURSE_REQUEST_RATE_LIMIT.max; i++) {
      const res = await post(me.auth);
      expect(res.statusCode).toBe(201);
      // Answered at once, so the cap never stops this student.
      expect((await setStatus(res.json().request.id, 'declined', admin.auth)).statusCode).toBe(200);
    }
    const res = await post(me.auth);
    expect(res.statusCode).toBe(429);
    expect(res.json().code).toBe('TOO_MANY_REQUESTS');
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(COURSE_REQUEST_RATE_LIMIT.windowMinutes * 60);
  });
});
