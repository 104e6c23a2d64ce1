import { closeSync, openSync, readSync } from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import net, { type AddressInfo, type Socket } from 'node:net';

/**
 * How long a connection must have carried no request before a drain closes it. A client that
 * keeps using a connection sends its next request well within this, gets its answer with
 * `Connection: close` and closes it itself, so the server never closes a connection that a
 * request is on its way over.
 */
const IDLE_CLOSE_MS = 1_000;
/** How often a drain looks for connections it may close. */
const SWEEP_MS = 50;
/** How often a drain looks at the listener's queue while it still accepts. */
const ACCEPT_CHECK_MS = 5;
/**
 * The listener closes only after this long without a new connection: a client sending a burst of
 * connections is answered on all of them rather than reset on the few still on their way.
 */
const ACCEPT_QUIET_MS = 50;
/** The share of the drain's budget the listener may stay open for connections that keep coming. */
const ACCEPT_SHARE = 0.5;

const LISTEN_STATE = '0A';

/**
 * How many connections the kernel has established on the listener that the server has not
 * accepted yet, from Linux's socket table (a listening socket's `rx_queue` is its accept queue);
 * undefined where the table cannot be read (not Linux). Listening sockets come first in the
 * table, so only its first rows are read: the whole table takes tens of milliseconds, during
 * which new connections could arrive unseen.
 */
export function waitingToBeAccepted(address: AddressInfo): number | undefined {
  let fd: number;
  try {
    fd = openSync(address.family === 'IPv6' ? '/proc/net/tcp6' : '/proc/net/tcp', 'r');
  } catch {
    return undefined;
  }
  try {
    const chunk = Buffer.alloc(4096);
    let partial = '';
    let header = true;
    let waiting = 0;
    for (;;) {
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) return waiting;
      const rows = (partial + chunk.toString('latin1', 0, read)).split('\n');
      partial = rows.pop() ?? '';
      for (const row of rows) {
        if (header) {
          header = false;
          continue;
        }
        // "sl local_address rem_address st tx_queue:rx_queue …", addresses as hex "ADDR:PORT".
        const [, local, , state, queues] = row.trim().split(/\s+/);
        if (state !== LISTEN_STATE || !local || !queues) return waiting;
        if (Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16) === address.port)
          waiting += Number.parseInt(queues.slice(queues.indexOf(':') + 1), 16);
      }
    }
  } catch {
    return undefined;
  } finally {
    closeSync(fd);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Past the poll phase, so what arrived during a wait (requests, new connections) has been read. */
const pastPoll = () => new Promise((resolve) => setImmediate(resolve));

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
 * requests. Closing the listener likewise resets the connections the kernel has established but
 * the server has not accepted yet, whose clients may have sent their request already. `drain`
 * instead marks every answer it can still change with `Connection: close` (the answer is the real
 * one: the database is still open), keeps accepting until the listener's queue is empty and only
 * then stops listening, and closes a connection only when its client has left it unused for
 * `IDLE_CLOSE_MS`.
 */
export function trackConnections(server: Server) {
  const connections = new Map<Socket, Connection>();
  const drainListeners: (() => void)[] = [];
  let draining = false;
  let lastAcceptedAt = 0;

  server.on('connection', (socket: Socket) => {
    lastAcceptedAt = Date.now();
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

  /**
   * Stops listening once no connection waits to be accepted and none has arrived for
   * `ACCEPT_QUIET_MS`: at once when the drain begins on a quiet listener, else when the
   * connections still coming have stopped. Where the kernel's queue cannot be read, a turn of the
   * event loop (which accepts what waits) stands for it. Connections accepted meanwhile are
   * answered with `Connection: close`; at `giveUpAt` the listener closes anyway.
   */
  async function stopListening(giveUpAt: number) {
    if (!server.listening) return;
    const address = server.address() as AddressInfo;
    let polled = false;
    for (;;) {
      const waiting = waitingToBeAccepted(address);
      const quiet = Date.now() - lastAcceptedAt >= ACCEPT_QUIET_MS;
      const empty = waiting === undefined ? polled : waiting === 0;
      if ((quiet && empty) || Date.now() >= giveUpAt) {
        // net.Server#close only stops accepting; http.Server#close would also reset idle connections.
        if (server.listening) net.Server.prototype.close.call(server);
        return;
      }
      await sleep(ACCEPT_CHECK_MS);
      await pastPoll();
      polled = true;
    }
  }

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
      const startedAt = Date.now();
      const deadline = startedAt + budgetMs;
      await stopListening(startedAt + budgetMs * ACCEPT_SHARE);
      while (connections.size > 0 && Date.now() < deadline) {
        await sleep(Math.min(SWEEP_MS, deadline - Date.now()));
        // Requests that arrived during the wait are read before judging.
        await pastPoll();
        closeIdle();
      }
      return connections.size;
    },
  };
}
