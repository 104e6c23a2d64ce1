/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset, simulated throttling) on the public pages
 * of the production server as built by `npm run build`, started here on a fresh data directory
 * with the demo content. Each page runs `LIGHTHOUSE_RUNS` times and the median of each figure is
 * reported, because one run on a shared machine is noisy; the command exits non-zero when a
 * target is missed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Result } from 'lighthouse';
import { printTable } from './lib';

const ROOT = path.join(import.meta.dirname, '..');
const SERVER = path.join(ROOT, 'dist', 'server', 'main.js');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RESULTS = path.join(import.meta.dirname, 'results', 'lighthouse');

/** The product's targets, as Lighthouse scores them (0–100). */
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95, seo: 100 } as const;
type Category = keyof typeof TARGETS;
const CATEGORIES = Object.keys(TARGETS) as Category[];

interface Figures {
  scores: Record<Category, number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  cssBytes: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        address && typeof address === 'object' ? resolve(address.port) : reject(new Error('No free port')),
      );
    });
  });
}

/** The bundled production server on its embedded PostgreSQL server in `dataDir`, seeding the demo content as a new site does. */
async function startServer(dataDir: string): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  // Once it answers, what the server says on stderr (warnings, errors) is shown as it comes.
  let started = false;
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    if (started) process.stderr.write(`  server: ${chunk.toString()}`);
  });
  child.on('exit', (code, signal) => {
    if (started && !stopping) console.error(`  The server exited (${signal ?? code}) during the runs.`);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode}:\n${stderr}`);
    const healthy = await fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) {
      if (stderr) process.stderr.write(stderr.replace(/^(?=.)/gm, '  server: '));
      started = true;
      return { base, child };
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error(`The server did not answer /api/health within 3 minutes:\n${stderr}`);
}

let stopping = false;

async function stopServer(child: ChildProcess) {
  stopping = true;
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

async function publishedSlug(base: string): Promise<string> {
  const response = await fetch(`${base}/api/blog/posts?limit=1`);
  const body = (await response.json()) as { posts?: { slug: string }[] };
  const slug = body.posts?.[0]?.slug;
  if (!response.ok || !slug) throw new Error(`No published post: ${response.status} ${JSON.stringify(body)}`);
  return slug;
}

function figuresOf(lhr: Result): Figures {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const summary =
    (lhr.audits['resource-summary']?.details as { items?: Record<string, unknown>[] })?.items ?? [];
  const transferred = (type: string) =>
    Number(summary.find((item) => item.resourceType === type)?.transferSize ?? 0);
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
    ) as Record<Category, number>,
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    jsBytes: transferred('script'),
    cssBytes: transferred('stylesheet'),
  };
}

/** The audits that cost points in a run, with what Lighthouse says they found, to read and fix. */
function shortcomings(lhr: Result): string[] {
  const found: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || (ref.weight === 0 && category !== 'performance')) continue;
      const failing = audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== 'informative';
      const opportunity = category === 'performance' && ref.group !== 'metrics' && (audit.score ?? 1) < 0.9;
      if ((category === 'performance' ? opportunity : failing) && audit.scoreDisplayMode !== 'manual')
        found.push(`${category}: ${audit.id} (${audit.score}) ${audit.displayValue ?? ''}`.trim());
    }
  }
  return found;
}

/**
 * One Lighthouse run of `url`. A run whose trace came out unusable (NO_NAVSTART and the like,
 * now and then on a loaded machine) is run again, up to three times in all.
 */
async function audit(url: string, port: number): Promise<{ lhr: Result; report: string }> {
  for (let attempt = 1; ; attempt++) {
    const outcome = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
    });
    if (!outcome) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr, report } = outcome;
    if (!lhr.runtimeError) return { lhr, report: report as string };
    const reason = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
    if (attempt === 3) throw new Error(`${url}: ${reason}`);
    console.log(`  ${url}: ${reason}; running it again`);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

function medianOf(runs: Figures[]): Figures {
  const pick = (get: (f: Figures) => number) => median(runs.map(get));
  return {
    scores: Object.fromEntries(CATEGORIES.map((id) => [id, pick((f) => f.scores[id])])) as Record<
      Category,
      number
    >,
    lcpMs: pick((f) => f.lcpMs),
    tbtMs: pick((f) => f.tbtMs),
    cls: pick((f) => f.cls),
    jsBytes: pick((f) => f.jsBytes),
    cssBytes: pick((f) => f.cssBytes),
  };
}

if (!existsSync(SERVER)) {
  console.error(`${path.relative(process.cwd(), SERVER)} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

const { version } = JSON.parse(
  await readFile(path.join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8'),
) as { version: string };
console.log(`Lighthouse ${version} on ${CHROMIUM}, mobile preset, ${RUNS} runs per page`);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-lighthouse-'));
const server = await startServer(dataDir);
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'],
});
const results: { page: string; figures: Figures; runs: Figures[]; shortcomings: string[] }[] = [];
try {
  const slug = await publishedSlug(server.base);
  const pages = ['/', '/about', '/blog', `/blog/${slug}`];
  await mkdir(RESULTS, { recursive: true });
  for (const page of pages) {
    const runs: Figures[] = [];
    const found = new Set<string>();
    for (let run = 1; run <= RUNS; run++) {
      const { lhr, report } = await audit(`${server.base}${page}`, chrome.port);
      runs.push(figuresOf(lhr));
      for (const line of shortcomings(lhr)) found.add(line);
      const name = page === '/' ? 'home' : page.slice(1).replaceAll('/', '-');
      await writeFile(path.join(RESULTS, `${name.startsWith('blog-') ? 'post' : name}-${run}.json`), report);
      const f = runs.at(-1)!;
      console.log(
        `  ${page} run ${run}: ${CATEGORIES.map((c) => f.scores[c]).join(' / ')}, LCP ${Math.round(f.lcpMs)} ms, TBT ${Math.round(f.tbtMs)} ms`,
      );
    }
    results.push({ page, figures: medianOf(runs), runs, shortcomings: [...found] });
  }
} finally {
  chrome.kill();
  await stopServer(server.child);
  await rm(dataDir, { recursive: true, force: true });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
printTable(
  ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT', 'CLS', 'JS', 'CSS'],
  results.map(({ page, figures: f }) => [
    page,
    ...CATEGORIES.map((c) => String(f.scores[c])),
    `${(f.lcpMs / 1000).toFixed(2)} s`,
    `${Math.round(f.tbtMs)} ms`,
    f.cls.toFixed(3),
    kb(f.jsBytes),
    kb(f.cssBytes),
  ]),
);

const missed = results.flatMap(({ page, figures }) =>
  CATEGORIES.filter((c) => figures.scores[c] < TARGETS[c]).map(
    (c) => `${page}: ${c} ${figures.scores[c]} < ${TARGETS[c]}`,
  ),
);
for (const { page, shortcomings: found } of results) {
  if (found.length > 0) console.log(`\nWhat cost points on ${page} (in any run):\n  ${found.join('\n  ')}`);
}
await writeFile(
  path.join(RESULTS, 'summary.json'),
  JSON.stringify({ date: new Date().toISOString(), runs: RUNS, targets: TARGETS, results }, null, 2),
);
console.log(
  `\nTargets: ${Object.entries(TARGETS)
    .map(([c, t]) => `${c} ≥ ${t}`)
    .join(', ')} (medians of ${RUNS}).`,
);
if (missed.length > 0) {
  console.error(`Missed:\n  ${missed.join('\n  ')}`);
  process.exitCode = 1;
} else {
  console.log('Every page meets every target.');
}
