import { and, eq, gt, gte, lte, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  DEFAULT_SESSION_IDLE_DAYS,
  PASSWORD_CHANGE_SESSION_TTL_MINUTES,
  SESSION_TTL_DAYS,
} from '../../common/auth';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Clock } from './clock';
import { forbidden, unauthorized } from './errors';
import type { Events, Unsubscribe } from './events';
import { hashToken, newToken } from './tokens';
import { afterCommit } from './tx';

export type Access = 'public' | 'user' | 'admin';
/**
 * What a session that must set a new password may call: `true` for any caller, `'self'` only for
 * a `/…/{id}/…` path naming the caller. A route that does not say is closed to such a session.
 */
export type DuringPasswordChange = true | 'self';
export type UserRow = typeof users.$inferSelect;

/**
 * Who is calling, as access decisions need it — never the users row, whose password hash and
 * personal details a handler has no business carrying around; a service that needs more asks
 * the users service.
 */
export interface Principal {
  id: string;
  is_admin: boolean;
}

export interface AuthContext {
  user: Principal;
  sessionId: string;
  requiresPasswordChange: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every /api route must declare it. */
    access?: Access;
    duringPasswordChange?: DuringPasswordChange;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** How stale `last_used_at` may get before a request records the use: one write a minute at most. */
const LAST_USED_PRECISION_MS = MINUTE;

const normalExpiry = (now: Date) => new Date(now.getTime() + SESSION_TTL_DAYS * DAY);

/**
 * Where the instances tell each other that sessions ended or changed, so their caches forget them
 * and the streams of an ended session close.
 */
export const SESSIONS_CHANNEL = 'sessions_changed';
/**
 * What a sessions_changed event names: one session, or every session of a user but one. `ended`
 * says the sessions are gone; without it they may only have changed (the user's rights, a
 * password change finished) and are read again.
 */
export const SessionsChanged = z.union([
  z.object({ sessionId: z.string(), ended: z.boolean().optional() }),
  z.object({ userId: z.string(), except: z.string().optional(), ended: z.boolean().optional() }),
]);
export type SessionsChanged = z.infer<typeof SessionsChanged>;

/** Whether a sessions_changed event names the session `sessionId` of the user `userId`. */
export function namesSession(
  change: SessionsChanged,
  session: { sessionId: string; userId: string },
): boolean {
  return 'sessionId' in change
    ? change.sessionId === session.sessionId
    : change.userId === session.userId && change.except !== session.sessionId;
}

export interface SessionCacheOptions {
  /** How long a resolved session is trusted without reading it again; 0 turns the cache off. */
  ttlMs: number;
  /** Entries kept at most; the oldest go first. */
  maxEntries?: number;
}

interface CachedSession {
  context: AuthContext;
  expiresAt: number;
  lastUsedAt: number;
  cachedAt: number;
}

const copyOf = (context: AuthContext): AuthContext => ({ ...context, user: { ...context.user } });

/**
 * Sessions are opaque tokens: 32 random bytes handed out once, kept only as a SHA-256 hash. A
 * session ends SESSION_TTL_DAYS after sign-in, or sooner when unused for `idleDays`; one that must
 * set a new password lives PASSWORD_CHANGE_SESSION_TTL_MINUTES.
 */
export function createSessionStore(
  db: Db,
  clock: Clock,
  {
    idleDays = DEFAULT_SESSION_IDLE_DAYS,
    cache: cacheOptions = { ttlMs: 0 },
  }: { idleDays?: number; cache?: SessionCacheOptions } = {},
) {
  const idleMs = idleDays * DAY;
  const { ttlMs, maxEntries = 10_000 } = cacheOptions;
  /**
   * Token hash → the session as last read: a signed-in request then costs no query. An entry is
   * trusted for `ttlMs` at most; this instance forgets it at once when the session ends or its
   * user changes, other instances when the sessions_changed event reaches them.
   */
  const cache = new Map<string, CachedSession>();
  /** Moves on every forget, so a read that started before one is not cached after it. */
  let generation = 0;
  let events: Events | undefined;

  function forgetLocally(change: SessionsChanged) {
    generation += 1;
    for (const [hash, { context }] of cache) {
      if (namesSession(change, { sessionId: context.sessionId, userId: context.user.id })) cache.delete(hash);
    }
  }

  /** Announcements still on their way; `settled()` waits for them. */
  const announcing = new Set<Promise<unknown>>();

  /** Who hears every sessions_changed event, this instance's own included (`watch`). */
  const watchers = new Set<(change: SessionsChanged) => void>();
  let hearing: Promise<Unsubscribe> | undefined;

  /** Subscribes once to the other instances' changes (and this one's, as the bus returns them). */
  function hear(): Promise<Unsubscribe> {
    if (!events) return Promise.resolve(async () => {});
    const bus = events;
    hearing ??= bus
      .subscribe(SESSIONS_CHANNEL, (payload) => {
        const change = SessionsChanged.safeParse(payload);
        if (!change.success) return;
        // The cache first, so a watcher that reads the session again reads it from the database.
        if (ttlMs > 0) forgetLocally(change.data);
        for (const watcher of watchers) watcher(change.data);
      })
      .catch((error: unknown) => {
        hearing = undefined;
        throw error;
      });
    return hearing;
  }

  /**
   * Forgets now, again once the change has committed, and tells every instance — also when this
   * store caches nothing (the CLI revoking a live server's sessions). Outside a transaction it
   * resolves once the announcement is out, so an answer sent after it follows it on the bus: an
   * event published after that answer reaches every instance after the announcement.
   */
  function forget(change: SessionsChanged): Promise<void> {
    if (ttlMs > 0) forgetLocally(change);
    let told: Promise<void> = Promise.resolve();
    afterCommit(db, () => {
      if (ttlMs > 0) forgetLocally(change);
      if (!events) return;
      const sent = events.publish(SESSIONS_CHANNEL, change).catch(() => {});
      announcing.add(sent);
      void sent.finally(() => announcing.delete(sent));
      told = sent;
    });
    return told;
  }

  function remember(hash: string, entry: CachedSession) {
    cache.delete(hash);
    cache.set(hash, entry);
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value!);
  }

  /** Records a use at most once a minute; guarded, so concurrent requests write it once between them. */
  async function touch(sessionId: string, lastUsedAt: number, now: Date) {
    if (now.getTime() - lastUsedAt < LAST_USED_PRECISION_MS) return false;
    const staleBefore = new Date(now.getTime() - LAST_USED_PRECISION_MS);
    await db
      .update(sessions)
      .set({ last_used_at: now })
      .where(and(eq(sessions.id, sessionId), lte(sessions.last_used_at, staleBefore)));
    return true;
  }

  return {
    /** Waits until the other instances have been told of every change made so far. */
    async settled() {
      await Promise.all([...announcing]);
    },

    /** Publishes this store's changes on `bus` and, when it caches, listens for the other instances'. */
    async listen(bus: Events): Promise<void> {
      events = bus;
      if (ttlMs > 0 || watchers.size > 0) await hear();
    },

    /**
     * Calls `watcher` with every sessions_changed event from any instance, this one's included,
     * in the bus's order among the other events; resolves once listening, with the way to stop.
     */
    async watch(watcher: (change: SessionsChanged) => void): Promise<() => void> {
      watchers.add(watcher);
      try {
        await hear();
      } catch (error) {
        watchers.delete(watcher);
        throw error;
      }
      return () => watchers.delete(watcher);
    },

    /**
     * A user's sign-in rights changed (admin, active): their cached sessions are read again, on
     * every instance before any event published after this resolves.
     */
    forgetUser(userId: string): Promise<void> {
      return forget({ userId });
    },

    async create(userId: string, options: { requiresPasswordChange?: boolean } = {}) {
      const token = newToken();
      const now = clock.now();
      const restricted = options.requiresPasswordChange ?? false;
      await db.insert(sessions).values({
        user_id: userId,
        token_hash: hashToken(token),
        requires_password_change: restricted,
        created_at: now,
        expires_at: restricted
          ? new Date(now.getTime() + PASSWORD_CHANGE_SESSION_TTL_MINUTES * MINUTE)
          : normalExpiry(now),
        last_used_at: now,
      });
      return token;
    },

    async resolve(token: string): Promise<AuthContext | null> {
      const now = clock.now();
      const nowMs = now.getTime();
      const hash = hashToken(token);
      const hit = ttlMs > 0 ? cache.get(hash) : undefined;
      if (hit) {
        const usable =
          nowMs - hit.cachedAt < ttlMs && hit.expiresAt > nowMs && hit.lastUsedAt >= nowMs - idleMs;
        if (usable) {
          if (await touch(hit.context.sessionId, hit.lastUsedAt, now)) hit.lastUsedAt = nowMs;
          return copyOf(hit.context);
        }
        cache.delete(hash);
      }
      const readAt = generation;
      const rows = await db
        .select({
          user: { id: users.id, is_admin: users.is_admin },
          isActive: users.is_active,
          sessionId: sessions.id,
          requiresPasswordChange: sessions.requires_password_change,
          lastUsedAt: sessions.last_used_at,
          expiresAt: sessions.expires_at,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.user_id))
        .where(
          and(
            eq(sessions.token_hash, hash),
            gt(sessions.expires_at, now),
            gte(sessions.last_used_at, new Date(now.getTime() - idleMs)),
          ),
        )
        .limit(1);
      const row = rows[0];
      if (!row?.isActive) return null;
      const { lastUsedAt, expiresAt, isActive: _active, ...context } = row;
      const touched = await touch(row.sessionId, lastUsedAt.getTime(), now);
      if (ttlMs > 0 && readAt === generation) {
        remember(hash, {
          context: copyOf(context),
          expiresAt: expiresAt.getTime(),
          lastUsedAt: touched ? nowMs : lastUsedAt.getTime(),
          cachedAt: nowMs,
        });
      }
      return context;
    },

    /** Ends the session; every instance closes its streams before any event published after this returns. */
    async revoke(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
      await forget({ sessionId, ended: true });
    },

    async revokeAllForUser(userId: string, options: { except?: string } = {}) {
      await db
        .delete(sessions)
        .where(
          and(eq(sessions.user_id, userId), options.except ? ne(sessions.id, options.except) : undefined),
        );
      await forget({ userId, ...(options.except ? { except: options.except } : {}), ended: true });
    },

    /** A session that has set its new password becomes an ordinary one, with the ordinary lifetime. */
    async clearPasswordChange(userId: string) {
      await db
        .update(sessions)
        .set({ requires_password_change: false, expires_at: normalExpiry(clock.now()) })
        .where(and(eq(sessions.user_id, userId), eq(sessions.requires_password_change, true)));
      await forget({ userId });
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * Fails closed: an /api route that does not declare its access level cannot be registered,
 * and every request is checked against the level its route declares.
 */
export function registerAccessControl(app: FastifyInstance, store: SessionStore): void {
  app.decorateRequest('auth', null);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (access !== 'public' && access !== 'user' && access !== 'admin') {
      throw new Error(`Route ${String(route.method)} ${route.url} does not declare config.access`);
    }
  });

  // A callback hook: a visitor's request to a public route, most of the traffic, waits for nothing.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config.access;
    if (!access) return done(); // not an /api route (static files, docs)
    const token = bearerToken(request);
    if (!token) return done(access === 'public' ? undefined : unauthorized());
    store.resolve(token).then(
      (auth) => done(admit(request, access, auth)),
      (error: Error) => done(error),
    );
  });
}

/** Sets the request's caller from its session; the error that refuses it, if any. */
function admit(request: FastifyRequest, access: Access, auth: AuthContext | null): Error | undefined {
  request.auth = auth;
  if (auth?.requiresPasswordChange && !allowedDuringPasswordChange(request, auth)) {
    // A public route still answers, but as for a visitor: the session lends it no identity.
    if (access === 'public') request.auth = null;
    else return passwordChangeRequired();
  }
  if (access === 'public') return undefined;
  if (!request.auth) return unauthorized('Your session has expired. Please sign in again.', 'INVALID_TOKEN');
  if (access === 'admin' && !request.auth.user.is_admin)
    return forbidden('Admin access required', 'ADMIN_ONLY');
  return undefined;
}

const passwordChangeRequired = () =>
  forbidden('Please set a new password before continuing', 'PASSWORD_CHANGE_REQUIRED');

function allowedDuringPasswordChange(request: FastifyRequest, auth: AuthContext): boolean {
  const allowance = request.routeOptions.config.duringPasswordChange;
  if (allowance === 'self') return (request.params as { id?: unknown }).id === auth.user.id;
  return allowance === true;
}

/** The signed-in caller; only for routes declared 'user' or 'admin'. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** A `/user/{id}/…` path answers only for the caller or an admin. */
export function assertSelfOrAdmin(auth: AuthContext, userId: string): void {
  if (auth.user.id !== userId && !auth.user.is_admin) {
    throw forbidden('You can only access your own account', 'NOT_OWNER');
  }
}
