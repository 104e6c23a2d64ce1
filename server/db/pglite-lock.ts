import { readFileSync, unlinkSync } from 'node:fs';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FILE_MODE } from './data-dir';

export const PGLITE_LOCK_FILE = '.kwoon.lock';
/** Lock files this process holds, so a PID match can tell our own lock from a stale one. */
const heldLocks = new Set<string>();

/**
 * A PID alone does not name a process: once its owner exits the kernel hands it out again, and
 * a lock naming it would then block start-up for as long as the newcomer lives. The boot and the
 * clock tick the process started at (field 22 of Linux's /proc/<pid>/stat) tell the writer of a
 * lock from a later process with the same PID. Undefined where there is no /proc.
 */
export function processIdentity(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2, the command name, may hold spaces and parentheses; the fields after it do not.
    const startTicks = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    const bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return startTicks && bootId ? `${bootId}/${startTicks}` : undefined;
  } catch {
    return undefined;
  }
}

/** A lock reads `<pid> <identity>`; one written before identities were recorded holds only the PID. */
function parseLock(text: string): { pid: number; identity?: string } {
  const [pid = '', identity] = text.trim().split(/\s+/);
  return { pid: Number.parseInt(pid, 10), identity };
}

function lockHolderAlive(file: string, holder: { pid: number; identity?: string }): boolean {
  const { pid, identity } = holder;
  if (!Number.isInteger(pid) || pid <= 0) return false;
  // After a restart a container gives the new process the dead one's PID (often 1).
  if (pid === process.pid) return heldLocks.has(file);
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const current = processIdentity(pid);
  return !identity || !current || current === identity;
}

/**
 * PGlite opens a data directory that another process is using without complaint, and the two
 * then overwrite each other's data. A lock file naming the owner keeps it to one process; a lock
 * left by a process that is gone, or whose PID now belongs to another process, is taken over.
 * Returns the function that releases the lock.
 */
export async function lockDataDir(dataDir: string): Promise<() => void> {
  const file = path.join(dataDir, PGLITE_LOCK_FILE);
  const identity = processIdentity(process.pid);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await writeFile(file, `${process.pid}${identity ? ` ${identity}` : ''}\n`, {
        flag: 'wx',
        mode: PRIVATE_FILE_MODE,
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = parseLock(await readFile(file, 'utf8').catch(() => ''));
      if (lockHolderAlive(file, holder)) {
        throw new Error(
          `The embedded database in ${dataDir} is in use by another Kwoon process (PID ${holder.pid}). ` +
            'Stop that server or CLI command and try again. ' +
            `If no Kwoon process is running, delete ${file}.`,
          { cause: error },
        );
      }
      await rm(file, { force: true });
      continue;
    }
    heldLocks.add(file);
    const removeNow = () => {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    };
    // A process that exits without closing the database (process.exit) still frees it.
    process.on('exit', removeNow);
    return () => {
      process.off('exit', removeNow);
      heldLocks.delete(file);
      removeNow();
    };
  }
  throw new Error(`Could not lock the embedded database in ${dataDir}; try again.`);
}
