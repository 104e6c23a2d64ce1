import { isIP } from 'node:net';
import { z } from 'zod';
import { DEFAULT_SESSION_IDLE_DAYS, SESSION_TTL_DAYS } from '../common/auth';
import { DEFAULT_COURSE_MONTHLY_QUESTIONS } from '../common/ai-sifu';
import { DEFAULT_SCHOOL_TIMEZONE } from '../common/school-time';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Named ranges the proxy check understands besides addresses and CIDRs. */
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

/**
 * Which proxies may tell us the client's address: false (none), a hop count (the nearest n
 * proxies; `true` means 1) or the addresses/CIDRs of the proxies. Never "trust everything": then
 * the leftmost X-Forwarded-For entry, which the client writes itself, would be its address.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    const lower = value.toLowerCase();
    if (['false', 'no'].includes(lower)) return false;
    if (['true', 'yes'].includes(lower)) return 1;
    if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isProxyAddress(entry));
    if (entries.length === 0 || bad.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY must be false, true (one proxy), a number of proxies, or a comma-separated list of ' +
          `proxy addresses or CIDRs${bad.length > 0 ? ` (not understood: ${bad.join(', ')})` : ''}`,
      });
      return z.NEVER;
    }
    return entries;
  });

const ConfigFields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
    .optional(),
  /** The site's address for links in e-mails and payment return pages; never taken from a request. */
  PUBLIC_URL: z.url().optional(),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    ),
  TRUST_PROXY: trustProxy.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Kwoon <no-reply@kwoon.local>'),
  /** Demo accounts and content on a database without users; by default only on the embedded database. */
  SEED_DEMO: bool.optional(),
  /**
   * The API's documentation (/api/docs) and its OpenAPI document (/api/openapi.json): by default
   * served outside production only, where they map the API for whoever asks.
   */
  API_DOCS: bool.optional(),
  SCHOOL_TIMEZONE: z.string().min(1).default(DEFAULT_SCHOOL_TIMEZONE),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** PostgreSQL: false when the deployment runs `npm run cli -- migrate` as its own step. */
  MIGRATE_ON_START: bool.default(true),
  /** How long a migration statement may wait for a table lock (PostgreSQL's lock_timeout). */
  MIGRATION_LOCK_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
  /** How long a migration statement may run (PostgreSQL's statement_timeout). */
  MIGRATION_STATEMENT_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(1)
    .default(5 * 60_000),
  /** How often an idle job worker looks for due jobs (e-mail, cleanup); 0 turns the worker off. */
  JOBS_POLL_MS: z.coerce.number().int().min(0).default(1_000),
  /**
   * How often an open event stream (`GET /api/events`) sends a keep-alive comment and checks that
   * its session still holds; below the idle timeout of every proxy in front of the server.
   */
  EVENTS_HEARTBEAT_MS: z.coerce.number().int().min(10).default(25_000),
  /** Delivered outbox messages and finished jobs are deleted after this many days. */
  OUTBOX_KEEP_DAYS: z.coerce.number().int().min(1).default(30),
  /** Per client address and route: sign-in, sign-up, temp sign-in, recovery and security questions. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Per signed-in student: global searches (the header asks once a typing pause). */
  SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /** Seconds a signed-in request may trust a session read by an earlier one (0: read every time). */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  /**
   * Seconds a page of course cards, a course page's modules and lessons, or what every member's
   * search finds, may be served again without reading it (0: read every time).
   * A write through this instance's API forgets them at once; an admin's, on every instance.
   */
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(5),
  /** A session unused for this many days ends, before its absolute 30 days are up. */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(SESSION_TTL_DAYS).default(DEFAULT_SESSION_IDLE_DAYS),
  /** Rate-limit counters shared by every instance; without it each process counts on its own. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
    .optional(),
  /** Prepended to every key Kwoon writes to Redis, so several sites can share one server. */
  REDIS_KEY_PREFIX: z.string().min(1).default('kwoon:'),
  /** Largest lesson video accepted by POST /api/uploads, in bytes (100MB). */
  UPLOAD_VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(100 * 1024 * 1024),
  /** local: files under DATA_DIR/media; s3: an S3-compatible bucket that every instance shares. */
  MEDIA_STORAGE: z.enum(['local', 's3']).default('local'),
  /** Another S3-compatible service (MinIO, R2, …); AWS S3 itself when unset. */
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, message: 'S3_ENDPOINT must be an http:// or https:// address' })
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_BUCKET: z.string().min(1).optional(),
  /** Both or neither: without them the SDK's own chain applies (an instance role, AWS_* variables). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `bucket` in the path rather than the host name; true by default with S3_ENDPOINT. */
  S3_FORCE_PATH_STYLE: bool.optional(),
  /**
   * A CDN or public bucket address that uploaded files' URLs point at; else the app serves /media.
   * Never lesson videos: those are handed out as presigned links, and must stay private in the bucket.
   */
  S3_PUBLIC_URL: z.url().optional(),
  /**
   * Signs the local store's links to lesson videos (an HMAC the /media route checks). Without it a
   * key is generated once into DATA_DIR; instances serving one media folder need the same one.
   */
  MEDIA_SIGNING_KEY: z.string().min(32, 'MEDIA_SIGNING_KEY must be at least 32 characters').optional(),
  /** local: the built-in test checkout (no money moves); stripe: Stripe Checkout. */
  PAYMENTS_PROVIDER: z.enum(['local', 'stripe']).default('local'),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Another address for Stripe's API, e.g. a Stripe-compatible mock; Stripe's own by default. */
  STRIPE_API_URL: z.url().optional(),
  /** Lets PAYMENTS_PROVIDER=local run on PostgreSQL (a staging site); refused there otherwise. */
  ALLOW_TEST_CHECKOUT: bool.default(false),
  /** PostgreSQL only: connections in the pool of this process. */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
  /** PostgreSQL only: how long a query waits for a connection (from the pool or a new one). */
  DB_CONNECTION_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
  /** PostgreSQL only: a statement running longer is cancelled (0: no limit). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  /** PostgreSQL only: a session idle inside a transaction this long is ended (0: no limit). */
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(60_000),
  /**
   * Who writes AI Sifu's answers. local: composed from the best-matching knowledge entries, in
   * process, no network; openai: any OpenAI-compatible chat completions API (OpenAI, Ollama, vLLM,
   * llama.cpp's server) at AI_BASE_URL, given the retrieved entries and told to cite them.
   */
  AI_PROVIDER: z.enum(['local', 'openai']).default('local'),
  /** The API's base address, up to and including its version, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  AI_BASE_URL: z
    .url({ protocol: /^https?$/, message: 'AI_BASE_URL must be an http:// or https:// address' })
    .optional(),
  /** Sent as a bearer token; local servers (Ollama, llama.cpp) do without. */
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  /** Dollars per million input and output tokens: what each answer costs, in cents, in the analytics. */
  AI_PRICE_INPUT_PER_MTOK: z.coerce.number().min(0).default(0),
  AI_PRICE_OUTPUT_PER_MTOK: z.coerce.number().min(0).default(0),
  /** An answer not finished within this time is given up, with the message that says it took too long. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
  /** Attempts after a failed connection or a 429/5xx from the provider, before any text arrived. */
  AI_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** Questions each enrolled course gives a student a month (the subscription adds its own). */
  AI_SIFU_COURSE_MONTHLY_LIMIT: z.coerce.number().int().min(0).default(DEFAULT_COURSE_MONTHLY_QUESTIONS),
  /** Per student: questions a minute, whatever the allowance (a runaway client is stopped early). */
  AI_SIFU_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  /** Turns on GET /metrics, which then asks for `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN must be at least 16 characters').optional(),
});

const ConfigSchema = ConfigFields.superRefine((config, ctx) => {
  // Links sent to strangers (e-mails, Stripe's return pages) must not point at localhost.
  if (config.NODE_ENV === 'production' && !config.PUBLIC_URL) {
    const needs = [
      ...(config.PAYMENTS_PROVIDER === 'stripe' ? ['PAYMENTS_PROVIDER=stripe'] : []),
      ...(config.SMTP_URL ? ['SMTP_URL'] : []),
    ];
    if (needs.length > 0)
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: `PUBLIC_URL is required in production when ${needs.join(' or ')} is set`,
      });
  }
  if (config.MEDIA_STORAGE === 's3') {
    if (!config.S3_BUCKET)
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3_BUCKET is required when MEDIA_STORAGE=s3',
      });
    if (Boolean(config.S3_ACCESS_KEY_ID) !== Boolean(config.S3_SECRET_ACCESS_KEY)) {
      const missing = config.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message:
          'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither to use the ' +
          "SDK's default credentials",
      });
    }
  }
  if (config.AI_PROVIDER === 'openai') {
    for (const key of ['AI_BASE_URL', 'AI_MODEL'] as const) {
      if (!config[key])
        ctx.addIssue({ code: 'custom', path: [key], message: `${key} is required when AI_PROVIDER=openai` });
    }
  }
  if (config.PAYMENTS_PROVIDER !== 'stripe') return;
  for (const key of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (!config[key])
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `${key} is required when PAYMENTS_PROVIDER=stripe`,
      });
  }
}).transform((config) => ({
  ...config,
  // A database of one's own (DATABASE_URL) is a real deployment: no published demo passwords there
  // unless asked for.
  SEED_DEMO: config.SEED_DEMO ?? !config.DATABASE_URL,
  API_DOCS: config.API_DOCS ?? config.NODE_ENV !== 'production',
}));

export type Config = z.infer<typeof ConfigSchema>;

/** Reads the environment once; a bad value stops the process with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  const parsed = ConfigSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  return parsed.data;
}

/**
 * What the server refuses to start with, although each value is valid: on PostgreSQL (a real
 * deployment) the built-in test checkout would hand out paid courses for free, so it needs
 * ALLOW_TEST_CHECKOUT=true. The CLI does not check this: it takes no payments.
 */
export function assertSafeToStart(config: Config): void {
  if (config.DATABASE_URL && config.PAYMENTS_PROVIDER === 'local' && !config.ALLOW_TEST_CHECKOUT) {
    throw new Error(
      'Refusing to start: PAYMENTS_PROVIDER=local (the default) is the built-in test checkout, where ' +
        'anyone can "pay" for a paid course without money moving, and DATABASE_URL is set. ' +
        'Set PAYMENTS_PROVIDER=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or, for a test ' +
        'or staging site, ALLOW_TEST_CHECKOUT=true.',
    );
  }
}

/** Start-up warnings about what the configuration leaves open; the demo's database adds its own. */
export function configWarnings(config: Config): string[] {
  return config.PAYMENTS_PROVIDER === 'local'
    ? ['The test checkout is on (PAYMENTS_PROVIDER=local): paid courses can be had without paying.']
    : [];
}

/** The pool settings of openDatabase, from the DB_* variables. */
export function postgresOptions(config: Config) {
  return {
    poolMax: config.DB_POOL_MAX,
    connectionTimeoutMs: config.DB_CONNECTION_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
    idleInTransactionTimeoutMs: config.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
}

/**
 * The site's own address for absolute links, without a trailing slash: PUBLIC_URL, else the
 * address this process listens on (development, tests and the demo's built-in checkout). Never
 * the request's Host header, which anyone can forge.
 */
export function publicUrl(config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'HOST'>): string {
  if (config.PUBLIC_URL) return config.PUBLIC_URL.replace(/\/+$/, '');
  // Listening on every interface: localhost is the address that reaches it from this machine.
  const anyAddress = ['0.0.0.0', '::', '[::]'].includes(config.HOST);
  const host = anyAddress ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${config.PORT}`;
}

/** Defaults for tests and tools that build the app without a process environment. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    // Tests write course data straight into the database, past the API that forgets the cards;
    // the catalogue cache has its own tests.
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      JOBS_POLL_MS: '0',
      CATALOGUE_CACHE_SECONDS: '0',
    }),
    ...overrides,
  };
}
