import type { FastifyInstance, onSendHookHandler } from 'fastify';
import type { Clock } from './clock';
import type { Events } from './events';

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

    /** Forgets the answers whose key starts with `prefix` (one reader's: see `readerKey`), as `clear` does all. */
    forget(prefix: string): void {
      generation += 1;
      for (const key of entries.keys()) if (key.startsWith(prefix)) entries.delete(key);
      for (const key of pending.keys()) if (key.startsWith(prefix)) pending.delete(key);
    },
  };
}

/**
 * The key of an answer kept for one reader (a user's id; '' for a visitor), so that
 * `forget(readerKey(id))` forgets every answer kept for them.
 */
export const readerKey = (readerId: string, ...parts: string[]) => [readerId, ...parts, ''].join('\n');
export type ReadCache<T> = ReturnType<typeof createReadCache<T>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A write that cannot change what the kept answers show (a message, a question to AI Sifu):
     * the caches stay as they are.
     */
    keepsReadCaches?: boolean;
  }
}

/** What a write forgets of the answers kept (see `forgetOnWrites`). */
export interface KeptAnswers {
  /** What every reader sees alike: the course cards, the search, the public pages. */
  shared(): void;
  /** The answers kept for one user (their profile, their course pages, their progress). */
  reader(userId: string): void;
  /** The answers kept for every reader. */
  everyReader(): void;
}

/** Where the instances tell each other which kept answers a write has changed. */
const WRITTEN_CHANNEL = 'course_cards_changed';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Kept answers follow the API's writes. A write through this instance (any POST, PUT, PATCH or
 * DELETE that succeeds and is not marked `keepsReadCaches`) forgets, before its answer is sent,
 * the shared answers and its caller's own, so whoever wrote reads their change. The other
 * instances are told before the answer too: they forget the student's own answers, or, after a
 * write by an admin or by a caller without a session (a payment provider's webhook, an e-mail
 * link), every answer kept. Their shared answers otherwise follow a student's write within the
 * caches' seconds; a change made outside the API (a job, the CLI) shows within them everywhere.
 */
export async function forgetOnWrites(api: FastifyInstance, events: Events, kept: KeptAnswers) {
  const forgetAll = () => {
    kept.shared();
    kept.everyReader();
  };
  const unsubscribe = await events.subscribe(WRITTEN_CHANNEL, (payload) => {
    const reader = (payload as { reader?: unknown } | null)?.reader;
    if (typeof reader === 'string') kept.reader(reader);
    else forgetAll();
  });
  api.addHook('onClose', unsubscribe);
  const forgetOnSend: onSendHookHandler = (request, reply, payload, done) => {
    if (!WRITES.has(request.method) || reply.statusCode >= 400) return done(null, payload);
    const caller = request.auth?.user;
    const student = caller && !caller.is_admin ? caller.id : undefined;
    if (student) {
      kept.shared();
      kept.reader(student);
    } else forgetAll();
    events
      .publish(WRITTEN_CHANNEL, student ? { reader: student } : null)
      .catch((error: unknown) => request.log.warn({ err: error }, 'could not tell the other instances'))
      .finally(() => done(null, payload));
  };
  // Only on the write routes, so the reads that make up most requests pass no hook at all.
  api.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.some((method) => WRITES.has(method)) || route.config?.keepsReadCaches) return;
    const own = route.onSend ? [route.onSend].flat() : [];
    route.onSend = [...own, forgetOnSend];
  });
}
