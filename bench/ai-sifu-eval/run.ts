import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import { localStorage } from '../../server/platform/storage';
import { formatReport, runSifuEval } from './eval';

/**
 * `npm run eval:sifu`: AI Sifu's evaluation on a fresh embedded database (migrated, with the demo
 * seed) in a temporary folder. Prints each answer's citations and the figures; exits with 1 when a
 * target is missed.
 */
async function main(): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kwoon-eval-sifu-'));
  const database = await openDatabase({ dataDir: dir, ownServer: true });
  try {
    await database.migrate();
    await seedDemo(database.db, localStorage(path.join(dir, 'media')), { info: () => {} });
    const report = await runSifuEval(database.db);
    console.log(formatReport(report));
    return report.failures.length ? 1 : 0;
  } finally {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
