import http from 'node:http';

/** How one request of the load ended. */
export type Outcome =
  | { kind: 'answered'; status: number; connectionClose: boolean }
  /** The listener was gone when a new connection was attempted: a clean refusal. */
  | { kind: 'refused' }
  /** The connection broke under the request: what a drain must never cause. */
  | { kind: 'reset'; code: string }
  | { kind: 'other'; code: string };

export interface Sent {
  outcome: Outcome;
  /** Whether the request was sent after `mark()`. */
  afterMark: boolean;
}

const BROKEN = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET']);

function classify(error: NodeJS.ErrnoException): Outcome {
  const code = error.code ?? error.message;
  if (code === 'ECONNREFUSED') return { kind: 'refused' };
  if (BROKEN.has(code) || /other side closed|socket hang up/i.test(error.message)) {
    return { kind: 'reset', code };
  }
  return { kind: 'other', code };
}

/**
 * How a request ends: answered (read to its end), or broken, refused or timed out.
 * `onAnswer` sees the socket of an answer as it arrives.
 */
function outcomeOf(request: http.ClientRequest, onAnswer: (socket: object) => void = () => {}) {
  return new Promise<Outcome>((resolve) => {
    request.on('response', (response) => {
      onAnswer(response.socket);
      response.resume();
      response.on('end', () =>
        resolve({
          kind: 'answered',
          status: response.statusCode ?? 0,
          connectionClose: /close/i.test(response.headers.connection ?? ''),
        }),
      );
      response.on('error', (error) => resolve(classify(error)));
    });
    request.on('timeout', () => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })));
    request.on('error', (error) => resolve(classify(error)));
  });
}

function get(
  agent: http.Agent,
  base: URL,
  path: string,
  onAnswer: (socket: object) => void,
): Promise<Outcome> {
  const request = http.get({ agent, host: base.hostname, port: base.port, path, timeout: 5_000 });
  return outcomeOf(request, onAnswer);
}

/**
 * One request on a connection of its own, as a client that does not keep connections does (a
 * POST with its JSON body).
 */
export function sendOnNewConnection(base: string, method: 'GET' | 'POST', path: string, body?: string) {
  const url = new URL(base);
  const request = http.request({
    agent: false,
    host: url.hostname,
    port: url.port,
    method,
    path,
    timeout: 10_000,
    headers:
      body === undefined
        ? {}
        : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
  });
  const outcome = outcomeOf(request);
  request.end(body);
  return outcome;
}

/**
 * Keeps `connections` keep-alive connections busy with back-to-back requests, the way a load
 * balancer or a busy browser reuses them, until `stop()`; refused connections are retried after a
 * short pause so a closed listener is not hammered.
 */
export function keepAliveLoad(base: string, path: string, connections: number) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  let stopped = false;
  let marked = false;
  const sent: Sent[] = [];
  const answeredOn = new Set<object>();
  let allAnswered = () => {};
  const warm = new Promise<void>((resolve) => (allAnswered = resolve));
  const onAnswer = (socket: object) => {
    answeredOn.add(socket);
    if (answeredOn.size >= connections) allAnswered();
  };

  const worker = async () => {
    while (!stopped) {
      const afterMark = marked;
      const outcome = await get(agent, url, path, onAnswer);
      sent.push({ outcome, afterMark });
      if (outcome.kind !== 'answered') await new Promise((r) => setTimeout(r, 20));
    }
  };
  const workers = Array.from({ length: connections }, worker);

  return {
    /**
     * Resolves once every connection has carried an answer. A busy server can leave a new
     * connection waiting in the kernel's accept queue for a while, and closing the listener
     * resets those: they never were keep-alive connections, so the load waits them out.
     */
    warm: () => warm,
    /** Tells the requests sent from now on apart: call it just before the signal. */
    mark() {
      marked = true;
    },
    async stop(): Promise<Sent[]> {
      stopped = true;
      await Promise.all(workers);
      agent.destroy();
      return sent;
    },
  };
}
