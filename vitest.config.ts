import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineConfig({
  test: {
    // Vitest's default leaves one core to itself, which is one worker on a two-core machine; the
    // server tests wait on their databases and child processes much of the time, so two workers
    // keep two cores busy and halve the run.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        test: {
          // The fast tier: the tests of pure rules, which need nothing but the code they test and
          // so skip the server's global setup (an embedded PostgreSQL server and its template).
          // It holds every test in common/ and each server test named *.unit.test.ts. A server
          // test takes that name only when it runs in this process alone: no database, no app
          // (buildApp, createTestApp), no server, child process or network — a bare Fastify
          // instance it injects into, or a scratch folder of its own, at most. Any other server
          // test is a plain *.test.ts and runs in the server project.
          name: 'unit',
          environment: 'node',
          // Each worker imports the rules once, as on the server; no unit test mocks a module.
          isolate: false,
          include: ['common/**/*.test.ts', 'server/**/*.unit.test.ts'],
        },
      },
      {
        test: {
          name: 'server',
          environment: 'node',
          // Each worker imports the app's modules once and runs file after file with them, instead
          // of a fresh worker importing the whole app for every file (which took as long as many
          // files' tests). What a file needs of its own is made in the file: its database, its app,
          // its clock; no server test mocks a module.
          isolate: false,
          include: ['server/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'server/**/*.unit.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          environment: 'happy-dom',
          // As on the server: Mantine, React and the router are imported once per worker, not once
          // per file. web/test/setup.ts resets after every test what those modules keep (the DOM,
          // local storage, stubs, the notification store).
          isolate: false,
          include: ['web/**/*.test.{ts,tsx}'],
          setupFiles: ['web/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});
