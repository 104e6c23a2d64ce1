import { hash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { constants as zlib } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import etag from '@fastify/etag';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Database } from './db/client';
import { createSessionStore, registerAccessControl } from './platform/auth';
import { systemClock, type Clock } from './platform/clock';
import { trackConnections } from './platform/drain';
import { answerFrameworkError, registerErrorHandler } from './platform/errors';
import {
  contextualLogger,
  loggerOptions,
  registerRequestScope,
  RequestLog,
  requestId,
} from './platform/logging';
import { scheduleCleanup } from './platform/cleanup';
import { createEvents, redisEventsConfig, type Events } from './platform/events';
import { createJobs, type Jobs } from './platform/jobs';
import { createMailer, logTransport, smtpTransport, type MailTransport } from './platform/mail';
import { openApiTransforms, registerOpenApiConventions } from './platform/openapi';
import { registerMetrics } from './platform/metrics';
import { createPaymentsProvider } from './platform/payments';
import { registerProbes } from './platform/probes';
import { registerSecurityHeaders } from './platform/security-headers';
import { createSerializerCompiler } from './platform/serializer';
import { createRateLimitStore } from './platform/rate-limit-redis';
import { registerMedia } from './platform/media-route';
import { createMediaStorage, type MediaStorage } from './platform/storage';
import { createThrottle, tooManyAttempts } from './platform/throttle';
import { createTransactions } from './platform/tx';
import type { Platform } from './platform';
import { registerModules } from './modules';
import type { AiProvider } from './modules/ai-sifu/ask/provider';
import { inlineScriptHash, loadColorSchemeScript } from './modules/site/site-assets';
import { APP_PAGE } from './modules/site/site.routes';

export interface AppDeps {
  config: Config;
  database: Database;
  clock?: Clock;
  mailTransport?: MailTransport;
  storage?: MediaStorage;
  /** Who writes AI Sifu's answers instead of the one AI_PROVIDER names. */
  aiProvider?: AiProvider;
  /** Folder of the built web app; defaults to dist/web next to the project root. */
  webRoot?: string;
  /** Where log lines go instead of stdout; tests read it to check what reaches the logs. */
  logStream?: NodeJS.WritableStream;
  /** Readable log lines instead of JSON; by default when stdout is a terminal. */
  prettyLogs?: boolean;
  /**
   * Tests: every request runs the queued jobs that are due before it answers, so what it e-mailed
   * has been delivered when the answer arrives. Periodic jobs run only when a test drains them.
   */
  runJobsBeforeReply?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's job queue and worker. */
    jobs: Jobs;
    /** Publish/subscribe across the instances. */
    events: Events;
  }
}

/** The folder holding package.json, whether this code runs from server/ (tsx) or dist/server/ (bundle). */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(from, '..');
  }
}
const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));

export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'self'"],
  objectSrc: ["'none'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  frameSrc: [
    "'self'",
    'https://www.youtube.com',
    'https://www.youtube-nocookie.com',
    'https://player.vimeo.com',
  ],
  upgradeInsecureRequests: null,
};

/**
 * Fastify's form of TRUST_PROXY. A hop count becomes "trust the nearest n addresses": the peer
 * and the n-1 proxies before it, so the client is the n-th X-Forwarded-For entry from the right.
 * (Fastify's own number form trusts nothing, and `true` would trust the leftmost entry, which
 * the client writes itself.)
 */
function trustedProxies(setting: Config['TRUST_PROXY']) {
  if (typeof setting !== 'number') return setting;
  return (_address: string, hop: number) => hop < setting;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: loggerOptions({
      level: config.LOG_LEVEL,
      stream: deps.logStream,
      pretty: deps.prettyLogs ?? (!deps.logStream && Boolean(process.stdout.isTTY)),
    }),
    logController: new RequestLog(),
    // The caller's X-Request-Id when it is plain (genReqId checks it), else a new UUID.
    requestIdHeader: false,
    genReqId: requestId,
    bodyLimit: 1024 * 1024,
    trustProxy: trustedProxies(config.TRUST_PROXY),
    // The drain (preClose below) lets connections finish; what is still open once its budget is
    // spent is cut, and requests reaching the router meanwhile get their real answer.
    forceCloseConnections: true,
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Outside production every answer is also checked against zod's own serialisation.
  app.setSerializerCompiler(createSerializerCompiler({ verify: config.NODE_ENV !== 'production' }));
  const outages = registerErrorHandler(app);
  // First, so every later hook, handler and service logs with the request's id.
  registerRequestScope(app);
  const log = contextualLogger(app.log);
  // An idle connection the database dropped; when the database goes down, every idle connection
  // fails at once, in the same burst as the requests.
  database.pool?.onError((error) => {
    if (outages.count('DATABASE_UNAVAILABLE')) app.log.error({ err: error }, 'PostgreSQL connection failed');
  });
  // On shutdown, connections drain before the database closes; a fifth of SHUTDOWN_TIMEOUT_MS is
  // left for closing it.
  const connections = trackConnections(app.server);
  app.addHook('preClose', async () => {
    const open = await connections.drain(config.SHUTDOWN_TIMEOUT_MS * 0.8);
    if (open > 0)
      app.log.warn(`${open} connection(s) still busy when the drain ran out of time; cutting them`);
  });
  registerProbes(app, { database, isDraining: connections.isDraining });
  registerMetrics(app, { token: config.METRICS_TOKEN, database });

  const webRoot = deps.webRoot ?? path.join(projectRoot, 'dist', 'web');
  // The public pages inline the colour scheme script (site-assets.ts); the policy allows that one
  // script by its hash and still no other inline script.
  const colorSchemeScript = loadColorSchemeScript(webRoot);
  const scriptSrc = [
    ...CONTENT_SECURITY_POLICY.scriptSrc,
    ...(colorSchemeScript ? [inlineScriptHash(colorSchemeScript)] : []),
  ];
  // Lesson videos in a bucket play from its presigned links, on the bucket's own origin.
  const storage = deps.storage ?? (await createMediaStorage(config));
  const mediaSrc = [...CONTENT_SECURITY_POLICY.mediaSrc, ...storage.linkOrigins];
  registerSecurityHeaders(app, {
    contentSecurityPolicy: { directives: { ...CONTENT_SECURITY_POLICY, scriptSrc, mediaSrc } },
    crossOriginEmbedderPolicy: false,
  });
  if (config.CORS_ORIGINS.length > 0) {
    await app.register(cors, { origin: config.CORS_ORIGINS, credentials: false });
  }
  // Answers over 1 kB go compressed to a client that accepts it; brotli at a quality that costs
  // about what gzip does. The built web app is compressed once at build time (see registerWebApp).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
  // A client that sends back the ETag of what it holds gets 304 and no body when nothing changed.
  // Node's one-shot hash: no Hash object per answer. (Same tags as the plugin's default, sha1 in base64.)
  await app.register(etag, { hashFn: (payload) => hash('sha1', payload, 'base64') });
  const rateLimitStore = await createRateLimitStore(config, app.log);
  app.addHook('onClose', async () => rateLimitStore.close());
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitStore.store ? { store: rateLimitStore.store } : {}),
    // An AppError, so the 429 has the API's error shape (the plugin itself sets Retry-After).
    errorResponseBuilder: (_request, context) => tooManyAttempts(Math.ceil(context.ttl / 1000)),
  });
  await app.register(multipart, { limits: { files: 1, fields: 10, fileSize: 100 * 1024 * 1024 } });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Kwoon API',
        description: 'The JSON API of the Kwoon school platform. Send `Authorization: Bearer <token>`.',
        version: '1.0.0',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    ...openApiTransforms,
  });
  registerOpenApiConventions(app);
  if (config.API_DOCS) await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const transport =
    deps.mailTransport ?? (config.SMTP_URL ? smtpTransport(config.SMTP_URL) : logTransport(log));
  const sessions = createSessionStore(database.db, clock, {
    idleDays: config.SESSION_IDLE_DAYS,
    cache: { ttlMs: config.SESSION_CACHE_SECONDS * 1000 },
  });
  const jobs = createJobs(database.db, clock, app.log, { pollMs: config.JOBS_POLL_MS });
  const events = createEvents(database, app.log, redisEventsConfig(config));
  await sessions.listen(events);
  scheduleCleanup(jobs, database.db, clock, app.log, { outboxKeepDays: config.OUTBOX_KEEP_DAYS });
  app.decorate('jobs', jobs);
  app.decorate('events', events);
  const platform: Platform = {
    config,
    database,
    db: database.db,
    clock,
    sessions,
    mailer: createMailer(database.db, jobs, transport, config.MAIL_FROM, clock),
    jobs,
    events,
    whenDraining: (listener) => connections.onDrain(listener),
    storage,
    payments: createPaymentsProvider(config, database.db, clock),
    throttle: createThrottle(database.db, clock),
    log,
    ...createTransactions(database.db),
  };
  app.addHook('onReady', async () => jobs.start());
  // After the drain, before the database closes: the job in hand finishes, nothing new starts.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await events.close();
    platform.mailer.close();
  });
  if (deps.runJobsBeforeReply) {
    // A failing round must not change the answer, as it would not with the worker running apart.
    app.addHook('onSend', async () => {
      await jobs
        .drain({ schedules: false })
        .catch((error: unknown) => app.log.error({ err: error }, 'job round before the reply failed'));
    });
  }
  registerAccessControl(app, sessions);
  await registerModules(app, platform, {
    webRoot,
    ...(deps.aiProvider ? { aiProvider: deps.aiProvider } : {}),
  });

  if (config.API_DOCS) {
    app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () =>
      app.swagger(),
    );
  }

  await registerMedia(app, storage, clock);
  await registerWebApp(app, webRoot);
  return app;
}

/**
 * Serves the built React app: its routes get index.html so they load on refresh. Any other
 * unknown page redirects to `/` (the public site's pages are routes of their own).
 */
async function registerWebApp(app: FastifyInstance, webRoot: string): Promise<void> {
  const hasBuild = existsSync(path.join(webRoot, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webRoot,
      prefix: '/',
      wildcard: false,
      index: false,
      // The .br and .gz files written by scripts/compress-web.mjs, for a client that accepts them.
      preCompressed: true,
      // Files under /assets/ have a content hash in their name: they never change.
      setHeaders: (reply, filePath) => {
        if (filePath.startsWith(path.join(webRoot, 'assets') + path.sep))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    // Missing build files (an old bundle after a deploy) are 404s, not the app's HTML.
    const isPage =
      request.method === 'GET' && !/^\/(api|media|assets)(\/|$)/.test(url) && !/\.[a-z0-9]+$/i.test(url);
    if (isPage && APP_PAGE.test(url)) {
      if (hasBuild)
        return reply
          .header('cache-control', 'no-cache')
          .sendFile('index.html', webRoot, { cacheControl: false });
    } else if (isPage) {
      // Any unknown page leads to the landing page, not to an error.
      return reply.redirect('/', 302);
    }
    return reply.status(404).send({ error: `Route ${request.method} ${url} not found`, code: 'NOT_FOUND' });
  });
}
