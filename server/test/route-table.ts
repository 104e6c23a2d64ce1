import rateLimit from '@fastify/rate-limit';
import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { testConfig } from '../config';
import { registerModules } from '../modules';
import { createSessionStore } from '../platform/auth';
import { inProcessEvents } from '../platform/events';
import { createJobs } from '../platform/jobs';
import { createMailer } from '../platform/mail';
import { createLocalCheckout } from '../platform/payments/local';
import { localStorage } from '../platform/storage';
import { createThrottle } from '../platform/throttle';
import { createTransactions } from '../platform/tx';
import type { Platform } from '../platform';
import type { TestApp } from './app';

/**
 * Operations routes outside /api: no access level, no rate limit and no log line per call. The
 * access matrix covers /api only; server/platform/probes.test.ts and metrics.test.ts call these.
 */
export const SYSTEM_ROUTES = ['GET /livez', 'GET /readyz', 'GET /metrics'];

/** `METHOD /api/path/:param`, the way the route tests name a route. */
export const routeKey = (route: Pick<RouteOptions, 'method' | 'url'>) =>
  `${String(route.method)} ${route.url}`;

/**
 * Every /api route with the options it was registered with (access, schemas, handler), or with
 * `{ all: true }` the public site's pages and feeds too.
 * Fastify does not list a built app's route options, so the modules are registered a second time
 * into a probe instance that records them with an onRoute hook; the probe shares the test app's
 * database and never listens.
 */
export async function listRoutes(t: TestApp, { all = false } = {}): Promise<RouteOptions[]> {
  const routes: RouteOptions[] = [];
  const probe = Fastify({ logger: false });
  probe.setValidatorCompiler(validatorCompiler);
  probe.setSerializerCompiler(serializerCompiler);
  // Routes may build their own limiters from the plugin, as the app registers it.
  await probe.register(rateLimit, { global: false });
  probe.addHook('onRoute', (route) => {
    if (route.method !== 'HEAD' && (all || route.url.startsWith('/api/'))) routes.push(route);
  });
  const transport = { kind: 'log' as const, send: async () => {}, close: () => {} };
  const jobs = createJobs(t.database.db, t.clock, probe.log, { pollMs: 0 });
  const platform: Platform = {
    config: testConfig({ DATA_DIR: t.mediaDir }),
    database: t.database,
    db: t.database.db,
    clock: t.clock,
    sessions: createSessionStore(t.database.db, t.clock),
    mailer: createMailer(t.database.db, jobs, transport, 'test@kwoon.local', t.clock),
    jobs,
    events: inProcessEvents(probe.log),
    whenDraining: () => {},
    storage: localStorage(t.mediaDir),
    payments: createLocalCheckout(t.database.db, t.clock),
    throttle: createThrottle(t.database.db, t.clock),
    log: probe.log,
    ...createTransactions(t.database.db),
  };
  await registerModules(probe, platform, { webRoot: t.mediaDir });
  await probe.ready();
  await probe.close();
  return routes;
}
