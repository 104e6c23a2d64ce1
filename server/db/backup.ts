import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { openPglite, PGLITE_LOCK_FILE, startPglite } from './client';
import { copyPrivateTree, flushTree, isEmptyDir, makePrivate, PRIVATE_FILE_MODE } from './data-dir';
import { lockDataDir } from './pglite-lock';

/**
 * A backup is a folder: the manifest, the embedded database as a gzipped tarball of its data
 * directory (PGlite's own format, loadable by any PGlite of the same major version) and a copy
 * of the media folder.
 */
export const BACKUP_MANIFEST = 'kwoon-backup.json';
const DATABASE_FILE = 'database.tar.gz';
const MEDIA = 'media';
const FORMAT = 'kwoon-backup';
const VERSION = 1;

/** A refusal whose message is for the person at the terminal. */
export class BackupError extends Error {}

export interface BackupSummary {
  databaseBytes: number;
  mediaFiles: number;
}

/**
 * Writes a consistent snapshot of DATA_DIR's embedded database and media into `target`, a folder
 * that must not exist yet (or be empty). The database is opened like the server opens it, so
 * this refuses while a server holds it; with the server stopped, the media cannot change either.
 */
export async function backupDataDir(dataDir: string, target: string): Promise<BackupSummary> {
  const dbDir = path.join(dataDir, 'db');
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) {
    throw new BackupError(`There is no embedded database in ${dbDir} to back up.`);
  }
  const destination = path.resolve(target);
  if (!(await isEmptyDir(destination))) {
    throw new BackupError(`${destination} already exists and is not empty; give a new folder.`);
  }
  const database = await openPglite(dbDir);
  // Written beside the destination and renamed at the end, so a folder with the final name is always whole.
  const partial = `${destination}.partial-${process.pid}`;
  try {
    await makePrivate(partial);
    const dump = Buffer.from(await (await database.dumpDataDir!('gzip')).arrayBuffer());
    await writeFile(path.join(partial, DATABASE_FILE), dump, { mode: PRIVATE_FILE_MODE });
    const media = path.join(dataDir, MEDIA);
    const mediaFiles = existsSync(media) ? await copyPrivateTree(media, path.join(partial, MEDIA)) : 0;
    const manifest = {
      format: FORMAT,
      version: VERSION,
      created_at: new Date().toISOString(),
      database: 'pglite',
      media_files: mediaFiles,
    };
    await writeFile(path.join(partial, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: PRIVATE_FILE_MODE,
    });
    await flushTree(partial);
    await rm(destination, { recursive: true, force: true });
    await rename(partial, destination);
    return { databaseBytes: dump.length, mediaFiles };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  } finally {
    await database.close();
  }
}

async function readManifest(source: string) {
  let manifest: { format?: string; version?: number } | undefined;
  try {
    manifest = JSON.parse(await readFile(path.join(source, BACKUP_MANIFEST), 'utf8')) as typeof manifest;
  } catch {
    manifest = undefined;
  }
  if (manifest?.format !== FORMAT || !existsSync(path.join(source, DATABASE_FILE))) {
    throw new BackupError(
      `${source} is not a Kwoon backup (it needs ${BACKUP_MANIFEST} and ${DATABASE_FILE}).`,
    );
  }
  if (manifest.version !== VERSION) {
    throw new BackupError(
      `${source} is a backup of format version ${manifest.version}; this Kwoon reads version ${VERSION}.`,
    );
  }
}

/**
 * Replaces DATA_DIR's embedded database and media with a backup's. It holds the database lock
 * throughout, so it refuses while a server runs and no server can start meanwhile; it refuses to
 * replace existing data without `force`. The backup is loaded and started beside the live data
 * first, so a damaged backup fails before anything is replaced.
 */
export async function restoreDataDir(
  dataDir: string,
  source: string,
  options: { force: boolean },
): Promise<{ mediaFiles: number }> {
  await readManifest(source);
  const dbDir = path.join(dataDir, 'db');
  const mediaDir = path.join(dataDir, MEDIA);
  await makePrivate(dbDir);
  const unlock = await lockDataDir(dbDir);
  let staging: string | undefined;
  try {
    const occupied = !(await isEmptyDir(dbDir, [PGLITE_LOCK_FILE])) || !(await isEmptyDir(mediaDir));
    if (occupied && !options.force) {
      throw new BackupError(
        `${dataDir} already holds a database or media. Restoring replaces them; add --force to do that.`,
      );
    }
    staging = await mkdtemp(path.join(dataDir, '.restore-'));
    const tarball = new Blob([await readFile(path.join(source, DATABASE_FILE))], {
      type: 'application/x-gzip',
    });
    const restored = await startPglite(path.join(staging, 'db'), tarball);
    await restored.query('select 1');
    await restored.close();
    const stagedMedia = path.join(staging, MEDIA);
    const mediaFiles = existsSync(path.join(source, MEDIA))
      ? await copyPrivateTree(path.join(source, MEDIA), stagedMedia)
      : 0;
    await flushTree(staging);

    for (const name of await readdir(dbDir)) {
      if (name !== PGLITE_LOCK_FILE) await rm(path.join(dbDir, name), { recursive: true, force: true });
    }
    for (const name of await readdir(path.join(staging, 'db'))) {
      await rename(path.join(staging, 'db', name), path.join(dbDir, name));
    }
    await rm(mediaDir, { recursive: true, force: true });
    if (existsSync(stagedMedia)) await rename(stagedMedia, mediaDir);
    await flushTree(dataDir);
    return { mediaFiles };
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
    unlock();
  }
}
