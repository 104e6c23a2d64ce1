import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EMBEDDED_CLUSTER_DIR } from '../db/embedded-postgres';

/* The embedded PostgreSQL server of a DATA_DIR as the operating system sees it (Linux /proc). */

export const postmasterPidFile = (dataDir: string) =>
  path.join(path.resolve(dataDir), EMBEDDED_CLUSTER_DIR, 'postmaster.pid');

/** The server `postmaster.pid` names (its first line is the pid, its fourth the port), if it is there. */
export function postmasterOf(dataDir: string): { pid: number; port: number } | undefined {
  try {
    const lines = readFileSync(postmasterPidFile(dataDir), 'utf8').split('\n');
    return { pid: Number(lines[0]), port: Number(lines[3]) };
  } catch {
    return undefined;
  }
}

interface ProcStat {
  comm: string;
  state: string;
  ppid: number;
  pgid: number;
}

function procStat(pid: number): ProcStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  const close = text.lastIndexOf(')');
  const [state, ppid, pgid] = text.slice(close + 2).split(' ');
  return {
    comm: text.slice(text.indexOf('(') + 1, close),
    state: state!,
    ppid: Number(ppid),
    pgid: Number(pgid),
  };
}

/** Gone, or exited and waiting only to be reaped (an orphan's zombie, which init reaps when it will). */
export function isGone(pid: number): boolean {
  const stat = procStat(pid);
  return !stat || stat.state === 'Z';
}

export const processGroupOf = (pid: number): number | undefined => procStat(pid)?.pgid;
export const parentOf = (pid: number): number | undefined => procStat(pid)?.ppid;

/** The live processes of a process group, by pid and command name. */
export function processGroupMembers(pgid: number): { pid: number; comm: string }[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .flatMap((name) => {
      const stat = procStat(Number(name));
      return stat && stat.pgid === pgid && stat.state !== 'Z' ? [{ pid: Number(name), comm: stat.comm }] : [];
    });
}

/** Polls `done` every 50 ms until it holds or `ms` pass; whether it held. */
export async function eventually(done: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (!done()) {
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
  return true;
}

/** No server on the cluster any more: its process gone and its `postmaster.pid` removed. */
export const serverStopped = (dataDir: string, pid: number) => () =>
  isGone(pid) && !existsSync(postmasterPidFile(dataDir));

/** Whether `pid` is a PostgreSQL server on this DATA_DIR's cluster. */
function isServerOn(dataDir: string, pid: number): boolean {
  if (isGone(pid)) return false;
  try {
    const cluster = path.join(path.resolve(dataDir), EMBEDDED_CLUSTER_DIR);
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(cluster);
  } catch {
    return false;
  }
}

/** Stops a server a failed test left running on the DATA_DIR (fast shutdown, then a kill). */
export async function stopEmbeddedServerOn(dataDir: string): Promise<void> {
  const server = postmasterOf(dataDir);
  if (!server || !isServerOn(dataDir, server.pid)) return;
  process.kill(server.pid, 'SIGINT');
  if (!(await eventually(() => isGone(server.pid), 30_000))) process.kill(server.pid, 'SIGKILL');
}
