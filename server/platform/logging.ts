import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';

/** Keys that never reach the logs, wherever they appear in a logged object. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.password',
  '*.current_password',
  '*.new_password',
  '*.newPassword',
  '*.tempPassword',
  '*.securityAnswers',
  '*.token',
];

/** Query parameters whose values stay out of the request lines. */
const SECRET_PARAM = /token|password|secret|key|code|signature|session/i;

export interface LoggingOptions {
  level: string;
  /** Where log lines go instead of stdout. */
  stream?: NodeJS.WritableStream;
  /** Human-readable lines instead of JSON: for a person at a terminal, not for log collectors. */
  pretty: boolean;
}

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
    : stream;
  return {
    level,
    redact: { paths: REDACT, censor: '[redacted]' },
    ...(destination ? { stream: destination } : {}),
  };
}

/** The URL as logged: query values that could be credentials are replaced. */
export function loggableUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
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
  return `${url.slice(0, at)}?${query}`;
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
