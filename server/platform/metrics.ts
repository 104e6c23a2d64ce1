import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { constantTimeEqual } from './passwords';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An operations route (probes, metrics): left out of the request metrics. */
    system?: boolean;
  }
}

/** Requests no route matched (unknown paths, the web app's pages) share one label, so a scan cannot add series. */
const UNMATCHED = '(unmatched)';

function metricsAllowed(request: FastifyRequest, token: string): boolean {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return Boolean(match?.[1] && constantTimeEqual(match[1], token));
}

/**
 * GET /metrics in Prometheus' text format: requests by route pattern and status, their latency,
 * the PostgreSQL pool and the process's own metrics (event-loop lag, memory, CPU, handles).
 * Off (404) without METRICS_TOKEN; with it, only a scraper holding the token reads it, since the
 * numbers tell how the site is used. Each app has its own registry.
 */
export function registerMetrics(
  app: FastifyInstance,
  { token, database }: { token?: string; database: Database },
): void {
  const system = { logLevel: 'warn' as const, config: { system: true }, schema: { hide: true } };
  if (!token) {
    app.get('/metrics', system, async (_request, reply) =>
      reply.status(404).send({ error: 'Metrics are off (no METRICS_TOKEN set)', code: 'NOT_FOUND' }),
    );
    return;
  }
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'kwoon_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'kwoon_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pool = database.pool;
  if (pool) {
    new Gauge({
      name: 'kwoon_db_pool_connections',
      help: 'PostgreSQL connections of this process: total open, idle, and the pool maximum',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = pool.stats();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'max' }, stats.max);
      },
    });
    new Gauge({
      name: 'kwoon_db_pool_waiting_queries',
      help: 'Queries waiting for a free PostgreSQL connection',
      registers: [registry],
      collect() {
        this.set(pool.stats().waiting);
      },
    });
  }

  // A callback hook: no promise on every answer.
  app.addHook('onResponse', (request, reply, done) => {
    if (!request.routeOptions.config.system) {
      const labels = {
        method: request.method,
        route: request.is404 ? UNMATCHED : (request.routeOptions.url ?? UNMATCHED),
        status: String(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    }
    done();
  });

  app.get('/metrics', system, async (request, reply) => {
    if (!metricsAllowed(request, token)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ error: 'Send Authorization: Bearer <METRICS_TOKEN>', code: 'UNAUTHORIZED' });
    }
    return reply
      .header('content-type', registry.contentType)
      .header('cache-control', 'no-store')
      .send(await registry.metrics());
  });
}
