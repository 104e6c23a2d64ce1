import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `npm run cli -- …` as an operator would, on PGlite in `dataDir` unless `extraEnv` names a
 * DATABASE_URL (the test process's own one is never passed on).
 */
export function runCli(
  dataDir: string,
  args: string[],
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...extraEnv };
  if (!extraEnv.DATABASE_URL) delete env.DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, ['server/cli.ts', ...args], { cwd: root, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
