import type { FastifyRequest } from 'fastify';

/** A limit for one route and key: at most `max` requests per window, counted from the first. */
export interface RateRule {
  max: number;
  windowMinutes: number;
}

/**
 * A route's limit per signed-in user, for writes a student could otherwise repeat without end.
 * Counted once the request has passed validation, so a form's mistakes do not use it up.
 * Administrators are not limited unless `includeAdmins`: they can already see and change every
 * account, so a limit would only slow their work — except where a stolen admin session could do
 * harm in bulk (making accounts, say).
 */
export function perUserRateLimit(rule: RateRule, options: { includeAdmins?: boolean } = {}) {
  return {
    hook: 'preHandler' as const,
    max: rule.max,
    timeWindow: rule.windowMinutes * 60_000,
    keyGenerator: (request: FastifyRequest) => `user:${request.auth?.user.id ?? request.ip}`,
    allowList: (request: FastifyRequest) => !options.includeAdmins && request.auth?.user.is_admin === true,
  };
}
