import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionStore } from '../../platform/auth';
import { createTestApp, type TestApp } from '../../test/app';
import { openStream } from '../../test/event-stream';
import { createUser } from '../../test/factories';
import { MAX_STREAMS_PER_SESSION, MAX_STREAMS_PER_USER } from './live.service';

/*
 * A session, and a person over all their sessions, hold a bounded number of event streams on an
 * instance: one more closes the oldest, told `replaced`, so the count stays at the cap however
 * many are asked for.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const REPLACED = [{ type: 'replaced', data: null }];
const CLOSES_WITHIN_MS = 2000;
const note = (n: number) => ({ type: 'message.created', data: { n } });

type Stream = Awaited<ReturnType<typeof openStream>>;

async function ready(auth: Record<string, string>): Promise<Stream> {
  const stream = await openStream(t, auth);
  expect(await stream.next()).toMatchObject({ type: 'ready' });
  return stream;
}

async function signInAgain(userId: string) {
  const token = await createSessionStore(t.database.db, t.clock).create(userId);
  return { authorization: `Bearer ${token}` };
}

/** Every stream in `open` hears an event published now. */
async function expectAllHear(open: Stream[], userId: string, n: number) {
  await t.app.live.publish(userId, note(n));
  for (const stream of open) expect(await stream.take(1)).toEqual([{ ...note(n), id: expect.any(Number) }]);
}

describe('the streams one session may hold', () => {
  it(`closes the oldest when a session opens stream ${MAX_STREAMS_PER_SESSION + 1}`, async () => {
    const mei = await createUser(t);
    const streams: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await ready(mei.auth));
    expect(t.app.live.openStreams(mei.user.id)).toBe(MAX_STREAMS_PER_SESSION);

    const newest = await ready(mei.auth);
    const [oldest, ...kept] = streams;
    expect(await oldest!.rest(CLOSES_WITHIN_MS)).toEqual(REPLACED);
    expect(t.app.live.openStreams(mei.user.id)).toBe(MAX_STREAMS_PER_SESSION);
    await expectAllHear([...kept, newest], mei.user.id, 1);
    for (const stream of [...kept, newest]) stream.close();
  });

  it('holds no more than the cap however many a burst asks for, closing the others', async () => {
    const mei = await createUser(t);
    const burst = 10 * MAX_STREAMS_PER_SESSION;
    const streams = await Promise.all(Array.from({ length: burst }, () => openStream(t, mei.auth)));
    expect(streams.map((stream) => stream.res.status)).toEqual(streams.map(() => 200));
    expect(t.app.live.openStreams(mei.user.id)).toBe(MAX_STREAMS_PER_SESSION);

    await t.app.live.publish(mei.user.id, note(1));
    const endings = await Promise.all(
      streams.map(async (stream) => {
        const deadline = Date.now() + CLOSES_WITHIN_MS;
        for (;;) {
          const frame = await stream.next(deadline);
          if (frame === 'closed' || frame === 'waiting') return frame;
          if (frame.type === 'replaced') expect(await stream.next(deadline)).toBe('closed');
          if (frame.type !== 'ready') return frame.type;
        }
      }),
    );
    const count = (ending: string) => endings.filter((e) => e === ending).length;
    expect(count('message.created')).toBe(MAX_STREAMS_PER_SESSION);
    expect(count('replaced')).toBe(burst - MAX_STREAMS_PER_SESSION);
    for (const stream of streams) stream.close();
  });
});

describe('the streams one person may hold', () => {
  it(`closes the oldest of any session when the person opens stream ${MAX_STREAMS_PER_USER + 1}`, async () => {
    const mei = await createUser(t);
    const streams: Stream[] = [await ready(mei.auth)];
    while (streams.length < MAX_STREAMS_PER_USER) streams.push(await ready(await signInAgain(mei.user.id)));
    expect(t.app.live.openStreams(mei.user.id)).toBe(MAX_STREAMS_PER_USER);

    const newest = await ready(await signInAgain(mei.user.id));
    const [oldest, ...kept] = streams;
    expect(await oldest!.rest(CLOSES_WITHIN_MS)).toEqual(REPLACED);
    expect(t.app.live.openStreams(mei.user.id)).toBe(MAX_STREAMS_PER_USER);
    await expectAllHear([...kept, newest], mei.user.id, 1);

    // Another person's streams are counted apart.
    const wei = await createUser(t);
    const weiStream = await ready(wei.auth);
    await expectAllHear([weiStream], wei.user.id, 2);
    expect(t.app.live.openStreams(mei.user.id)).toBe(MAX_STREAMS_PER_USER);
    for (const stream of [...kept, newest, weiStream]) stream.close();
  });

  it('frees a closed stream’s place: one closed by its client makes room without closing another', async () => {
    const mei = await createUser(t);
    const streams: Stream[] = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await ready(mei.auth));
    const [gone, ...kept] = streams;
    gone!.close();
    const deadline = Date.now() + CLOSES_WITHIN_MS;
    while (t.app.live.openStreams(mei.user.id) === MAX_STREAMS_PER_SESSION && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(t.app.live.openStreams(mei.user.id)).toBe(MAX_STREAMS_PER_SESSION - 1);

    const newest = await ready(mei.auth);
    await expectAllHear([...kept, newest], mei.user.id, 1);
    for (const stream of [...kept, newest]) stream.close();
  });
});
