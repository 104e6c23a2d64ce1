import os from 'node:os';
import { defineConfig } from 'vitest/config';
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
          name: 'server',
          environment: 'node',
          // Each worker imports the app's modules once and runs file after file with them, instead
          // of a fresh worker importing the whole app for every file (which took as long as many
          // files' tests). What a file needs of its own is made in the file: its database, its app,
          // its clock; no server test mocks a module.
          isolate: false,
          include: ['server/**/*.test.ts', 'common/**/*.test.ts'],
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
