import { z } from 'zod';

/**
 * Live events: what the server pushes to a signed-in person's open browsers over
 * `GET /api/events` (server-sent events). Domains publish them; the web app's one stream per
 * browser hands them to the screens that listen.
 */

/** Sent once when the stream is open, so a client knows it will hear what happens from now on. */
export const READY_EVENT = 'ready';
/** Sent before the server closes the stream because its session has ended: sign in again. */
export const SESSION_ENDED_EVENT = 'session-ended';
/** Sent before the server closes the stream for a restart: connect again (to another instance). */
export const RECONNECT_EVENT = 'reconnect';
/**
 * Sent before the server closes the oldest stream of a session or a person holding too many: a
 * newer one has taken its place. Connecting again at once would only close another, so a client
 * waits until the person comes back to it.
 */
export const REPLACED_EVENT = 'replaced';
/**
 * Sent instead of the missed events when a client reconnects from a position the server no longer
 * holds (older than the log keeps, or unknown): re-read everything shown.
 */
export const RESET_EVENT = 'reset';
/** The header (or, for clients that cannot set headers, `?lastEventId=`) naming the last event seen. */
export const LAST_EVENT_ID_HEADER = 'last-event-id';

export const LiveEventType = z.string().regex(/^[a-z][a-z0-9.-]{0,62}$/);

/** One event for one person: a type (`message.created`) and a small payload (ids, not records). */
export const LiveEvent = z.object({ type: LiveEventType, data: z.unknown() });
export type LiveEvent = z.infer<typeof LiveEvent>;
