import { PassThrough, Readable } from 'node:stream';

/** Why a streamed file was cut off: it went past its folder's limit. */
export class OverLimitError extends Error {
  constructor() {
    super('The file is larger than its folder allows');
  }
}

/**
 * Hands a file part to `consume` as a stream while it arrives, holding it to `limit` bytes: past
 * the limit, or when the request breaks off, the stream given to `consume` fails, so whatever
 * `consume` was storing is dropped. The part itself is always read to its end even when `consume`
 * has stopped reading (the multipart parser stalls on a part left half read, and the client would
 * never get its answer), and each byte is counted.
 */
export async function streamLimited<T>(
  file: Readable & { truncated?: boolean },
  limit: number,
  consume: (body: Readable) => Promise<T>,
): Promise<{ outcome: PromiseSettledResult<T>; bytes: number; tooLarge: boolean }> {
  const body = new PassThrough();
  let settled = false;
  const consuming = consume(body).finally(() => {
    settled = true;
    // Wakes a write waiting for room that a consumer gone early would never make.
    body.destroy();
  });
  const outcome = Promise.allSettled([consuming]).then(([result]) => result);
  let bytes = 0;
  let tooLarge = false;
  try {
    for await (const chunk of file as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (tooLarge || settled) continue;
      if (bytes > limit) {
        tooLarge = true;
        body.destroy(new OverLimitError());
        continue;
      }
      if (!body.write(chunk)) await roomIn(body);
    }
  } catch (error) {
    body.destroy(error as Error);
    await outcome;
    throw error;
  }
  // Busboy cuts a file at the largest limit of all and then only marks it truncated.
  if (file.truncated) tooLarge = true;
  if (tooLarge) body.destroy(new OverLimitError());
  else body.end();
  return { outcome: await outcome, bytes, tooLarge };
}

/** Resolves once `stream` takes writes again, or is gone. */
function roomIn(stream: PassThrough): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}

/**
 * The first `size` bytes of a stream (fewer if it is shorter), and a stream of all of it, those
 * bytes included, for whoever takes it next.
 */
export async function peek(stream: Readable, size: number): Promise<{ head: Buffer; whole: Readable }> {
  const iterator = (stream as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const chunks: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < size) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    chunks.push(next.value);
    length += next.value.length;
  }
  const first = Buffer.concat(chunks, length);
  async function* all() {
    if (first.length > 0) yield first;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
  }
  return { head: first.subarray(0, size), whole: Readable.from(all(), { objectMode: false }) };
}
