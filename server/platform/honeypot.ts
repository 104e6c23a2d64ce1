import type { FastifyBaseLogger } from 'fastify';

/**
 * Whether a public form was filled in by a bot: people leave its hidden honeypot field (`website`)
 * empty. The caller answers such a submission exactly as it would a kept one, so the bot learns
 * nothing, and drops it; the drop is logged as `<what> dropped`.
 */
export function caughtByHoneypot(
  log: FastifyBaseLogger,
  what: string,
  honeypot: string | undefined,
): boolean {
  if (!honeypot?.trim()) return false;
  log.info(`${what} dropped: the honeypot field was filled in`);
  return true;
}
