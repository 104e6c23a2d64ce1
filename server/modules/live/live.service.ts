import { PassThrough } from 'node:stream';
import { LiveEvent, READY_EVENT, RECONNECT_EVENT, SESSION_ENDED_EVENT } from '../../../common/live';
import type { Tx } from '../../db/client';
import type { Platform } from '../../platform';

/** A user's channel: NOTIFY channel names allow no dashes, and a UUID without them stays unique. */
export const userChannel = (userId: string) => `user_${userId.replaceAll('-', '')}`;

/** One server-sent event frame; `data` is JSON on one line, as the format needs. */
export function frame(type: string, data: unknown): string {
  return `event: ${type}\ndata: ${JSON.stringify(data ?? null)}\n\n`;
}

/**
 * Event streams to signed-in browsers. Each open stream subscribes to its user's channel of
 * `platform.events`, so an event published on any instance reaches every stream of that user.
 * A heartbeat keeps proxies from closing a quiet stream and re-checks the session, so a sign-out
 * or revocation elsewhere ends the stream within one heartbeat.
 */
export function createLiveService(platform: Platform) {
  const open = new Set<(type: string) => void>();
  // A restart ends every stream with a hint to reconnect, so the drain can close the connections.
  platform.whenDraining(() => {
    for (const end of open) end(RECONNECT_EVENT);
  });

  return {
    /**
     * Sends an event to every open stream of the user, on every instance. With `tx` (or inside
     * `platform.tx`), only once that transaction commits.
     */
    async publish(userId: string, event: LiveEvent, tx?: Tx): Promise<void> {
      await platform.events.publish(userChannel(userId), LiveEvent.parse(event), tx);
    },

    /**
     * Opens a stream for the user of `token`, ended by whatever `onClientGone` hears of the client
     * leaving. Resolves once the stream is subscribed, with the body to send.
     */
    async open(userId: string, token: string, onClientGone: (listener: () => void) => void) {
      const body = new PassThrough();
      let ended = false;
      const send = (type: string, data: unknown) => {
        if (!ended) body.write(frame(type, data));
      };
      const unsubscribe = await platform.events.subscribe(userChannel(userId), (payload) => {
        const event = LiveEvent.safeParse(payload);
        if (event.success) send(event.data.type, event.data.data);
        else platform.log.warn({ channel: userChannel(userId) }, 'live event without a type dropped');
      });
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
      send(READY_EVENT, null);
      return body;
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
