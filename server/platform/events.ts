import { EventEmitter } from 'node:events';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import type { Config } from '../config';
import type { Database, Db, Tx } from '../db/client';
import { afterCommit } from './tx';

/** NOTIFY refuses payloads of 8000 bytes or more; the same limit holds in process, so code moves unchanged. */
export const MAX_EVENT_BYTES = 7999;
/** Lower case, so the channel names the same thing quoted (LISTEN) and as a string (pg_notify). */
const CHANNEL = /^[a-z][a-z0-9_]{0,62}$/;
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

export type EventHandler = (payload: unknown) => void;
export type Unsubscribe = () => Promise<void>;

/**
 * Publish/subscribe between the instances of the app: what one instance publishes, every
 * subscriber on every instance receives (at most once; nothing is kept for an absent subscriber).
 */
export interface Events {
  kind: 'postgres' | 'redis' | 'in-process';
  /** `tx` delivers the event only once the caller's transaction commits, never if it rolls back. */
  publish(channel: string, payload: unknown, tx?: Tx): Promise<void>;
  /** Resolves once events on the channel are being received. */
  subscribe(channel: string, handler: EventHandler): Promise<Unsubscribe>;
  close(): Promise<void>;
}

/** The JSON text sent for a payload; throws on a bad channel or a payload NOTIFY would refuse. */
export function encodeEvent(channel: string, payload: unknown): string {
  if (!CHANNEL.test(channel)) throw new Error(`invalid event channel ${JSON.stringify(channel)}`);
  const text = JSON.stringify(payload ?? null);
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_EVENT_BYTES) {
    throw new Error(
      `event on ${channel} is ${bytes} bytes; the limit is ${MAX_EVENT_BYTES}: send an id and let subscribers read the rest`,
    );
  }
  return text;
}

function createRegistry(log: FastifyBaseLogger) {
  const handlers = new Map<string, Set<EventHandler>>();
  return {
    handlers,
    add(channel: string, handler: EventHandler): boolean {
      const set = handlers.get(channel) ?? new Set();
      handlers.set(channel, set);
      set.add(handler);
      return set.size === 1;
    },
    /** True when the channel has no handler left. */
    remove(channel: string, handler: EventHandler): boolean {
      const set = handlers.get(channel);
      if (!set?.delete(handler) || set.size > 0) return false;
      handlers.delete(channel);
      return true;
    },
    dispatch(channel: string, text: string) {
      let payload: unknown;
      try {
        payload = JSON.parse(text);
      } catch (error) {
        log.warn({ err: error, channel }, 'event payload is not JSON; dropped');
        return;
      }
      for (const handler of handlers.get(channel) ?? []) {
        try {
          handler(payload);
        } catch (error) {
          log.error({ err: error, channel }, 'event handler failed');
        }
      }
    },
  };
}

/**
 * PGlite has one process: events go through an EventEmitter, as JSON text like NOTIFY's. Given the
 * database, an event published inside a transaction waits for its commit, as NOTIFY's does.
 */
export function inProcessEvents(log: FastifyBaseLogger, db?: Db): Events {
  const registry = createRegistry(log);
  const emitter = new EventEmitter();
  emitter.on('event', (channel: string, text: string) => registry.dispatch(channel, text));
  return {
    kind: 'in-process',
    async publish(channel, payload, tx) {
      const text = encodeEvent(channel, payload);
      // After the caller's current step, as a notification would arrive.
      const emit = () => setImmediate(() => emitter.emit('event', channel, text));
      if (tx && db) afterCommit(db, emit);
      else emit();
    },
    async subscribe(channel, handler) {
      encodeEvent(channel, null);
      registry.add(channel, handler);
      return async () => {
        registry.remove(channel, handler);
      };
    },
    async close() {
      registry.handlers.clear();
    },
  };
}

/**
 * PostgreSQL: publish is `pg_notify` through the pool; subscribing LISTENs on one dedicated
 * connection (a pooled one would be handed to other queries). A lost connection is reopened with
 * a growing delay, and every channel listened to again; events published meanwhile are missed,
 * so subscribers treat an event as a hint to re-read, never as the only copy.
 */
export function postgresEvents(db: Db, url: string, log: FastifyBaseLogger): Events {
  const registry = createRegistry(log);
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryMs = RECONNECT_MIN_MS;
  let retryTimer: NodeJS.Timeout | undefined;
  let commands: Promise<unknown> = Promise.resolve();

  /** LISTEN and UNLISTEN one at a time on the listening connection, as pg will require. */
  function command(listener: pg.Client, text: string): Promise<unknown> {
    const run = commands.then(() => listener.query(text));
    commands = run.catch(() => {});
    return run;
  }

  function lost(which: pg.Client, error?: Error) {
    if (client !== which) return;
    client = undefined;
    which.removeAllListeners('notification');
    void which.end().catch(() => {});
    if (closed) return;
    log.warn({ err: error }, 'event connection lost; reconnecting');
    if (registry.handlers.size > 0) scheduleReconnect();
  }

  function scheduleReconnect() {
    if (retryTimer || closed) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((error: unknown) => {
        log.warn({ err: error }, 'event connection failed; retrying');
        retryMs = Math.min(retryMs * 2, RECONNECT_MAX_MS);
        scheduleReconnect();
      });
    }, retryMs);
    retryTimer.unref();
  }

  function connect(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = new pg.Client({ connectionString: url });
      next.on('error', (error) => lost(next, error));
      next.on('end', () => lost(next));
      next.on('notification', (message) => {
        if (message.payload !== undefined) registry.dispatch(message.channel, message.payload);
      });
      try {
        await next.connect();
        for (const channel of registry.handlers.keys()) await next.query(`LISTEN "${channel}"`);
      } catch (error) {
        next.removeAllListeners();
        next.on('error', () => {});
        await next.end().catch(() => {});
        throw error;
      }
      if (closed) {
        await next.end().catch(() => {});
        throw new Error('events closed');
      }
      client = next;
      retryMs = RECONNECT_MIN_MS;
      return next;
    })().finally(() => {
      connecting = undefined;
    });
    return connecting;
  }

  return {
    kind: 'postgres',
    async publish(channel, payload, tx) {
      const text = encodeEvent(channel, payload);
      await (tx ?? db).execute(sql`select pg_notify(${channel}, ${text})`);
    },
    async subscribe(channel, handler) {
      encodeEvent(channel, null);
      if (closed) throw new Error('events closed');
      const first = registry.add(channel, handler);
      try {
        const listener = await connect();
        if (first) await command(listener, `LISTEN "${channel}"`);
      } catch (error) {
        registry.remove(channel, handler);
        throw error;
      }
      return async () => {
        if (registry.remove(channel, handler) && client) {
          await command(client, `UNLISTEN "${channel}"`).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      registry.handlers.clear();
      await connecting?.catch(() => {});
      const open = client;
      client = undefined;
      if (open) {
        open.removeAllListeners('end');
        await open.end().catch(() => {});
      }
    },
  };
}

/** How long a Redis command may wait, so nothing hangs while Redis is down. */
const REDIS_COMMAND_TIMEOUT_MS = 2_000;

/**
 * Redis pub/sub, when `REDIS_URL` is set: one connection publishes, one (in subscriber mode)
 * listens, and ioredis reconnects and subscribes again by itself. Channels carry the key prefix,
 * so sites sharing one Redis do not hear each other. Publishing inside a transaction waits for
 * the commit (Redis knows nothing of it); a publish that fails is logged, not thrown, since the
 * database change it follows has already happened. As with NOTIFY, delivery is at most once.
 */
export function redisEvents(db: Db, url: string, prefix: string, log: FastifyBaseLogger): Events {
  const registry = createRegistry(log);
  const options = { commandTimeout: REDIS_COMMAND_TIMEOUT_MS, maxRetriesPerRequest: 1 };
  const publisher = new Redis(url, options);
  const subscriber = new Redis(url, options);
  // ioredis reports each failed attempt as an error event; the failing commands are logged where they fail.
  publisher.on('error', () => {});
  subscriber.on('error', () => {});
  subscriber.on('message', (channel: string, text: string) => {
    if (channel.startsWith(prefix)) registry.dispatch(channel.slice(prefix.length), text);
  });
  let closed = false;
  // A subscription asked for while Redis was down is made once it answers (ioredis itself renews
  // only the ones that succeeded), so the app starts and serves without Redis and hears events
  // again when it is back.
  subscriber.on('ready', () => {
    const channels = [...registry.handlers.keys()].map((channel) => prefix + channel);
    if (channels.length > 0 && !closed) {
      subscriber
        .subscribe(...channels)
        .catch((error: unknown) => log.warn({ err: error }, 'events could not subscribe in Redis'));
    }
  });

  return {
    kind: 'redis',
    async publish(channel, payload, tx) {
      const text = encodeEvent(channel, payload);
      const send = () =>
        publisher.publish(prefix + channel, text).then(
          () => {},
          (error: unknown) => log.warn({ err: error, channel }, 'event could not be published to Redis'),
        );
      if (tx) afterCommit(db, () => void send());
      else await send();
    },
    async subscribe(channel, handler) {
      encodeEvent(channel, null);
      if (closed) throw new Error('events closed');
      if (registry.add(channel, handler)) {
        await subscriber
          .subscribe(prefix + channel)
          .catch((error: unknown) =>
            log.warn(
              { err: error, channel },
              'Redis is not answering; the channel is subscribed when it is back',
            ),
          );
      }
      return async () => {
        if (registry.remove(channel, handler) && !closed) {
          await subscriber.unsubscribe(prefix + channel).catch(() => {});
        }
      };
    },
    async close() {
      closed = true;
      registry.handlers.clear();
      await Promise.all(
        [publisher, subscriber].map(async (redis) => {
          if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
          else redis.disconnect();
        }),
      );
    },
  };
}

/** The Redis that carries events, from the configuration (none without `REDIS_URL`). */
export function redisEventsConfig(config: Pick<Config, 'REDIS_URL' | 'REDIS_KEY_PREFIX'>) {
  return config.REDIS_URL ? { url: config.REDIS_URL, prefix: config.REDIS_KEY_PREFIX } : undefined;
}

/** Where events go: Redis when it is configured, else the database's own (NOTIFY, or in process). */
export function createEvents(
  database: Database,
  log: FastifyBaseLogger,
  redis?: { url: string; prefix: string },
): Events {
  if (redis) return redisEvents(database.db, redis.url, `${redis.prefix}events:`, log);
  return database.url ? postgresEvents(database.db, database.url, log) : inProcessEvents(log, database.db);
}
