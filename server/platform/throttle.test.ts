import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';
import { createThrottle, tooManyAttempts } from './throttle';
import { itConcurrently } from '../test/concurrency';

const RULE = { limit: 5, windowMs: 15 * 60_000 };
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('attempt throttle', () => {
  itConcurrently('allows at most the limit when 40 attempts arrive at once', async () => {
    const throttle = createThrottle(t.database.db, t.clock);
    const hits = await Promise.all(Array.from({ length: 40 }, () => throttle.hit('test:burst', RULE)));
    expect(hits.filter((hit) => hit.allowed)).toHaveLength(RULE.limit);
    expect(hits.map((hit) => hit.attempts).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    expect(hits.filter((hit) => hit.justLocked)).toHaveLength(1);
  });

  it('opens again when the window has passed, and reset forgets the attempts', async () => {
    const throttle = createThrottle(t.database.db, t.clock);
    for (let i = 0; i < RULE.limit; i++) expect((await throttle.hit('test:window', RULE)).allowed).toBe(true);
    const refused = await throttle.hit('test:window', RULE);
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 15 * 60 });

    t.clock.advance(10 * 60_000);
    expect(await throttle.hit('test:window', RULE)).toMatchObject({
      allowed: false,
      retryAfterSeconds: 5 * 60,
    });
    t.clock.advance(5 * 60_000);
    expect(await throttle.hit('test:window', RULE)).toMatchObject({ allowed: true, attempts: 1 });

    await throttle.reset('test:window');
    expect(await throttle.hit('test:window', RULE)).toMatchObject({ allowed: true, attempts: 1 });
  });

  it('counts each key on its own', async () => {
    const throttle = createThrottle(t.database.db, t.clock);
    for (let i = 0; i <= RULE.limit; i++) await throttle.hit('test:a', RULE);
    expect((await throttle.hit('test:b', RULE)).allowed).toBe(true);
  });
});

describe('the answer past a limit', () => {
  it('says the wait in seconds up to a minute and a half, then in whole minutes', () => {
    expect(tooManyAttempts(1).message).toBe('Too many attempts. Please try again in 1 seconds.');
    expect(tooManyAttempts(90).message).toBe('Too many attempts. Please try again in 90 seconds.');
    expect(tooManyAttempts(91).message).toBe('Too many attempts. Please try again in 2 minutes.');
    expect(tooManyAttempts(3600).message).toBe('Too many attempts. Please try again in 60 minutes.');
    expect(tooManyAttempts(3600)).toMatchObject({
      statusCode: 429,
      code: 'TOO_MANY_REQUESTS',
      headers: { 'retry-after': '3600' },
    });
  });

  it('hitOrThrow counts like hit and refuses past the limit with that answer', async () => {
    const throttle = createThrottle(t.database.db, t.clock);
    for (let i = 0; i < RULE.limit; i++) await throttle.hitOrThrow('test:or-throw', RULE);
    await expect(throttle.hitOrThrow('test:or-throw', RULE)).rejects.toMatchObject({
      statusCode: 429,
      message: 'Too many attempts. Please try again in 15 minutes.',
      headers: { 'retry-after': String(15 * 60) },
    });
    expect(await throttle.hit('test:or-throw', RULE)).toMatchObject({
      allowed: false,
      attempts: RULE.limit + 2,
    });
  });
});
