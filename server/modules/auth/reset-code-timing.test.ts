import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_CODE_TTL_MINUTES } from '../../../common/auth';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';

/*
 * Asking for a recovery code must not tell, by how long the answer takes, whether the address has
 * an account. The jobs run apart from the request here, as the worker runs them in production.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: 10_000 }, { runJobsBeforeReply: false });
});
afterAll(async () => t.close());

const ROUNDS = 40;
const WARM_UP = 5;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return sorted.length % 2 ? sorted[Math.floor(middle)]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** The time to the answer; the work the answer queued runs afterwards, outside the measurement. */
async function timedRequest(email: string): Promise<number> {
  const started = performance.now();
  const res = await t.app.inject({ method: 'POST', url: '/api/user/request-reset-code', payload: { email } });
  const elapsed = performance.now() - started;
  expect(res.statusCode).toBe(202);
  await t.app.jobs.drain({ schedules: false });
  return elapsed;
}

describe('POST /api/user/request-reset-code, with the work done after the answer', () => {
  it('answers a known and an unknown address in the same time, and mails the code only to the known one', async () => {
    const known: string[] = [];
    for (let i = 0; i < ROUNDS + WARM_UP; i++) known.push((await createUser(t)).user.email);
    const unknown = known.map(() => `nobody-${randomUUID().slice(0, 8)}@example.org`);

    // Each address is asked once (the per-address limit would refuse more), known and unknown in turn.
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < known.length; i++) {
      const first = i % 2 === 0;
      const a = await timedRequest(first ? known[i]! : unknown[i]!);
      const b = await timedRequest(first ? unknown[i]! : known[i]!);
      if (i < WARM_UP) continue;
      knownTimes.push(first ? a : b);
      unknownTimes.push(first ? b : a);
    }
    const ratio = median(knownTimes) / median(unknownTimes);
    expect(ratio, `known ${median(knownTimes)} ms, unknown ${median(unknownTimes)} ms`).toBeGreaterThan(0.5);
    expect(ratio, `known ${median(knownTimes)} ms, unknown ${median(unknownTimes)} ms`).toBeLessThan(2);

    for (const email of known) {
      expect(t.mail.filter((m) => m.to === email && /reset code/.test(m.subject))).toHaveLength(1);
    }
    const sentTo = new Set(t.mail.map((m) => m.to));
    for (const email of unknown) expect(sentTo.has(email)).toBe(false);
  });

  it('sends no code that could no longer be used when it arrived', async () => {
    const { user } = await createUser(t);
    const post = () =>
      t.app.inject({ method: 'POST', url: '/api/user/request-reset-code', payload: { email: user.email } });
    expect((await post()).statusCode).toBe(202);
    t.clock.advance(RESET_CODE_TTL_MINUTES * 60_000);
    await t.app.jobs.drain({ schedules: false });
    expect(t.mail.filter((m) => m.to === user.email)).toEqual([]);

    expect((await post()).statusCode).toBe(202);
    await t.app.jobs.drain({ schedules: false });
    expect(t.mail.filter((m) => m.to === user.email && /reset code/.test(m.subject))).toHaveLength(1);
  });
});
