/**
 * `npm run bench:profile -- <page> [embedded|PostgreSQL] [connections]`: a CPU profile of the real
 * app while it serves one page of the benchmark under load, on the embedded PostgreSQL server
 * started for the run (the default) or the server of BENCH_PG_URL, written to bench/results/ as a
 * .cpuprofile (open it in Chrome DevTools → Performance, or speedscope), with the functions that
 * took the most time printed. Pages: features, health, profile, courses, course, progress;
 * BENCH_DATA=0 skips loading the catalogue for the first three. With BENCH_TARGET=messages the
 * pages are the messaging benchmark's: conversations, messages, unread.
 */
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { EMBEDDED, withEngineNamed, type Engine } from './engines';
import { ask, measure, startTarget, stopTarget } from './lib';

const [page = 'features', engineName = EMBEDDED, connections = '50'] = process.argv.slice(2);
const dir = path.join(import.meta.dirname, 'results');
await mkdir(dir, { recursive: true });

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

/** Self time by function, from the profile's samples. */
async function summarise(file: string) {
  const profile = JSON.parse(await readFile(file, 'utf8')) as { nodes: ProfileNode[] };
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    total += hits;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*?\/(server|bench)\//, '$1/');
    const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + hits);
  }
  const top = [...byFunction.entries()].sort((a, b) => b[1] - a[1]).slice(0, 30);
  console.log(`\nSelf time, top 30 of ${total} samples (${path.relative(process.cwd(), file)}):`);
  for (const [key, hits] of top) console.log(`${((hits / total) * 100).toFixed(1).padStart(5)} %  ${key}`);
}

async function run(engine: Engine, databaseUrl: string) {
  const target = await startTarget('app', process.env.BENCH_TARGET ?? 'app', databaseUrl);
  target.databaseProcesses = engine.processes;
  const file = path.join(dir, `${page}-${engine.name}-${connections}.cpuprofile`);
  try {
    const signedIn = page !== 'features' && page !== 'health';
    await ask(target, { type: 'profile-start' }, 'profiling');
    const row = await measure(target, page, engine.name, target.paths[page]!, Number(connections), signedIn);
    console.log(
      `  CPU per request: ${row.cpuUsPerRequest ?? '—'} µs in the app (the profiler's cost included), ` +
        `${row.databaseCpuUsPerRequest ?? '—'} µs in the database server`,
    );
    await ask(target, { type: 'profile-stop', file }, 'profiled');
  } finally {
    await stopTarget(target);
  }
  await summarise(file);
}

await withEngineNamed(engineName, (engine) => engine.withDatabase((url) => run(engine, url)));
