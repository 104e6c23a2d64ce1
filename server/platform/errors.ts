import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../common/api';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { createBurstLog, type BurstLog } from './burst-log';

/** An error whose message is meant for the user; services throw these through the helpers below. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
    readonly headers?: Record<string, string>,
    /** Fields a client reads at the top level of the body beside `error` and `code` (a route declares them in its schema). */
    readonly fields?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'BAD_REQUEST', details?: unknown) =>
  new AppError(400, code, message, details);
export const unauthorized = (message = 'Authentication required', code = 'UNAUTHORIZED') =>
  new AppError(401, code, message);
export const forbidden = (message = 'You do not have permission to do this', code = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found', code = 'NOT_FOUND') => new AppError(404, code, message);
export const conflict = (message: string, code = 'CONFLICT', details?: unknown) =>
  new AppError(409, code, message, details);
export const payloadTooLarge = (message: string, code = 'PAYLOAD_TOO_LARGE') =>
  new AppError(413, code, message);
export const unsupportedMediaType = (message: string, code = 'UNSUPPORTED_MEDIA_TYPE') =>
  new AppError(415, code, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number, code = 'TOO_MANY_REQUESTS') =>
  new AppError(429, code, message, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** What a module says about one of its constraints when a request trips over it. */
export interface ConstraintAnswer {
  message: string;
  /** The stable code of the answer (default: ALREADY_EXISTS for a unique constraint, INVALID_VALUE for a check). */
  code?: string;
  /** The request field the constraint is about, named in `details` so a form can show it there. */
  field?: string;
}

const constraintAnswers = new Map<string, ConstraintAnswer>();

/**
 * Each module registers the answers for its own tables' constraints, by constraint name (the
 * platform knows no module's tables). Registering the same name again replaces its answer.
 */
export function registerConstraintAnswers(answers: Record<string, ConstraintAnswer>): void {
  for (const [constraint, answer] of Object.entries(answers)) constraintAnswers.set(constraint, answer);
}

function constraintError(
  status: 400 | 409,
  constraint: string,
  fallback: ConstraintAnswer & { code: string },
) {
  const answer = constraintAnswers.get(constraint) ?? fallback;
  const details = answer.field ? [{ path: answer.field, message: answer.message }] : undefined;
  return new AppError(status, answer.code ?? fallback.code, answer.message, details);
}

interface PgError {
  code?: string;
  constraint?: string;
  constraint_name?: string;
  cause?: unknown;
}

function findPgError(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const candidate = current as PgError;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return undefined;
}

/** The SQLSTATE of a database error, however deeply the driver or Drizzle wrapped it. */
export const sqlState = (error: unknown): string | undefined => findPgError(error)?.code;

/** Another transaction won a race (serialization failure, deadlock): the same work again goes through. */
export const isRetryableTransactionError = (error: unknown): boolean => {
  const state = sqlState(error);
  return state === '40001' || state === '40P01';
};

/** Seconds a client is asked to wait (Retry-After) when the database cannot take its request. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const CONNECTION_FAILURE = Symbol('database connection failure');

/**
 * The pool marks each error of its connections' sockets (refused, reset, timed out): those come
 * from the database's connection whatever their code, while the same codes from another service
 * (a mail server, a bucket) are that service's.
 */
export function markDatabaseConnectionFailure(error: unknown): void {
  if (error && typeof error === 'object' && Object.isExtensible(error) && !(CONNECTION_FAILURE in error))
    Object.defineProperty(error, CONNECTION_FAILURE, { value: true });
}

/**
 * SQLSTATEs of a server that cannot take the request at all: connection exceptions (class 08),
 * admin_shutdown (57P01), crash_shutdown (57P02) and cannot_connect_now (57P03: starting up,
 * shutting down, in recovery).
 */
const UNREACHABLE_STATE = /^(08[0-9A-Z]{3}|57P0[123])$/;

/**
 * What node-postgres and its pool say, without a SQLSTATE, when they have no connection to give:
 * no free connection within DB_CONNECTION_TIMEOUT_MS, a pool already closed, a connection lost
 * under a query or unusable after losing it.
 */
const NO_CONNECTION_MESSAGES = new Set([
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end on the pool',
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]);

/** Whether the request failed because no database connection could carry it, not because of anything it asked. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    const candidate = current as PgError & { message?: unknown; [CONNECTION_FAILURE]?: true };
    if (candidate[CONNECTION_FAILURE]) return true;
    if (typeof candidate.code === 'string' && UNREACHABLE_STATE.test(candidate.code)) return true;
    if (typeof candidate.message === 'string' && NO_CONNECTION_MESSAGES.has(candidate.message)) return true;
    current = candidate.cause;
  }
  return false;
}

const retryLater = { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) };

/** The violated constraint's name, for the log. */
const constraintOf = (error: unknown) => {
  const pgError = findPgError(error);
  return pgError?.constraint ?? pgError?.constraint_name;
};

/**
 * Maps a database error to an AppError: one the request could have caused, or a database that
 * cannot take requests now (503 with Retry-After); others stay 500.
 */
export function fromDatabaseError(error: unknown): AppError | undefined {
  if (isDatabaseUnavailable(error))
    return new AppError(
      503,
      'DATABASE_UNAVAILABLE',
      'The service is temporarily unavailable. Please try again in a few seconds.',
      undefined,
      retryLater,
    );
  const pgError = findPgError(error);
  if (!pgError?.code) return undefined;
  const constraint = pgError.constraint ?? pgError.constraint_name ?? '';
  switch (pgError.code) {
    case '23505':
      return constraintError(409, constraint, {
        message: 'This record already exists',
        code: 'ALREADY_EXISTS',
      });
    case '23503':
    case '23001': // restrict_violation: a row others still need (ON DELETE RESTRICT)
      return conflict('A related record does not exist or is still in use', 'FOREIGN_KEY');
    case '23P01': // exclusion_violation (e.g. overlapping bookings), answered by its module when registered
      return constraintError(409, constraint, {
        message: 'This conflicts with an existing record',
        code: 'CONFLICT',
      });
    case '22P02':
    case '22021':
    case '22003':
    case '22007':
    case '22008':
      return badRequest('Invalid value', 'INVALID_VALUE');
    case '23514': // check_violation
      return constraintError(400, constraint, { message: 'Invalid value', code: 'INVALID_VALUE' });
    case '23502': // not_null_violation
      return badRequest('A required value is missing', 'MISSING_VALUE');
    case '57014': // query_canceled: DB_STATEMENT_TIMEOUT_MS ran out (a lock held too long, say)
      return new AppError(
        503,
        'DATABASE_TIMEOUT',
        'The request took too long. Please try again later.',
        undefined,
        retryLater,
      );
    case '40001': // serialization_failure
    case '40P01': // deadlock_detected
      // Another transaction won a race and platform.tx already tried once more (tx.ts); a moment
      // later the same request goes through.
      return new AppError(503, 'TRY_AGAIN', 'The server was busy. Please try again.', undefined, {
        'retry-after': '1',
      });
    default:
      return undefined;
  }
}

interface ValidationIssue {
  path: string;
  message: string;
}

function validationDetails(error: FastifyError): { message: string; details: ValidationIssue[] } {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = error.validation.map((v) => {
      const instancePath = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
      return { path: instancePath, message: v.message ?? 'Invalid value' };
    });
    return { message: details[0]?.message ?? 'Invalid request', details };
  }
  return { message: error.message, details: [] };
}

/**
 * Fastify's own errors, by their internal code, as the API's: clients see API codes only.
 * Others are named by their status (below).
 */
const FASTIFY_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The request body is not valid JSON',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'INVALID_JSON',
    message: 'The request body is empty although its content type is JSON',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The Content-Length header does not match the body',
  },
  // These two reach answerFrameworkError (below), not the error handler.
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_URL', message: 'The address is not a valid URL' },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, code: 'URI_TOO_LONG', message: 'The address is too long' },
};

const CODE_BY_STATUS: Record<number, string> = {
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  429: 'TOO_MANY_REQUESTS',
};

export const RANGE_NOT_SATISFIABLE_MESSAGE = 'The requested range is past the end of the file';

/** Plain words for what Fastify and its plugins say in their own terms. */
const MESSAGE_BY_STATUS: Record<number, string> = {
  413: 'The request is too large',
  415: 'Unsupported content type',
  416: RANGE_NOT_SATISFIABLE_MESSAGE,
};

/** A client error thrown by Fastify or a plugin, in the API's terms. */
function clientError(error: FastifyError, status: number): { status: number; code: string; message: string } {
  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (known) return known;
  const code = CODE_BY_STATUS[status] ?? 'BAD_REQUEST';
  return { status, code, message: MESSAGE_BY_STATUS[status] ?? error.message };
}

/**
 * Errors Fastify meets before routing (a URL it cannot decode, a path parameter past
 * `maxParamLength`) skip the error handler and would answer with Fastify's own `FST_ERR_…` body;
 * passed to Fastify as `frameworkErrors`, this answers them in the API's shape.
 */
export function answerFrameworkError(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const answer = FASTIFY_ERRORS[error.code];
  if (!answer) {
    request.log.error({ err: error }, 'request failed before routing');
    void reply.status(500).send({ error: 'Something went wrong on our side', code: 'INTERNAL' });
    return;
  }
  void reply.status(answer.status).send({ error: answer.message, code: answer.code });
}

/** Answers of a database that cannot take requests now: they come in floods, logged once per burst. */
const OUTAGE_CODES = new Set(['DATABASE_UNAVAILABLE', 'DATABASE_TIMEOUT']);

/**
 * The one place that turns thrown errors into the API's error shape. Returns the log that counts
 * the database's outages, for the pool's own connection failures to join.
 */
export function registerErrorHandler(app: FastifyInstance): BurstLog {
  const outages = createBurstLog(app.log);
  app.addHook('onClose', async () => outages.close());
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      return reply.status(error.statusCode).send({
        ...error.fields,
        error: error.message,
        code: error.code,
        ...(error.details === undefined ? {} : { details: error.details }),
      });
    }
    if (error.validation) {
      const { message, details } = validationDetails(error);
      return reply.status(400).send({ error: message, code: 'VALIDATION_ERROR', details });
    }
    const fromDb = fromDatabaseError(error);
    if (fromDb) {
      // Not a bug of ours, but worth seeing: a busy or misused database shows here first.
      const constraint = constraintOf(error);
      const fields = { err: error, sqlstate: sqlState(error), ...(constraint ? { constraint } : {}) };
      if (!OUTAGE_CODES.has(fromDb.code))
        request.log.warn(fields, `database refused the request: ${fromDb.code}`);
      else if (outages.count(fromDb.code))
        request.log.warn(
          fields,
          `database cannot take requests: answering 503 ${fromDb.code}; the rest of this burst is counted, not logged`,
        );
      if (fromDb.headers) reply.headers(fromDb.headers);
      return reply.status(fromDb.statusCode).send({
        error: fromDb.message,
        code: fromDb.code,
        ...(fromDb.details === undefined ? {} : { details: fromDb.details }),
      });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ error: 'Something went wrong on our side', code: 'INTERNAL' });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // What a plugin says alongside (the file size a 416 from the static files carries).
      const { headers } = error as { headers?: Record<string, string> };
      if (headers) reply.headers(headers);
      const mapped = clientError(error, status);
      return reply.status(mapped.status).send({ error: mapped.message, code: mapped.code });
    }
    request.log.error({ err: error }, 'request failed');
    const unavailable = status === 503;
    return reply.status(unavailable ? 503 : 500).send({
      error: unavailable ? 'Service temporarily unavailable' : 'Something went wrong on our side',
      code: unavailable ? 'UNAVAILABLE' : 'INTERNAL',
    });
  });
  return outages;
}

/** Response schemas for the error statuses a route can answer, for its OpenAPI entry. */
export const errorResponses = (...statuses: number[]) =>
  Object.fromEntries(statuses.map((status) => [status, ApiError])) as Record<number, typeof ApiError>;

/** OpenAPI security requirement of routes that take the bearer token. */
export const bearerSecurity = [{ bearer: [] }];
/** Of public routes that answer anyone but read the token when one is sent (e.g. to mark enrolments). */
export const optionalBearerSecurity = [{}, ...bearerSecurity];
