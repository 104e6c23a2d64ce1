import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

/** How long /readyz waits for the database before calling the process not ready. */
export const READY_DB_TIMEOUT_MS = 1_500;

async function databaseAnswers(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), READY_DB_TIMEOUT_MS);
  });
  try {
    return await Promise.race([database.ping(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Probes for an orchestrator or load balancer, outside /api: no access level (so no session
 * lookup), no rate limit, and no line in the log per call (`logLevel: 'warn'`), since they are
 * called every few seconds. /livez says the process runs; /readyz that it can serve requests.
 */
export function registerProbes(
  app: FastifyInstance,
  { database, isDraining }: { database: Database; isDraining: () => boolean },
): void {
  const probe = { logLevel: 'warn' as const, config: { system: true }, schema: { hide: true } };
  app.get('/livez', probe, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );
  app.get('/readyz', probe, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (isDraining()) return reply.status(503).send({ status: 'draining' });
    if (!(await databaseAnswers(database))) return reply.status(503).send({ status: 'database unavailable' });
    return reply.send({ status: 'ready' });
  });
}
