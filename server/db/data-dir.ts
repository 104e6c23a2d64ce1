import { chmod, copyFile, lstat, mkdir, open, readdir } from 'node:fs/promises';
import path from 'node:path';

/** The database, password hashes included, and unpublished media are nobody else's business on the machine. */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

async function walk(
  root: string,
  visit: (file: string, isDir: boolean) => Promise<void>,
  skip: readonly string[] = [],
) {
  const info = await lstat(root);
  if (info.isSymbolicLink()) return;
  await visit(root, info.isDirectory());
  if (!info.isDirectory()) return;
  for (const entry of await readdir(root, { withFileTypes: true })) {
    if (skip.includes(entry.name)) continue;
    if (entry.isDirectory()) await walk(path.join(root, entry.name), visit);
    else if (entry.isFile()) await visit(path.join(root, entry.name), false);
  }
}

async function restrict(file: string, isDir: boolean) {
  const wanted = isDir ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
  const { mode } = await lstat(file);
  if ((mode & 0o777) === wanted) return;
  try {
    await chmod(file, wanted);
  } catch (error) {
    throw new Error(
      `Could not make ${file} private (${(error as NodeJS.ErrnoException).code}). ` +
        "Kwoon's data directory must belong to the user that runs Kwoon.",
      { cause: error },
    );
  }
}

/**
 * Creates the directory if needed; it and everything in it end up owner-only (directories 0700,
 * files 0600), but for the entries named in `skip` (a running PostgreSQL server's cluster, whose
 * files it creates owner-only itself and which come and go as it works).
 */
export async function makePrivate(dir: string, skip: readonly string[] = []): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await walk(dir, restrict, skip);
}

/**
 * Forces every file and directory under `root` to disk. Files PGlite writes itself (a new data
 * directory, a loaded backup) bypass PostgreSQL's own fsync calls, so they are flushed once here.
 */
export async function flushTree(root: string): Promise<void> {
  await walk(root, async (file) => {
    const handle = await open(file, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  });
}

export async function isEmptyDir(dir: string, ignore: string[] = []): Promise<boolean> {
  try {
    return (await readdir(dir)).every((name) => ignore.includes(name));
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT') return true;
    if (code === 'ENOTDIR') return false;
    throw error;
  }
}

/** Copies a folder tree; the copies are owner-only whatever the originals were. Returns the number of files. */
export async function copyPrivateTree(from: string, to: string): Promise<number> {
  let files = 0;
  await walk(from, async (file, isDir) => {
    const copy = path.join(to, path.relative(from, file));
    if (isDir) {
      await mkdir(copy, { recursive: true, mode: PRIVATE_DIR_MODE });
    } else {
      await copyFile(file, copy);
      await chmod(copy, PRIVATE_FILE_MODE);
      files++;
    }
  });
  return files;
}
