/**
 * `npm run bench:events`: `BENCH_STREAMS` (1 000) event streams held open on one instance of the
 * real app (a child process, bundled as in production; on the embedded PostgreSQL server started
 * for the run, then on the server of BENCH_PG_URL, each a fresh database), then one live event
 * published to each of those users at once. Reports the server's
 * resident memory growth for the open streams (MB in all, kB per stream), whether every stream got
 * its event, and the delivery times from the start of publishing to each arrival (p50, p95, p99,
 * max). Writes bench/results/events.json.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { withEachEngine, type Engine } from './engines';
import { ask, machine, printTable, rssMb, startTarget, stopTarget } from './lib';

const TARGETS = { kbPerStream: 64, p99Ms: 1000 };
/** Streams opened at once: enough to be quick, few enough not to look like a flood to the kernel. */
const OPEN_BATCH = 100;

interface Stream {
  /** Resolves with the arrival time of the first `bench.ping`. */
  ping: Promise<number>;
  close(): void;
}

/** Opens a stream with `token` and resolves once `ready` has arrived. */
async function openStream(url: string, token: string): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  if (response.status !== 200) throw new Error(`GET /api/events answered ${response.status}`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  const until = async (needle: string) => {
    while (!text.includes(needle)) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream closed');
      text += value;
    }
    text = text.slice(text.indexOf(needle) + needle.length);
  };
  await until('event: ready');
  const ping = until('event: bench.ping').then(() => Date.now());
  // A stream closed at the end rejects its pending read; only the figures matter then.
  ping.catch(() => {});
  return { ping, close: () => controller.abort() };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

/** Holds the streams open on one target, publishes, and returns the figures and what holds. */
async function run(engine: Engine, databaseUrl: string) {
  const target = await startTarget('app (events)', 'events', databaseUrl);
  const streams: Stream[] = [];
  try {
    const tokens = target.tokens ?? [];
    const url = `${target.base}${target.paths.events}`;
    const before = (await rssMb(target.child.pid)) ?? 0;
    const opening = Date.now();
    for (let i = 0; i < tokens.length; i += OPEN_BATCH) {
      streams.push(
        ...(await Promise.all(tokens.slice(i, i + OPEN_BATCH).map((token) => openStream(url, token)))),
      );
    }
    const openSeconds = (Date.now() - opening) / 1000;
    // Let the opening's garbage go, so the figure is what the open streams hold.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const held = (await rssMb(target.child.pid)) ?? 0;

    const sentAt = Date.now();
    await ask(target, { type: 'publish' }, 'published');
    const arrivals = await Promise.all(
      streams.map((stream) =>
        Promise.race([stream.ping, new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000))]),
      ),
    );
    const delays = arrivals.filter((at): at is number => at !== null).map((at) => at - sentAt);
    delays.sort((a, b) => a - b);

    const growthMb = held - before;
    const kbPerStream = (growthMb * 1024) / tokens.length;
    const result = {
      database: engine.name,
      events: target.eventsKind,
      streams: tokens.length,
      openSeconds,
      rssBeforeMb: before,
      rssWithStreamsMb: held,
      growthMb,
      kbPerStream: Math.round(kbPerStream * 10) / 10,
      delivered: delays.length,
      deliveryMs: {
        p50: percentile(delays, 50),
        p95: percentile(delays, 95),
        p99: percentile(delays, 99),
        max: delays.at(-1) ?? NaN,
      },
    };
    results.push(result);
    if (delays.length !== tokens.length) process.exitCode = 1;
  } finally {
    for (const stream of streams) stream.close();
    await stopTarget(target);
  }
}

const results: {
  database: string;
  streams: number;
  rssBeforeMb: number;
  rssWithStreamsMb: number;
  growthMb: number;
  kbPerStream: number;
  delivered: number;
  deliveryMs: Record<'p50' | 'p95' | 'p99' | 'max', number>;
}[] = [];
await withEachEngine((engine) => engine.withDatabase((url) => run(engine, url)));
printTable(
  [
    'database',
    'streams',
    'RSS before',
    'RSS with streams',
    'growth',
    'per stream',
    'delivered',
    'p50',
    'p95',
    'p99',
    'max',
  ],
  results.map((r) => [
    r.database,
    String(r.streams),
    `${r.rssBeforeMb} MB`,
    `${r.rssWithStreamsMb} MB`,
    `${r.growthMb} MB`,
    `${r.kbPerStream} kB`,
    `${r.delivered}/${r.streams}`,
    `${r.deliveryMs.p50} ms`,
    `${r.deliveryMs.p95} ms`,
    `${r.deliveryMs.p99} ms`,
    `${r.deliveryMs.max} ms`,
  ]),
);
for (const r of results) {
  const holds = [
    ['every stream got its event', r.delivered === r.streams],
    [`at most ${TARGETS.kbPerStream} kB per open stream`, r.kbPerStream <= TARGETS.kbPerStream],
    [`p99 delivery under ${TARGETS.p99Ms} ms`, r.deliveryMs.p99 < TARGETS.p99Ms],
  ] as const;
  for (const [what, ok] of holds) console.log(`${r.database}: ${ok ? 'holds' : 'MISSED'}: ${what}`);
}
const dir = path.join(import.meta.dirname, 'results');
await mkdir(dir, { recursive: true });
await writeFile(path.join(dir, 'events.json'), JSON.stringify({ machine: machine(), results }, null, 2));
