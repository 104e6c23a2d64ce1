import { PassThrough } from 'node:stream';
import { z } from 'zod';
import {
  LiveEvent,
  READY_EVENT,
  RECONNECT_EVENT,
  RESET_EVENT,
  SESSION_ENDED_EVENT,
} from '../../../common/live';
import type { Tx } from '../../db/client';
import type { Platform } from '../../platform';
import { encodeEvent } from '../../platform/events';
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
 * Event streams to signed-in browsers. Each open stream subscribes to its user's channel of
 * `platform.events`, so an event published on any instance reaches every stream of that user.
 * Every event is also logged with an id, so a stream that reconnects with the last id it saw gets
 * what it missed (decisions/0014). A heartbeat keeps proxies from closing a quiet stream and
 * re-checks the session, so a sign-out or revocation elsewhere ends the stream within one heartbeat.
 */
export function createLiveService(platform: Platform) {
  const repo = createLiveRepo(platform.db);
  const open = new Set<(type: string) => void>();
  // A restart ends every stream with a hint to reconnect, so the drain can close the connections.
  platform.whenDraining(() => {
    for (const end of open) end(RECONNECT_EVENT);
  });
  platform.jobs.register(LIVE_CLEANUP_JOB, () =>
    platform.tx(() => repo.deleteUpTo(new Date(platform.clock.now().getTime() - LIVE_EVENTS_KEEP_MS))),
  );
  platform.jobs.every(LIVE_CLEANUP_JOB, CLEANUP_EVERY_MS, LIVE_CLEANUP_JOB);

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
     * Opens a stream for the user of `token`, starting after `lastEventId` when the client gives
     * one, ended by whatever `onClientGone` hears of the client leaving. Resolves once the stream
     * is subscribed and caught up, with the body to send.
     */
    async open(
      userId: string,
      token: string,
      lastEventId: string | undefined,
      onClientGone: (listener: () => void) => void,
    ) {
      const body = new PassThrough();
      let ended = false;
      const send = (type: string, data: unknown, id?: number) => {
        if (!ended) body.write(frame(type, data, id));
      };
      // Live events wait here until the catch-up is written, so they follow it in order.
      let waiting: LoggedEvent[] | null = [];
      // Ids the catch-up sent. An event is logged before it is announced, so the catch-up can read
      // one whose announcement arrives only afterwards: that announcement is dropped, once.
      const replayed = new Set<number>();
      const unsubscribe = await platform.events.subscribe(userChannel(userId), (payload) => {
        const event = Published.safeParse(payload);
        if (!event.success)
          platform.log.warn({ channel: userChannel(userId) }, 'live event without a type dropped');
        else if (waiting) waiting.push(event.data);
        else if (!replayed.delete(event.data.id)) send(event.data.type, event.data.data, event.data.id);
      });
      let start: Awaited<ReturnType<typeof catchUp>>;
      try {
        start = await catchUp(userId, lastEventId);
      } catch (error) {
        await unsubscribe();
        throw error;
      }
      const heartbeat = setInterval(() => {
        if (!ended) body.write(': keep-alive\n\n');
        void platform.sessions.resolve(token).then(
          (auth) => {
            if (!auth || auth.user.id !== userId) end(SESSION_ENDED_EVENT);
          },
          (error: unknown) => platform.log.warn({ err: error }, 'live stream could not check its session'),
        );
      }, platform.config.EVENTS_HEARTBEAT_MS);
      heartbeat.unref();

      function end(reason?: string) {
        if (ended) return;
        if (reason) send(reason, null);
        ended = true;
        open.delete(end);
        clearInterval(heartbeat);
        body.end();
        unsubscribe().catch((error: unknown) =>
          platform.log.warn({ err: error }, 'live stream could not unsubscribe'),
        );
      }
      open.add(end);
      onClientGone(() => end());

      const { missed, reset, position } = start;
      send(READY_EVENT, null, reset ? undefined : position);
      if (reset) send(RESET_EVENT, null, position);
      for (const event of missed) {
        send(event.type, event.data, event.id);
        replayed.add(event.id);
      }
      // Skipped by id, not by order: a transaction that committed late can bring a lower id.
      for (const event of waiting) if (!replayed.delete(event.id)) send(event.type, event.data, event.id);
      waiting = null;
      return body;
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
