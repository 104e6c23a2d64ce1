import { PassThrough } from 'node:stream';
import { z } from 'zod';
import {
  LiveEvent,
  READY_EVENT,
  RECONNECT_EVENT,
  REPLACED_EVENT,
  RESET_EVENT,
  SESSION_ENDED_EVENT,
} from '../../../common/live';
import type { Tx } from '../../db/client';
import type { Platform } from '../../platform';
import { namesSession, type SessionsChanged } from '../../platform/auth';
import { encodeEvent, type Unsubscribe } from '../../platform/events';
import { createLiveRepo, type LoggedEvent } from './live.repo';

/** How long the log keeps an event for a stream that reconnects: longer than any usual drop. */
export const LIVE_EVENTS_KEEP_MS = 10 * 60_000;
/** A gap with more events than this is answered with `reset`: re-reading is cheaper than the replay. */
export const REPLAY_LIMIT = 500;
const LIVE_CLEANUP_JOB = 'cleanup.live-events';
/** Often enough that the log stays near its retention, not twice it. */
const CLEANUP_EVERY_MS = LIVE_EVENTS_KEEP_MS / 2;
/** A position in the log as a client sends it back; anything else is unknown. */
const POSITION = /^\d{1,15}$/;

/** A user's channel: NOTIFY channel names allow no dashes, and a UUID without them stays unique. */
export const userChannel = (userId: string) => `user_${userId.replaceAll('-', '')}`;

/** What goes over `platform.events`: the event and its id in the log. */
const Published = LiveEvent.extend({ id: z.number().int() });

/** One server-sent event frame; `data` is JSON on one line, as the format needs. */
export function frame(type: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${type}\ndata: ${JSON.stringify(data ?? null)}\n\n`;
}

/**
 * Streams one session may hold on an instance. A browser reads one stream for all its tabs (a Web
 * Lock elects the tab, decisions/0014); the rest leave room for a reconnect that arrives before
 * the server has noticed the old connection is gone, and for a browser without Web Locks, whose
 * tabs each read their own.
 */
export const MAX_STREAMS_PER_SESSION = 5;
/**
 * Streams one person may hold on an instance, over all their sessions: a phone, a laptop, a tablet
 * and the hall's computer signed in at once, each with a reconnect under way, still fit. Each
 * stream keeps a connection, a subscription and its buffers, so this bounds what one account can
 * make an instance hold.
 */
export const MAX_STREAMS_PER_USER = 10;

/** One open stream, as the service finds it by its session or its user. */
interface Stream {
  userId: string;
  sessionId: string;
  /** Closes the stream, sending `reason` first when given. */
  end(reason?: string): void;
  /** Holds its events back while the session is read again, and ends it if the session is gone. */
  checkSession(): void;
}

/** A set per key, the oldest first (a Set keeps the order things were added in). */
function createIndex() {
  const sets = new Map<string, Set<Stream>>();
  return {
    get: (key: string): ReadonlySet<Stream> => sets.get(key) ?? new Set(),
    add(key: string, stream: Stream) {
      const set = sets.get(key) ?? new Set();
      sets.set(key, set);
      set.add(stream);
    },
    delete(key: string, stream: Stream) {
      const set = sets.get(key);
      if (set?.delete(stream) && set.size === 0) sets.delete(key);
    },
  };
}

/**
 * Event streams to signed-in browsers. Each open stream subscribes to its user's channel of
 * `platform.events`, so an event published on any instance reaches every stream of that user.
 * Every event is also logged with an id, so a stream that reconnects with the last id it saw gets
 * what it missed (decisions/0014). A session that ends (sign-out, a password change, deactivation,
 * deletion, revocation) is announced on the same bus, and every instance closes its streams when
 * the announcement arrives, ahead of any event published after it; a heartbeat keeps proxies from
 * closing a quiet stream and reads the session again, for a session that ended unannounced (it
 * expired). A session or a person holding more streams than the caps loses its oldest.
 */
export function createLiveService(platform: Platform) {
  const repo = createLiveRepo(platform.db);
  const streams = new Set<Stream>();
  const bySession = createIndex();
  const byUser = createIndex();
  // A restart ends every stream with a hint to reconnect, so the drain can close the connections.
  platform.whenDraining(() => {
    for (const stream of [...streams]) stream.end(RECONNECT_EVENT);
  });
  platform.jobs.define(LIVE_CLEANUP_JOB, z.object({}), () =>
    platform.tx(() => repo.deleteUpTo(new Date(platform.clock.now().getTime() - LIVE_EVENTS_KEEP_MS))),
  );
  platform.jobs.every(LIVE_CLEANUP_JOB, CLEANUP_EVERY_MS, LIVE_CLEANUP_JOB);

  /** Takes the stream in, closing the oldest of its session and of its user beyond the caps. */
  function admit(stream: Stream) {
    streams.add(stream);
    bySession.add(stream.sessionId, stream);
    byUser.add(stream.userId, stream);
    trim(bySession.get(stream.sessionId), MAX_STREAMS_PER_SESSION);
    trim(byUser.get(stream.userId), MAX_STREAMS_PER_USER);
  }

  /** Closes the oldest streams of `set` until it holds `cap`; the newest, just admitted, stays. */
  function trim(set: ReadonlySet<Stream>, cap: number) {
    for (const stream of [...set].slice(0, Math.max(0, set.size - cap))) stream.end(REPLACED_EVENT);
  }

  function release(stream: Stream) {
    streams.delete(stream);
    bySession.delete(stream.sessionId, stream);
    byUser.delete(stream.userId, stream);
  }

  /** An ended session closes its streams at once; a changed one has them read it again. */
  function sessionsChanged(change: SessionsChanged) {
    const named = 'sessionId' in change ? bySession.get(change.sessionId) : byUser.get(change.userId);
    for (const stream of [...named]) {
      if (!namesSession(change, stream)) continue;
      if (change.ended) stream.end(SESSION_ENDED_EVENT);
      else stream.checkSession();
    }
  }
  let watching: Promise<unknown> | undefined;
  /** Listens for session changes once the first stream opens; tried again after a failure. */
  const watchSessions = () =>
    (watching ??= platform.sessions.watch(sessionsChanged).catch((error: unknown) => {
      watching = undefined;
      throw error;
    }));

  /**
   * What a stream starting after `lastEventId` sends first: the user's events it missed, or a
   * reset when the log no longer holds all of them (or the id is not one of its positions); and
   * the position a client without one starts from.
   */
  async function catchUp(
    userId: string,
    lastEventId: string | undefined,
  ): Promise<{ missed: LoggedEvent[]; reset: boolean; position?: number }> {
    const last = await repo.last();
    if (lastEventId === undefined) return { missed: [], reset: false, position: last };
    const after = POSITION.test(lastEventId) ? Number(lastEventId) : -1;
    if (after >= 0 && after <= last) {
      const missed = await repo.after(userId, after, REPLAY_LIMIT + 1);
      // Read after the events: a cleanup that ran in between can only make this more careful.
      const horizon = await repo.horizon();
      if (after >= horizon && missed.length <= REPLAY_LIMIT) return { missed, reset: false };
    }
    return { missed: [], reset: true, position: last };
  }

  return {
    /**
     * Sends an event to every open stream of the user, on every instance, and logs it for streams
     * that reconnect. With `tx` (or inside `platform.tx`), the log row is part of that transaction
     * and the event goes out only once it commits.
     */
    async publish(userId: string, event: LiveEvent, tx?: Tx): Promise<void> {
      const { type, data } = LiveEvent.parse(event);
      const channel = userChannel(userId);
      // Refused before anything is written, so an event too big to send is not logged either.
      encodeEvent(channel, { id: Number.MAX_SAFE_INTEGER, type, data });
      // Without a transaction the row is written first: should the send fail, a reconnect still brings it.
      const id = await repo.insert({ user_id: userId, type, data, created_at: platform.clock.now() });
      await platform.events.publish(channel, { id, type, data }, tx);
    },

    /**
     * Opens a stream for the session of `token`, starting after `lastEventId` when the client
     * gives one, ended by whatever `onClientGone` hears of the client leaving. Resolves once the
     * stream is subscribed and caught up, with the body to send.
     */
    async open(
      session: { userId: string; sessionId: string },
      token: string,
      lastEventId: string | undefined,
      onClientGone: (listener: () => void) => void,
    ) {
      const { userId, sessionId } = session;
      const body = new PassThrough();
      let ended = false;
      let unsubscribe: Unsubscribe | undefined;
      const send = (type: string, data: unknown, id?: number) => {
        if (!ended) body.write(frame(type, data, id));
      };
      // Live events wait here while the catch-up is written, so they follow it in order, and while
      // the session is read again, so none goes out once it has ended.
      const held: LoggedEvent[] = [];
      let holds = 1;
      // Ids the catch-up sent. An event is logged before it is announced, so the catch-up can read
      // one whose announcement arrives only afterwards: that announcement is dropped, once.
      const replayed = new Set<number>();
      const deliver = (event: LoggedEvent) => {
        if (!replayed.delete(event.id)) send(event.type, event.data, event.id);
      };
      const resume = () => {
        holds -= 1;
        // Skipped by id, not by order: a transaction that committed late can bring a lower id.
        if (holds === 0) for (const event of held.splice(0)) deliver(event);
      };

      function end(reason?: string) {
        if (ended) return;
        if (reason) send(reason, null);
        ended = true;
        release(stream);
        clearInterval(heartbeat);
        body.end();
        unsubscribe?.().catch((error: unknown) =>
          platform.log.warn({ err: error }, 'live stream could not unsubscribe'),
        );
      }
      const stream: Stream = {
        userId,
        sessionId,
        end,
        checkSession() {
          if (ended) return;
          holds += 1;
          platform.sessions.resolve(token).then(
            (current) => (current?.sessionId === sessionId ? resume() : end(SESSION_ENDED_EVENT)),
            (error: unknown) => {
              platform.log.warn({ err: error }, 'live stream could not check its session');
              resume();
            },
          );
        },
      };
      const heartbeat = setInterval(() => {
        if (!ended) body.write(': keep-alive\n\n');
        stream.checkSession();
      }, platform.config.EVENTS_HEARTBEAT_MS);
      heartbeat.unref();
      // Counted before anything is awaited, so a burst of requests never holds more than the caps.
      admit(stream);
      onClientGone(() => end());

      let start: Awaited<ReturnType<typeof catchUp>>;
      try {
        await watchSessions();
        if (ended) return body;
        const subscribed = await platform.events.subscribe(userChannel(userId), (payload) => {
          const event = Published.safeParse(payload);
          if (!event.success)
            platform.log.warn({ channel: userChannel(userId) }, 'live event without a type dropped');
          else if (holds > 0) held.push(event.data);
          else deliver(event.data);
        });
        unsubscribe = subscribed;
        if (ended) {
          await subscribed();
          return body;
        }
        // Read once the changes are heard: a session that ended before then is found here.
        const [current, caughtUp] = await Promise.all([
          platform.sessions.resolve(token),
          catchUp(userId, lastEventId),
        ]);
        if (current?.sessionId !== sessionId) end(SESSION_ENDED_EVENT);
        start = caughtUp;
      } catch (error) {
        end();
        throw error;
      }
      if (ended) return body;
      const { missed, reset, position } = start;
      send(READY_EVENT, null, reset ? undefined : position);
      if (reset) send(RESET_EVENT, null, position);
      for (const event of missed) {
        send(event.type, event.data, event.id);
        replayed.add(event.id);
      }
      resume();
      return body;
    },

    /** How many streams of the user this instance holds: never more than MAX_STREAMS_PER_USER. */
    openStreams(userId: string): number {
      return byUser.get(userId).size;
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The live event streams: `app.live.publish(userId, event)`. */
    live: LiveService;
  }
}
