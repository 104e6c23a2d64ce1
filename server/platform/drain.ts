import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net, { type Socket } from 'node:net';

/**
 * How long a connection must have carried no request before a drain closes it. A client that
 * keeps using a connection sends its next request well within this, gets its answer with
 * `Connection: close` and closes it itself, so the server never closes a connection that a
 * request is on its way over.
 */
const IDLE_CLOSE_MS = 1_000;
/** How often a drain looks for connections it may close. */
const SWEEP_MS = 50;

interface Connection {
  /** Answers not finished yet: their headers may still say `Connection: close`. */
  responses: Set<ServerResponse>;
  idleSince: number;
  /** `socket.bytesRead` when the last answer finished: more means a request is arriving. */
  bytesReadWhenIdle: number;
}

function closeAfter(response: ServerResponse) {
  if (!response.headersSent) response.setHeader('connection', 'close');
}

/**
 * Follows the server's connections so that a shutdown can drain them without resetting any.
 *
 * Closing an idle keep-alive connection races with a client that is sending its next request on
 * it: the request is lost and the client sees ECONNRESET. `http.Server#close()` does exactly
 * that to every idle connection at once, and under load most connections are "idle" between two
 * requests. `drain` instead stops accepting connections, marks every answer it can still change
 * with `Connection: close` (the answer is the real one: the database is still open), and closes
 * a connection only when its client has left it unused for `IDLE_CLOSE_MS`.
 */
export function trackConnections(server: Server) {
  const connections = new Map<Socket, Connection>();
  const drainListeners: (() => void)[] = [];
  let draining = false;

  server.on('connection', (socket: Socket) => {
    connections.set(socket, { responses: new Set(), idleSince: Date.now(), bytesReadWhenIdle: 0 });
    socket.once('close', () => connections.delete(socket));
  });
  // Before Fastify's own listener, so the header is set before any hook or handler answers.
  server.prependListener('request', (request: IncomingMessage, response: ServerResponse) => {
    if (draining) closeAfter(response);
    const connection = connections.get(request.socket);
    if (!connection) return;
    connection.responses.add(response);
    response.once('close', () => {
      connection.responses.delete(response);
      if (connection.responses.size > 0) return;
      connection.idleSince = Date.now();
      connection.bytesReadWhenIdle = request.socket.bytesRead;
    });
  });

  function closeIdle() {
    const now = Date.now();
    for (const [socket, connection] of connections) {
      const unused =
        connection.responses.size === 0 &&
        now - connection.idleSince >= IDLE_CLOSE_MS &&
        socket.bytesRead === connection.bytesReadWhenIdle;
      if (unused) socket.destroy();
    }
  }

  return {
    /** Whether a drain has begun: the process is on its way out, so it is no longer ready. */
    isDraining: () => draining,
    /**
     * Calls `listener` when a drain begins: an answer that never ends by itself (an event
     * stream) ends then, so its connection can close like the others.
     */
    onDrain(listener: () => void): void {
      drainListeners.push(listener);
    },
    /**
     * Drains for at most `budgetMs` and resolves with the number of connections still open
     * then, for the caller to cut.
     */
    async drain(budgetMs: number): Promise<number> {
      draining = true;
      for (const listener of drainListeners) listener();
      for (const { responses } of connections.values()) responses.forEach(closeAfter);
      // net.Server#close only stops accepting; http.Server#close would also reset idle connections.
      if (server.listening) net.Server.prototype.close.call(server);
      const deadline = Date.now() + budgetMs;
      while (connections.size > 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(SWEEP_MS, deadline - Date.now())));
        // Past the poll phase, so requests that arrived during the wait are read before judging.
        await new Promise((resolve) => setImmediate(resolve));
        closeIdle();
      }
      return connections.size;
    },
  };
}
