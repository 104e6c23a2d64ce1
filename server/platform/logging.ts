import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import { pino } from 'pino';
import pinoPretty from 'pino-pretty';

/**
 * Keys whose values never reach the logs, in a logged object or in any object inside it (three
 * levels down: `{ req: { headers: { authorization } } }`).
 */
const SECRET_KEYS = new Set([
  'authorization',
  'cookie',
  'password',
  'current_password',
  'new_password',
  'newPassword',
  'tempPassword',
  'securityAnswers',
  'token',
]);
const REDACT_DEPTH = 3;
const CENSOR = '[redacted]';

const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * The logged object with secret values replaced, copied only where something is replaced. (pino's
 * own path-based redaction runs a wildcard matcher on every key of every line: at a busy server's
 * rate, a tenth of the CPU of a small request.) Errors are left to their serializer.
 */
export function redactSecrets<T extends Record<string, unknown>>(object: T, depth = 1): T {
  let out: Record<string, unknown> | undefined;
  for (const key in object) {
    const value = object[key];
    let replaced: unknown = value;
    if (SECRET_KEYS.has(key)) replaced = CENSOR;
    else if (depth < REDACT_DEPTH && isPlainObject(value)) replaced = redactSecrets(value, depth + 1);
    if (replaced !== value) {
      out ??= { ...object };
      out[key] = replaced;
    }
  }
  return (out ?? object) as T;
}

/**
 * Query parameters whose values stay out of the request lines. A route param so named is a
 * capability in the path: see CAPABILITY_PATHS.
 */
export const SECRET_PARAM = /token|password|secret|key|code|signature|session/i;

export interface LoggingOptions {
  level: string;
  /** Where log lines go instead of stdout. */
  stream?: NodeJS.WritableStream;
  /** Human-readable lines instead of JSON: for a person at a terminal, not for log collectors. */
  pretty: boolean;
}

/**
 * Error fields that can carry user data or credentials: Drizzle puts a failed query's parameters
 * (e-mails, password hashes) in `params` and in its message, PostgreSQL the failing row in
 * `detail`, and node-postgres attaches the whole `client`, connection settings included.
 */
const ERROR_DATA_FIELDS = new Set(['params', 'detail', 'where', 'internalQuery', 'queryOptions', 'client']);

/** A Drizzle failed-query error: its message is `Failed query: …\nparams: …`. */
function isDrizzleQueryError(error: Error): error is Error & { query: string; params: unknown } {
  return 'query' in error && 'params' in error && error.message.startsWith('Failed query:');
}

/**
 * The message as it may be logged: a failed query keeps its SQL and loses its parameters, and a
 * PostgreSQL data exception (SQLSTATE class 22) loses the value it quotes, which came from the
 * parameters (`invalid input syntax for type integer: "…"`).
 */
export function safeErrorMessage(error: Error): string {
  if (isDrizzleQueryError(error)) return `Failed query: ${error.query}`;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('22')) {
    return error.message.replace(/: ".*"$/s, ': "[redacted]"');
  }
  return error.message;
}

/**
 * pino's error serializer with the data taken out, so no failed query puts a password hash in
 * the log, whichever logger or key the error reaches it through.
 */
export function serializeError(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error)) return error;
  const message = safeErrorMessage(error);
  const out: Record<string, unknown> = {
    type: error.constructor?.name ?? error.name,
    message,
    stack: error.stack?.replace(error.message, message),
  };
  for (const [key, value] of Object.entries(error)) {
    if (ERROR_DATA_FIELDS.has(key) || key === 'cause' || key in out) continue;
    out[key] = value;
  }
  if (error.cause !== undefined && depth < 5) out.cause = serializeError(error.cause, depth + 1);
  return out;
}

type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };
const serializeLoggedError = (error: Error) => serializeError(error) as SerializedError;

/** A request id from a client or proxy is kept when it is short and plain; anything else is replaced. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** Fastify's genReqId: the caller's `X-Request-Id`, so a proxy's id follows the request, or a new UUID. */
export function requestId(request: IncomingMessage): string {
  const header = request.headers['x-request-id'];
  const given = Array.isArray(header) ? header[0] : header;
  return given && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** The logger of the request being handled, for code that only has the platform's logger. */
const requestLogs = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * Binds each request's logger (with its id) to the code that handles it and echoes the id in
 * the answer. The scope is entered again after the body is read, since the body's stream events
 * run outside it.
 */
export function registerRequestScope(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    requestLogs.run(request.log, done);
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (requestLogs.getStore() === request.log) done();
    else requestLogs.run(request.log, done);
  });
}

/**
 * A logger that writes through the current request's logger (so services' lines carry the
 * request id) and through `base` outside a request.
 */
export function contextualLogger(base: FastifyBaseLogger): FastifyBaseLogger {
  return new Proxy(base, {
    get(_target, property): unknown {
      const current = requestLogs.getStore() ?? base;
      const value: unknown = Reflect.get(current, property, current);
      return typeof value === 'function' ? (value.bind(current) as unknown) : value;
    },
  });
}

/**
 * Standard output written asynchronously: the lines logged while a write is under way go out
 * together in the next one, instead of one blocking write per request line. What is still
 * buffered is written synchronously when the process exits (pino registers that).
 */
const stdoutLines = () => pino.destination({ dest: 1, sync: false });

/**
 * Fastify's logger options. Redaction runs before a line is formatted, so it holds for the
 * readable lines as well as for JSON.
 */
export function loggerOptions({ level, stream, pretty }: LoggingOptions): FastifyServerOptions['logger'] {
  const destination = pretty
    ? pinoPretty({
        colorize: !stream && Boolean(process.stdout.isTTY),
        translateTime: 'SYS:HH:MM:ss',
        ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime',
        messageFormat: '{if reqId}{reqId} {end}{msg}',
        destination: stream ?? 1,
        sync: true,
      })
    : (stream ?? stdoutLines());
  return {
    level,
    formatters: { log: redactSecrets },
    serializers: { err: serializeLoggedError, error: serializeLoggedError },
    hooks: {
      // `log.error(error)` logs the error's message as the line's: made safe like the error itself.
      logMethod(args, method) {
        const [first, ...rest] = args as unknown[];
        if (!(first instanceof Error)) return method.apply(this, args);
        const message = rest.length > 0 ? rest : [safeErrorMessage(first)];
        return method.apply(this, [{ err: first }, ...message] as Parameters<typeof method>);
      },
    },
    ...(destination ? { stream: destination } : {}),
  };
}

/**
 * Paths whose last segment is a bearer capability: whoever holds the link may act on what it
 * names (cancel or move a booking, take a class seat, pay or cancel a test checkout). That segment
 * is logged as `[redacted]`, in these paths and in the longer ones below them
 * (`/api/bookings/manage/[redacted]/cancel`). Every route param whose name looks secret
 * (`SECRET_PARAM`) must be covered here: logging.test.ts walks the registered routes to hold that.
 */
export const CAPABILITY_PATHS = [
  '/api/bookings/manage/:token',
  '/api/classes/offers/:token',
  '/api/payment/local-checkout/:sessionId',
  '/workshops/manage/:token',
  '/classes/offers/:token',
  // The web app's page of the built-in test checkout (server/platform/payments/local.ts).
  '/payment/checkout/:sessionId',
] as const;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** One pattern for all of CAPABILITY_PATHS: group 1 is what stays, group 2 the capability. */
const CAPABILITY_PATH = new RegExp(
  `^(${CAPABILITY_PATHS.map((pattern) => escapeRegExp(pattern.slice(0, pattern.lastIndexOf(':')))).join('|')})([^/?#]+)`,
);

/** The path as logged: the capability in a path of CAPABILITY_PATHS is replaced. */
function loggablePath(path: string): string {
  return path.replace(CAPABILITY_PATH, `$1${CENSOR}`);
}

/** The URL as logged: capabilities in the path and query values that could be credentials are replaced. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return loggablePath(url);
  const query = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const name = pair.split('=')[0] ?? '';
      let decoded = name;
      try {
        decoded = decodeURIComponent(name);
      } catch {
        // a malformed name is still checked as written
      }
      return SECRET_PARAM.test(decoded) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${loggablePath(url.slice(0, at))}?${query}`;
}

/**
 * One line per answered request instead of Fastify's two. API calls are logged at info; the web
 * app's files and media are most of the traffic and tell an operator nothing, so they are debug.
 */
export class RequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const url = loggableUrl(request.url);
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    const line = { method: request.method, url, statusCode: reply.statusCode, responseTime };
    const message = `${request.method} ${url} ${reply.statusCode} ${responseTime}ms`;
    if (error) request.log.error({ ...line, err: error }, message);
    else if (/^\/api(\/|\?|$)/.test(request.url)) request.log.info(line, message);
    else request.log.debug(line, message);
  }
}
