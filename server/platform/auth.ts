import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_TTL_DAYS } from '../../common/auth';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { Clock } from './clock';
import { forbidden, unauthorized } from './errors';

export type Access = 'public' | 'user' | 'admin';
export type UserRow = typeof users.$inferSelect;

export interface AuthContext {
  user: UserRow;
  sessionId: string;
  requiresPasswordChange: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every /api route must declare it. */
    access?: Access;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Sessions are opaque tokens: 32 random bytes handed out once, kept only as a SHA-256 hash. */
export function createSessionStore(db: Db, clock: Clock) {
  return {
    async create(userId: string, options: { requiresPasswordChange?: boolean } = {}) {
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(clock.now().getTime() + SESSION_TTL_DAYS * 24 * 3600 * 1000);
      await db.insert(sessions).values({
        user_id: userId,
        token_hash: hashToken(token),
        requires_password_change: options.requiresPasswordChange ?? false,
        created_at: clock.now(),
        expires_at: expiresAt,
        last_used_at: clock.now(),
      });
      return token;
    },

    async resolve(token: string): Promise<AuthContext | null> {
      const rows = await db
        .select({
          user: users,
          sessionId: sessions.id,
          requiresPasswordChange: sessions.requires_password_change,
        })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.user_id))
        .where(and(eq(sessions.token_hash, hashToken(token)), gt(sessions.expires_at, clock.now())))
        .limit(1);
      const row = rows[0];
      if (!row || !row.user.is_active) return null;
      return row;
    },

    async revoke(sessionId: string) {
      await db.delete(sessions).where(eq(sessions.id, sessionId));
    },

    async revokeAllForUser(userId: string, options: { except?: string } = {}) {
      await db
        .delete(sessions)
        .where(
          and(eq(sessions.user_id, userId), options.except ? ne(sessions.id, options.except) : undefined),
        );
    },

    async clearPasswordChange(userId: string) {
      await db.update(sessions).set({ requires_password_change: false }).where(eq(sessions.user_id, userId));
    },
  };
}
export type SessionStore = ReturnType<typeof createSessionStore>;

function bearerToken(request: FastifyRequest): string | null {
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

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access) return; // not an /api route (static files, docs)
    const token = bearerToken(request);
    request.auth = token ? await store.resolve(token) : null;
    if (access === 'public') return;
    if (!request.auth) {
      throw token
        ? unauthorized('Your session has expired. Please sign in again.', 'INVALID_TOKEN')
        : unauthorized();
    }
    if (access === 'admin' && !request.auth.user.is_admin)
      throw forbidden('Admin access required', 'ADMIN_ONLY');
  });
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
