import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';
import { openPglite, type Database } from './client';
import { copyPrivateTree, flushTree, isEmptyDir, makePrivate, PRIVATE_FILE_MODE } from './data-dir';
import {
  BackupError,
  holdsUsers,
  latestMigrationLevel,
  loadData,
  migrationLevel,
  PAGE_ROWS,
  withSnapshot,
  type TableCount,
  type TableSource,
} from './transfer';

export { BackupError } from './transfer';

/**
 * A backup is a folder: the manifest, one gzipped JSON-lines file per table of the public schema
 * (`tables/<table>.jsonl.gz`, a row_to_json object per line, generated columns left out) and a copy
 * of the media folder. The manifest records the migrations the data has been through, so a later
 * version restores it by migrating it first.
 */
export const BACKUP_MANIFEST = 'kwoon-backup.json';
const TABLES = 'tables';
const MEDIA = 'media';
const FORMAT = 'kwoon-backup';
const VERSION = 2;
/** Version 1 held PGlite's data directory as a tarball; it is still restored. */
const PGLITE_VERSION = 1;
const PGLITE_TARBALL = 'database.tar.gz';
/** A page read back from a file also stops at this many bytes of JSON. */
const PAGE_BYTES = 8_000_000;

const Manifest = z.object({
  format: z.literal(FORMAT),
  version: z.literal(VERSION),
  created_at: z.string(),
  engine: z.string(),
  migrations: z.object({
    level: z.number().int().nonnegative(),
    applied: z.array(z.object({ hash: z.string(), created_at: z.number() })),
  }),
  tables: z.array(z.object({ name: z.string(), file: z.string(), rows: z.number().int().nonnegative() })),
  sequences: z.array(z.object({ name: z.string(), last_value: z.string().nullable() })),
  /** Null: the media were not part of the backup (they live in a bucket). */
  media_files: z.number().int().nonnegative().nullable(),
});
type Manifest = z.infer<typeof Manifest>;

export interface BackupSummary {
  tables: number;
  rows: number;
  /** Null when the media live in a bucket and were not copied. */
  mediaFiles: number | null;
  migrationLevel: number;
}

export interface BackupOptions {
  database: Database;
  /** A new folder, or an empty one. */
  target: string;
  /** DATA_DIR/media; undefined when the media live in a bucket. */
  mediaDir?: string;
  /**
   * Told before each table is read (what is written meanwhile belongs to after the snapshot). It
   * runs in the snapshot's transaction scope: a query through `database` would join that read-only
   * transaction, so a writer uses a database handle of its own.
   */
  onTable?: (name: string) => Promise<void> | void;
}

const tableFile = (name: string) => `${TABLES}/${encodeURIComponent(name)}.jsonl.gz`;

/** Writes the table's rows, one per line, gzipped; returns how many. */
async function writeTable(file: string, table: TableSource): Promise<number> {
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(file, { mode: PRIVATE_FILE_MODE, flags: 'wx' }));
  let rows = 0;
  try {
    await table.forEachPage(async (page) => {
      rows += page.length;
      if (!gzip.write(`${page.join('\n')}\n`)) await once(gzip, 'drain');
    });
    gzip.end();
  } catch (error) {
    gzip.destroy(error as Error);
    await written.catch(() => {});
    throw error;
  }
  await written;
  return rows;
}

/**
 * Writes a consistent snapshot of the database (one transaction's view of every table, read while
 * the server keeps serving) and a copy of the media into `target`. The folder is written beside
 * the destination and renamed at the end, so a folder with the final name is always whole.
 */
export async function backupDatabase(options: BackupOptions): Promise<BackupSummary> {
  const destination = path.resolve(options.target);
  if (!(await isEmptyDir(destination))) {
    throw new BackupError(`${destination} already exists and is not empty; give a new folder.`);
  }
  const partial = `${destination}.partial-${process.pid}`;
  try {
    await rm(partial, { recursive: true, force: true });
    await makePrivate(path.join(partial, TABLES));
    const snapshot = await withSnapshot(options.database, async (source) => {
      const tables: Manifest['tables'] = [];
      for (const table of source.tables) {
        await options.onTable?.(table.name);
        const file = tableFile(table.name);
        tables.push({ name: table.name, file, rows: await writeTable(path.join(partial, file), table) });
      }
      return { ...source, tables };
    });
    // After the snapshot: a file uploaded meanwhile is copied too, which does no harm.
    const media = options.mediaDir;
    const mediaFiles =
      media === undefined
        ? null
        : existsSync(media)
          ? await copyPrivateTree(media, path.join(partial, MEDIA))
          : 0;
    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      created_at: new Date().toISOString(),
      engine: snapshot.engine,
      migrations: { level: migrationLevel(snapshot.migrations), applied: snapshot.migrations },
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      media_files: mediaFiles,
    };
    await writeFile(path.join(partial, BACKUP_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: PRIVATE_FILE_MODE,
    });
    await makePrivate(partial);
    await flushTree(partial);
    await rm(destination, { recursive: true, force: true });
    await rename(partial, destination);
    return {
      tables: manifest.tables.length,
      rows: manifest.tables.reduce((sum, table) => sum + table.rows, 0),
      mediaFiles,
      migrationLevel: manifest.migrations.level,
    };
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}

type ReadManifest = { version: typeof VERSION; manifest: Manifest } | { version: typeof PGLITE_VERSION };

async function readManifest(source: string): Promise<ReadManifest> {
  let raw: { format?: unknown; version?: unknown } | undefined;
  try {
    raw = JSON.parse(await readFile(path.join(source, BACKUP_MANIFEST), 'utf8')) as typeof raw;
  } catch {
    raw = undefined;
  }
  if (raw?.format !== FORMAT)
    throw new BackupError(`${source} is not a Kwoon backup (it has no ${BACKUP_MANIFEST}).`);
  if (raw.version === PGLITE_VERSION && existsSync(path.join(source, PGLITE_TARBALL))) {
    return { version: PGLITE_VERSION };
  }
  if (raw.version !== VERSION) {
    throw new BackupError(
      `${source} is a backup of format version ${String(raw.version)}; this Kwoon reads versions ${PGLITE_VERSION} and ${VERSION}.`,
    );
  }
  const parsed = Manifest.safeParse(raw);
  if (!parsed.success)
    throw new BackupError(`${source}/${BACKUP_MANIFEST} is damaged: ${parsed.error.message}`);
  const missing = parsed.data.tables.filter((table) => !existsSync(path.join(source, table.file)));
  if (missing.length > 0) {
    throw new BackupError(
      `${source} is incomplete: ${missing.map((table) => table.file).join(', ')} missing.`,
    );
  }
  return { version: VERSION, manifest: parsed.data };
}

/** A table's rows read back from its file, in pages; a file that does not hold the rows the manifest counted fails. */
function fileSource(folder: string, table: Manifest['tables'][number]): TableSource {
  return {
    name: table.name,
    async forEachPage(visit) {
      let page: string[] = [];
      let bytes = 0;
      let rows = 0;
      const flush = async () => {
        if (page.length === 0) return;
        const full = page;
        page = [];
        bytes = 0;
        rows += full.length;
        await visit(full);
      };
      const take = async (line: string) => {
        if (line.length === 0) return;
        page.push(line);
        bytes += line.length;
        if (page.length >= PAGE_ROWS || bytes >= PAGE_BYTES) await flush();
      };
      const file = path.join(folder, table.file);
      await pipeline(createReadStream(file), createGunzip(), async (chunks: AsyncIterable<Buffer>) => {
        const decoder = new StringDecoder('utf8');
        let rest = '';
        for await (const chunk of chunks) {
          const lines = (rest + decoder.write(chunk)).split('\n');
          rest = lines.pop() ?? '';
          for (const line of lines) await take(line);
        }
        await take(rest + decoder.end());
        await flush();
      });
      if (rows !== table.rows) {
        throw new BackupError(
          `${file} holds ${rows} rows where the manifest counts ${table.rows}; the backup is damaged.`,
        );
      }
    },
  };
}

/** Loads a version 1 backup (PGlite's data directory) through an in-memory PGlite. */
async function loadPgliteTarball(target: Database, source: string): Promise<TableCount[]> {
  const tarball = new Blob([await readFile(path.join(source, PGLITE_TARBALL))], {
    type: 'application/x-gzip',
  });
  const pglite = await openPglite(undefined, tarball);
  try {
    return await withSnapshot(pglite, (data) => loadData(target, data));
  } finally {
    await pglite.close();
  }
}

/** Moves `staged` into `live`'s place; the previous folder is removed once the new one is there. */
async function replaceFolder(live: string, staged: string): Promise<void> {
  const previous = `${live}.replaced-${process.pid}`;
  await rm(previous, { recursive: true, force: true });
  if (existsSync(live)) await rename(live, previous);
  await rename(staged, live);
  await rm(previous, { recursive: true, force: true });
}

export interface RestoreOptions {
  database: Database;
  source: string;
  /** Replace a database that already holds users. */
  force: boolean;
  /** DATA_DIR/media; undefined when the media live in a bucket (the backup's are then left alone). */
  mediaDir?: string;
}

export interface RestoreSummary {
  tables: TableCount[];
  rows: number;
  /** Null when no media were restored. */
  mediaFiles: number | null;
  /** The backup's migration level and this version's, which the data was migrated to. */
  fromLevel: number | null;
  toLevel: number;
}

/**
 * Replaces the database's data, and the media, with a backup's — while the server runs, as one
 * transaction on the database. It refuses to replace a database that holds users without `force`.
 * The media are copied beside the live folder first and swapped in after the data committed, so a
 * damaged backup fails before anything is replaced.
 */
export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const source = path.resolve(options.source);
  const read = await readManifest(source);
  if (!options.force && (await holdsUsers(options.database))) {
    throw new BackupError(
      'The database already holds users. Restoring replaces all of its data; add --force to do that.',
    );
  }
  const mediaInBackup = read.version === VERSION ? read.manifest.media_files !== null : true;
  const mediaDir = mediaInBackup ? options.mediaDir : undefined;
  const staged = mediaDir ? `${mediaDir}.restoring-${process.pid}` : undefined;
  try {
    let mediaFiles: number | null = null;
    if (mediaDir && staged) {
      await rm(staged, { recursive: true, force: true });
      await makePrivate(staged);
      const backedUp = path.join(source, MEDIA);
      mediaFiles = existsSync(backedUp) ? await copyPrivateTree(backedUp, staged) : 0;
      await flushTree(staged);
    }
    const tables =
      read.version === VERSION
        ? await loadData(options.database, {
            engine: read.manifest.engine,
            migrations: read.manifest.migrations.applied,
            sequences: read.manifest.sequences,
            tables: read.manifest.tables.map((table) => fileSource(source, table)),
          })
        : await loadPgliteTarball(options.database, source);
    if (mediaDir && staged) await replaceFolder(mediaDir, staged);
    return {
      tables,
      rows: tables.reduce((sum, table) => sum + table.rows, 0),
      mediaFiles,
      fromLevel: read.version === VERSION ? read.manifest.migrations.level : null,
      toLevel: latestMigrationLevel(),
    };
  } finally {
    if (staged) await rm(staged, { recursive: true, force: true });
  }
}
