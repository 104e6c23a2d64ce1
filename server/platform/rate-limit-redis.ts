import type { FastifyBaseLogger } from 'fastify';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config';

type Counted = { current: number; ttl: number };

/** Counters kept in this process, used while Redis does not answer. */
function localCounters(maxKeys = 10_000) {
  const entries = new Map<string, { count: number; resetAt: number }>();
  return (key: string, windowMs: number): Counted => {
    const now = Date.now();
    const found = entries.get(key);
    const entry = found && found.resetAt > now ? found : { count: 0, resetAt: now + windowMs };
    entry.count += 1;
    // Re-inserting keeps the map in least-recently-used order, so the oldest key goes first.
    entries.delete(key);
    entries.set(key, entry);
    if (entries.size > maxKeys) entries.delete(entries.keys().next().value!);
    return { current: entry.count, ttl: entry.resetAt - now };
  };
}

/** Counts and reads the window in one step, and repairs a key that somehow lost its expiry. */
const INCREMENT = `
  local current = redis.call('INCR', KEYS[1])
  local ttl = redis.call('PTTL', KEYS[1])
  if current == 1 or ttl < 0 then
    redis.call('PEXPIRE', KEYS[1], ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  return {current, ttl}
`;

type CountingRedis = Redis & { kwoonRateLimit(key: string, windowMs: number): Promise<[number, number]> };

/**
 * A store for @fastify/rate-limit that keeps counters in Redis, so every instance and a restarted
 * one see the same counts. While Redis does not answer, each process counts on its own: limits
 * stay in force (per instance) and no request fails because of the store.
 */
function redisStore(redis: CountingRedis, prefix: string, log: FastifyBaseLogger): FastifyRateLimitStoreCtor {
  const fallback = localCounters();
  let degraded = false;

  class SharedStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly namespace = prefix,
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number) {
      const fullKey = this.namespace + key;
      const local = () => callback(null, fallback(fullKey, timeWindow));
      if (redis.status !== 'ready') {
        if (!degraded)
          log.warn('Redis is not reachable; rate limits are counted in each process until it is');
        degraded = true;
        return local();
      }
      redis.kwoonRateLimit(fullKey, timeWindow).then(
        ([current, ttl]) => {
          if (degraded) log.info('Redis is reachable again; rate limits are shared');
          degraded = false;
          callback(null, { current, ttl });
        },
        (error: unknown) => {
          if (!degraded) log.warn({ err: error }, 'Redis failed; rate limits are counted in each process');
          degraded = true;
          local();
        },
      );
    }

    child(routeOptions: unknown) {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      return new SharedStore(null, `${prefix}${String(route?.method)}:${String(route?.url)}:`);
    }
  }
  return SharedStore;
}

/**
 * The rate-limit plugin's store: shared through Redis when REDIS_URL is set, else the plugin's own
 * in-process counters. `close` ends the Redis connection with the app.
 */
export async function createRateLimitStore(
  config: Pick<Config, 'REDIS_URL' | 'REDIS_KEY_PREFIX'>,
  log: FastifyBaseLogger,
): Promise<{ store?: FastifyRateLimitStoreCtor; close(): Promise<void> }> {
  if (!config.REDIS_URL) return { close: async () => {} };
  const redis = new Redis(config.REDIS_URL, {
    lazyConnect: true,
    // Fail at once instead of queueing while disconnected, so a request never waits for Redis.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    commandTimeout: 500,
    retryStrategy: (attempt) => Math.min(attempt * 500, 5_000),
  }) as CountingRedis;
  redis.defineCommand('kwoonRateLimit', { numberOfKeys: 1, lua: INCREMENT });
  // Failures are reported by the store when a request meets them; without a listener ioredis
  // would print every reconnect attempt.
  redis.on('error', () => {});
  try {
    await redis.connect();
  } catch (error) {
    log.warn({ err: error }, 'Redis is not reachable at start; rate limits are counted in this process');
  }
  return {
    store: redisStore(redis, `${config.REDIS_KEY_PREFIX}rate-limit:`, log),
    async close() {
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
