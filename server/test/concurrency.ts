import { it, type TestFunction } from 'vitest';

/** In the name of every test of racing requests, so `vitest -t '\[concurrency\]'` picks them out. */
export const CONCURRENCY_TAG = '[concurrency]';

/**
 * A test of requests that race each other. PGlite has a single connection and runs them one after
 * another, so such a test proves something only on PostgreSQL: CI's PostgreSQL step
 * (`.ci/run`, DATABASE_URL set) runs every one of them.
 */
export function itConcurrently(name: string, fn: TestFunction, timeout?: number) {
  return it(`${CONCURRENCY_TAG} ${name}`, fn, timeout);
}
