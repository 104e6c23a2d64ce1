import type { Clock } from './clock';

export interface ReadCacheOptions {
  clock: Clock;
  /** How long an answer is served again without reading it; 0 turns the cache off. */
  ttlMs: number;
  /** Answers kept at most; the oldest go first. */
  maxEntries?: number;
}

/**
 * Answers of a read that many requests repeat (a page of the catalogue), kept for `ttlMs` by key.
 * `clear()` forgets them all; a read that started before a clear is not kept after it, so an
 * answer from before a change is never served once the change is known.
 */
export function createReadCache<T>({ clock, ttlMs, maxEntries = 200 }: ReadCacheOptions) {
  const entries = new Map<string, { value: T; at: number }>();
  /** Reads in flight by key, so a burst of the same request reads once. */
  const pending = new Map<string, Promise<T>>();
  let generation = 0;

  return {
    async get(key: string, read: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return read();
      const now = clock.now().getTime();
      const hit = entries.get(key);
      if (hit && now - hit.at < ttlMs) return hit.value;
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      const startedIn = generation;
      const reading = read().then((value) => {
        if (startedIn === generation) {
          entries.delete(key);
          entries.set(key, { value, at: now });
          if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
        }
        return value;
      });
      pending.set(key, reading);
      try {
        return await reading;
      } finally {
        if (pending.get(key) === reading) pending.delete(key);
      }
    },

    clear(): void {
      generation += 1;
      entries.clear();
      pending.clear();
    },
  };
}
export type ReadCache<T> = ReturnType<typeof createReadCache<T>>;
