import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A small OpenAI-compatible chat completions API (POST /v1/chat/completions) on 127.0.0.1, for
 * tests of AI Sifu with AI_PROVIDER=openai. Each request takes the next scripted behaviour (a
 * plain answer once the script is used up) and is recorded, so a test can read what was sent.
 */

export interface ChatUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

export const DEFAULT_USAGE: ChatUsage = { prompt_tokens: 120, completion_tokens: 30 };
export const DEFAULT_ANSWER = 'Sink the weight into the feet and keep the knees over the toes [S1].';

export type ChatBehaviour =
  /** Streamed when the request asks for a stream, else one JSON completion. */
  | { kind: 'answer'; text?: string; usage?: ChatUsage | null }
  /** One JSON completion even when a stream was asked for (a server that ignores `stream`). */
  | { kind: 'json'; text: string; usage?: ChatUsage | null }
  /** Server-Sent Events: one chunk per piece, `delayMs` apart; `done: false` leaves out [DONE] and the finish reason. */
  | { kind: 'stream'; chunks: string[]; usage?: ChatUsage | null; delayMs?: number; done?: boolean }
  /** The first pieces of a stream, then the connection is cut. */
  | { kind: 'cut'; chunks: string[] }
  /** An error status with OpenAI's error body. */
  | { kind: 'status'; status: number; retryAfter?: string; code?: string }
  /** The connection is closed before any answer (a connection error). */
  | { kind: 'drop' }
  /** Waits, then behaves as `then` (an answer by default). */
  | { kind: 'slow'; delayMs: number; then?: ChatBehaviour };

export interface ChatMessage {
  role: string;
  content: string;
}

export interface RecordedChatRequest {
  method: string;
  path: string;
  /** The Authorization header as received. */
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: ChatMessage[];
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    [key: string]: unknown;
  };
  /** The first system message's text ('' when there is none). */
  system: string;
  /** The last user message's text ('' when there is none). */
  user: string;
}

export interface OpenAiCompatibleServer {
  /** The base address to set as AI_BASE_URL (ends in /v1). */
  url: string;
  /** Every request received, in order. */
  requests: RecordedChatRequest[];
  /** Queues behaviours for the next requests, one each. */
  script(...behaviours: ChatBehaviour[]): void;
  /** Forgets the requests and the queued behaviours. */
  reset(): void;
  close(): Promise<void>;
}

/** The sources a request carried: the JSON lines of the user message's <sources> block. */
export function sourcesOf(request: RecordedChatRequest): Array<Record<string, unknown>> {
  const block = /<sources>\n([\s\S]*?)\n?<\/sources>/.exec(request.user)?.[1] ?? '';
  return block
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/** Pieces of an answer as a model streams them: a word or two at a time. */
const words = (text: string) => text.match(/\S+\s*/g) ?? [];

export async function startOpenAiCompatibleServer(
  options: {
    /** When set, a request without `Authorization: Bearer <apiKey>` gets a 401. */
    apiKey?: string;
  } = {},
): Promise<OpenAiCompatibleServer> {
  const requests: RecordedChatRequest[] = [];
  const queue: ChatBehaviour[] = [];
  let sequence = 0;

  function chunk(model: string, choice: object | null, usage?: ChatUsage) {
    const body = {
      id: `chatcmpl-${sequence}`,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: choice ? [{ index: 0, ...choice }] : [],
      ...(usage ? { usage } : {}),
    };
    return `data: ${JSON.stringify(body)}\n\n`;
  }

  function sendJson(
    response: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  }

  function sendError(
    response: ServerResponse,
    status: number,
    code: string,
    headers: Record<string, string> = {},
  ) {
    const type =
      status === 429 ? 'rate_limit_error' : status >= 500 ? 'server_error' : 'invalid_request_error';
    sendJson(response, status, { error: { message: `Scripted ${status}`, type, code } }, headers);
  }

  async function behave(behaviour: ChatBehaviour, recorded: RecordedChatRequest, response: ServerResponse) {
    const model = recorded.body.model ?? 'unknown';
    const wantsUsage = recorded.body.stream_options?.include_usage === true;
    const open = () => !response.destroyed;
    const pause = (ms: number) =>
      new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          response.off('close', done);
          resolve();
        };
        const timer = setTimeout(done, ms);
        response.once('close', done);
      });

    switch (behaviour.kind) {
      case 'answer': {
        const text = behaviour.text ?? DEFAULT_ANSWER;
        if (recorded.body.stream)
          return behave({ kind: 'stream', chunks: words(text), usage: behaviour.usage }, recorded, response);
        return behave({ kind: 'json', text, usage: behaviour.usage }, recorded, response);
      }
      case 'json': {
        const usage = behaviour.usage === undefined ? DEFAULT_USAGE : behaviour.usage;
        return sendJson(response, 200, {
          id: `chatcmpl-${sequence}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model,
          choices: [
            { index: 0, message: { role: 'assistant', content: behaviour.text }, finish_reason: 'stop' },
          ],
          ...(usage ? { usage } : {}),
        });
      }
      case 'stream':
      case 'cut': {
        response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        response.write(chunk(model, { delta: { role: 'assistant', content: '' }, finish_reason: null }));
        for (const [index, piece] of behaviour.chunks.entries()) {
          if (behaviour.kind === 'stream' && behaviour.delayMs && index > 0) await pause(behaviour.delayMs);
          if (!open()) return;
          response.write(chunk(model, { delta: { content: piece }, finish_reason: null }));
        }
        if (behaviour.kind === 'cut') {
          // Whatever was written reaches the client first; then the connection breaks mid-answer.
          response.write('', () => response.socket?.destroy());
          return;
        }
        if (behaviour.done === false) return response.end();
        response.write(chunk(model, { delta: {}, finish_reason: 'stop' }));
        const usage = behaviour.usage === undefined ? DEFAULT_USAGE : behaviour.usage;
        if (usage && wantsUsage) response.write(chunk(model, null, usage));
        return response.end('data: [DONE]\n\n');
      }
      case 'status':
        return sendError(
          response,
          behaviour.status,
          behaviour.code ?? `scripted_${behaviour.status}`,
          behaviour.retryAfter === undefined ? {} : { 'retry-after': behaviour.retryAfter },
        );
      case 'drop':
        response.socket?.destroy();
        return;
      case 'slow':
        await pause(behaviour.delayMs);
        if (open()) await behave(behaviour.then ?? { kind: 'answer' }, recorded, response);
        return;
    }
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const raw = await readBody(request);
    let body: RecordedChatRequest['body'] = {};
    try {
      body = JSON.parse(raw) as RecordedChatRequest['body'];
    } catch {
      // Recorded as an empty body; the 400 below says why.
    }
    const messages = Array.isArray(body.messages) ? body.messages : [];
    const recorded: RecordedChatRequest = {
      method: request.method ?? '',
      path: new URL(request.url ?? '/', 'http://localhost').pathname,
      authorization: request.headers.authorization,
      body,
      system: messages.find((message) => message.role === 'system')?.content ?? '',
      user: messages.findLast((message) => message.role === 'user')?.content ?? '',
    };
    requests.push(recorded);
    sequence++;

    if (request.method !== 'POST' || recorded.path !== '/v1/chat/completions') {
      return sendError(response, 404, 'unknown_url');
    }
    if (options.apiKey !== undefined && recorded.authorization !== `Bearer ${options.apiKey}`) {
      return sendError(response, 401, 'invalid_api_key');
    }
    if (!body.model || messages.length === 0) return sendError(response, 400, 'invalid_request');
    await behave(queue.shift() ?? { kind: 'answer' }, recorded, response);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...behaviours) => queue.push(...behaviours),
    reset() {
      requests.length = 0;
      queue.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
