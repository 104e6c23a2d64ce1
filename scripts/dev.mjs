// `npm run dev`: the API under `tsx watch` (reloads on save) and the Vite dev server, started and stopped together.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const apiPort = process.env.API_PORT ?? '3001';
const color = process.stdout.isTTY ? { FORCE_COLOR: '1' } : {};

const children = [
  {
    name: 'api',
    tint: '\x1b[36m',
    command: bin('tsx'),
    args: ['watch', '--clear-screen=false', 'server/main.ts'],
    env: {
      NODE_ENV: 'development',
      DATA_DIR: './data',
      // Links (checkout return pages, e-mails) lead to the Vite server the browser uses.
      PUBLIC_URL: 'http://localhost:3000',
      ...process.env,
      PORT: apiPort,
      API_PORT: apiPort,
      ...color,
    },
  },
  {
    name: 'web',
    tint: '\x1b[35m',
    command: bin('vite'),
    args: [],
    env: { ...process.env, API_PORT: apiPort, ...color },
  },
];

let stopping = false;
let exitCode = 0;
const running = new Set();

/** Prefixes each complete line a child writes, so the two streams stay readable side by side. */
function pipeLines(stream, out, prefix) {
  let pending = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (pending + chunk).split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) out.write(`${prefix}${line}\n`);
  });
  stream.on('end', () => {
    if (pending) out.write(`${prefix}${pending}\n`);
  });
}

// Each child leads its own process group, so stopping it also stops what it started (the reloaded server, esbuild).
function stopAll(signal) {
  for (const child of running) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

function shutdown(signal, code) {
  if (stopping) return;
  stopping = true;
  exitCode = code;
  stopAll(signal);
  setTimeout(() => stopAll('SIGKILL'), 5000).unref();
}

for (const spec of children) {
  const prefix = process.stdout.isTTY ? `${spec.tint}[${spec.name}]\x1b[0m ` : `[${spec.name}] `;
  const child = spawn(spec.command, spec.args, {
    cwd: root,
    env: spec.env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  pipeLines(child.stdout, process.stdout, prefix);
  pipeLines(child.stderr, process.stderr, prefix);
  child.on('error', (error) => {
    console.error(`${prefix}could not start: ${error.message}`);
    running.delete(child);
    shutdown('SIGTERM', 1);
  });
  child.on('exit', (code, signal) => {
    running.delete(child);
    if (!stopping) {
      console.error(`${prefix}stopped (${signal ?? `exit code ${code}`}); stopping the other process too.`);
      shutdown('SIGTERM', code || 1);
    }
    if (running.size === 0) process.exit(exitCode);
  });
}

console.log(`API on http://127.0.0.1:${apiPort} (reloads on save); web app on http://localhost:3000`);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => shutdown(signal, 0));
