import { rename } from 'node:fs/promises';
import path from 'node:path';
import { hasPgliteDataDir, openPglite, type Database } from './client';
import { BackupError, holdsUsers, loadData, migrationLevel, withSnapshot, type TableCount } from './transfer';

/**
 * Until Kwoon ran PostgreSQL itself, its embedded database was PGlite in DATA_DIR/db. Such an
 * install is moved over once, by the same logical copy a restore makes; the PGlite folder is then
 * renamed, and kept, so nothing can start on it again by mistake and nothing is lost.
 */
const PGLITE_DIR = 'db';

export interface PgliteImportSummary {
  tables: TableCount[];
  rows: number;
  /** The migration level the PGlite database was at (the import migrated it to this version's). */
  fromLevel: number;
  /** Where DATA_DIR/db now is. */
  keptAt: string;
}

/** e.g. 2026-12-07T09-30-00Z: sortable, and valid in a file name everywhere. */
const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');

/**
 * Copies every table of the PGlite database in DATA_DIR/db — whatever migration level it is at —
 * into `target`, the PostgreSQL database, replacing what `target` holds (it refuses a target with
 * users unless `force`). Opening the PGlite folder takes its lock, so this refuses while a Kwoon
 * that still runs PGlite has it open. The media stay where they are, in DATA_DIR/media.
 */
export async function importPglite(options: {
  dataDir: string;
  target: Database;
  force?: boolean;
  now?: Date;
}): Promise<PgliteImportSummary> {
  const { dataDir, target } = options;
  const dir = path.join(dataDir, PGLITE_DIR);
  if (!hasPgliteDataDir(dataDir)) throw new BackupError(`There is no PGlite database in ${dir} to import.`);
  if (!options.force && (await holdsUsers(target))) {
    throw new BackupError(
      'The PostgreSQL database already holds users. Importing replaces all of its data; add --force to do that.',
    );
  }
  const source = await openPglite(dir);
  let fromLevel: number;
  let tables: TableCount[];
  try {
    ({ fromLevel, tables } = await withSnapshot(source, async (data) => ({
      fromLevel: migrationLevel(data.migrations),
      tables: await loadData(target, data),
    })));
  } finally {
    await source.close();
  }
  const keptAt = path.join(dataDir, `db-pglite-imported-${stamp(options.now ?? new Date())}`);
  await rename(dir, keptAt);
  return { tables, rows: tables.reduce((sum, table) => sum + table.rows, 0), fromLevel, keptAt };
}
