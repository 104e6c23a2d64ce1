// `npm start`: builds what is missing or out of date, then runs the bundled server in the foreground.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const stampDir = path.join(root, 'dist', '.stamps');
const shared = ['common', 'package.json', 'package-lock.json', 'tsconfig.json'];

const targets = [
  {
    name: 'web',
    label: 'Building the web app…',
    // Vite's per-chunk table is for `npm run build`; here a warning or error is what matters.
    command: ['build:web', '--', '--logLevel', 'warn'],
    output: 'dist/web/index.html',
    inputs: ['web', 'vite.config.ts', ...shared],
  },
  {
    name: 'server',
    label: 'Building the server…',
    command: ['build:server', '--', '--quiet'],
    output: 'dist/server/main.js',
    // The server renders the public pages from web/site (and what they import from web/).
    inputs: ['server', 'web', 'scripts/build-server.mjs', ...shared],
  },
];

/** Newest modification time of a file, or of any file below a folder; tests do not affect a build. */
function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry, { withFileTypes: true })) {
    if (child.name === 'node_modules' || /\.test\.tsx?$/.test(child.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child.name)));
  }
  return newest;
}

function isStale(target) {
  const stamp = path.join(stampDir, target.name);
  if (!existsSync(path.join(root, target.output)) || !existsSync(stamp)) return true;
  const builtAt = statSync(stamp).mtimeMs;
  return target.inputs.some((input) => newestMtime(path.join(root, input)) > builtAt);
}

let current = null;
let stopping = null;

function run(command, args) {
  return new Promise((resolve) => {
    current = spawn(command, args, { cwd: root, env: process.env, stdio: 'inherit' });
    current.on('error', (error) => {
      console.error(`Could not run ${command}: ${error.message}`);
      resolve({ code: 1, signal: null });
    });
    current.on('exit', (code, signal) => resolve({ code, signal }));
  });
}

function exitLike({ code, signal }) {
  if (signal) process.exit(128 + (constants.signals[signal] ?? 1));
  process.exit(code ?? 1);
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    stopping = signal;
    if (current && current.exitCode === null && current.signalCode === null) current.kill(signal);
    else process.exit(128 + constants.signals[signal]);
  });
}

for (const target of targets.filter(isStale)) {
  console.log(target.label);
  const startedAt = new Date();
  const result = await run('npm', ['run', '--silent', ...target.command]);
  if (stopping) process.exit(128 + constants.signals[stopping]);
  if (result.code !== 0) {
    console.error(`The ${target.name} build failed; see the messages above.`);
    exitLike({ code: result.code || 1, signal: null });
  }
  mkdirSync(stampDir, { recursive: true });
  const stamp = path.join(stampDir, target.name);
  writeFileSync(stamp, `${startedAt.toISOString()}\n`);
  // Dated from the start of the build, so a file saved while it ran still counts as newer.
  utimesSync(stamp, startedAt, startedAt);
  const seconds = ((Date.now() - startedAt.getTime()) / 1000).toFixed(1);
  console.log(`The ${target.name} build finished in ${seconds} s (${path.dirname(target.output)}).`);
}

console.log('Starting Kwoon…');
exitLike(await run(process.execPath, ['--enable-source-maps', 'dist/server/main.js']));
