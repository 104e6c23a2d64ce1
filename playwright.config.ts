import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const isCI = !!process.env.CI;

/*
 * Playwright loads this file in the runner and again in every worker. The runner picks the port
 * and the data directory once and leaves them in the environment, which the workers inherit, so
 * the server and every test agree on them.
 */
if (!process.env.E2E_PORT) {
  // A port the system hands out free now; E2E_PORT set by the caller wins.
  const probe =
    "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });";
  process.env.E2E_PORT = execFileSync(process.execPath, ['-e', probe], { encoding: 'utf8' }).trim();
}
if (!process.env.E2E_DATA_DIR) {
  // A fresh embedded database for every run, removed when the runner exits (after the server has stopped).
  const created = mkdtempSync(path.join(os.tmpdir(), 'kwoon-e2e-'));
  process.env.E2E_DATA_DIR = created;
  process.on('exit', () => rmSync(created, { recursive: true, force: true }));
}
const PORT = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${PORT}`;
const dataDir = process.env.E2E_DATA_DIR;
// CI builds once beforehand; locally the start script builds whatever is missing or out of date.
const server = isCI ? 'node --enable-source-maps dist/server/main.js' : 'node scripts/start.mjs';

/** The checks of every screen (axe, widths), apart from the journeys. */
const SCREEN_CHECKS = ['a11y.spec.ts', 'site-a11y.spec.ts'];

/*
 * Debian's Chromium: its headless shell where installed (the browser without its windowing layers,
 * which renders the same pages on less CPU), else the full browser run headless. Playwright's own
 * browser download is not used.
 */
const chromiumPath =
  process.env.CHROMIUM_PATH ??
  ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((candidate) => existsSync(candidate));

const browser = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  forbidOnly: isCI,
  // A flaky test fails: a retry would hide it.
  retries: 0,
  // The journeys on one worker (their own limit is one), the screen checks on the other.
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 5_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      // The journeys change and count the school's shared data (the AI Sifu analytics, the outbox,
      // the news), so one runs at a time.
      name: 'journeys',
      testIgnore: SCREEN_CHECKS,
      workers: 1,
      use: browser,
    },
    {
      // Every screen through axe: they read what the demo shows and post only what they look at,
      // so they run beside the journeys.
      name: 'screens',
      testMatch: SCREEN_CHECKS,
      fullyParallel: true,
      use: browser,
    },
  ],
  webServer: {
    command: server,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // A signed-out session's streams end within a second, so the journeys need not wait 25 s.
      EVENTS_HEARTBEAT_MS: '1000',
      // A small monthly allowance per course, so the AI Sifu journey reaches the limit in a few questions.
      AI_SIFU_COURSE_MONTHLY_LIMIT: '3',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    },
  },
});
