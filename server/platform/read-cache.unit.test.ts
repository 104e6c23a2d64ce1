import { describe, expect, it } from 'vitest';
import { fixedClock } from './clock';
import { createReadCache } from './read-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('createReadCache', () => {
  it('reads once for a burst of the same key, and again once the answer is ttlMs old', async () => {
    const clock = fixedClock();
    const cache = createReadCache<number>({ clock, ttlMs: 1000 });
    let reads = 0;
    const read = async () => ++reads;
    expect(await Promise.all([cache.get('a', read), cache.get('a', read)])).toEqual([1, 1]);
    clock.advance(999);
    expect(await cache.get('a', read)).toBe(1);
    clock.advance(1);
    expect(await cache.get('a', read)).toBe(2);
    expect(await cache.get('b', read)).toBe(3);
  });

  it('never keeps an answer read before a clear', async () => {
    const cache = createReadCache<string>({ clock: fixedClock(), ttlMs: 1000 });
    const slow = deferred<string>();
    const before = cache.get('page', () => slow.promise);
    cache.clear();
    // A read after the clear does not wait for the one before it …
    expect(await cache.get('page', async () => 'after')).toBe('after');
    slow.resolve('before');
    expect(await before).toBe('before');
    // … and the older answer does not replace the newer one.
    expect(await cache.get('page', async () => 'again')).toBe('after');
  });

  it('keeps at most maxEntries, dropping the oldest', async () => {
    const cache = createReadCache<string>({ clock: fixedClock(), ttlMs: 1000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(await cache.get('a', async () => 'read again')).toBe('read again');
    expect(await cache.get('c', async () => 'read again')).toBe('c');
  });

  it('reads every time with ttlMs 0, and does not keep a failed read', async () => {
    const off = createReadCache<number>({ clock: fixedClock(), ttlMs: 0 });
    let reads = 0;
    await off.get('a', async () => ++reads);
    expect(await off.get('a', async () => ++reads)).toBe(2);

    const cache = createReadCache<number>({ clock: fixedClock(), ttlMs: 1000 });
    await expect(cache.get('a', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('a', async () => 7)).toBe(7);
  });
});
