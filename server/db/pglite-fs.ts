import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

type EmscriptenOptions = Parameters<NodeFS['init']>[1];
type PreRun = (mod: { FS: { filesystems: { NODEFS: NodeFsDriver } } }) => void;

/**
 * The parts of Emscripten's NODEFS driver (in PGlite's pglite.js) that this file wraps; its
 * functions refer to the driver by name, never through `this`.
 */
interface NodeFsDriver {
  tryFSOperation: <T>(operation: () => T) => T;
  node_ops: {
    mknod: (parent: unknown, name: string, mode: number, dev: number) => unknown;
    setattr: (node: unknown, attr: { mode?: number }) => void;
  };
  stream_ops: {
    setattr: (stream: unknown, attr: { mode?: number }) => void;
    fsync?: (stream: { nfd: number }) => number;
  };
}

const GROUP_AND_OTHER = 0o077;

function ownerOnly<T extends { mode?: number }>(attr: T): T {
  return attr.mode === undefined ? attr : { ...attr, mode: attr.mode & ~GROUP_AND_OTHER };
}

/**
 * PGlite's Node filesystem as the embedded database needs it on a server.
 *
 * Modes: Emscripten creates every file with mode 0777 and then chmods it to the mode the caller
 * asked for, 0666 when PGlite itself writes files (the initial data directory and any loaded
 * tarball), bypassing the process umask. Masking group and other bits in the two calls that set
 * a mode keeps every file 0600 and every directory 0700 from the moment it exists.
 *
 * Durability: NODEFS has no fsync operation, so PostgreSQL's fsync() reaches a stub that
 * reports success and fdatasync() is a no-op outright; PGlite also starts PostgreSQL with `-F`
 * (fsync off). Giving NODEFS a real fsync, starting without `-F` and syncing the WAL with fsync()
 * makes each commit reach the disk before it is acknowledged, and checkpoints flush data files
 * before the WAL that covers them is recycled.
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: EmscriptenOptions) {
    const { emscriptenOpts } = await super.init(pg, options);
    const harden: PreRun = ({ FS }) => {
      const driver = FS.filesystems.NODEFS;
      const { mknod, setattr } = driver.node_ops;
      const streamSetattr = driver.stream_ops.setattr;
      driver.node_ops.mknod = (parent, name, mode, dev) => mknod(parent, name, mode & ~GROUP_AND_OTHER, dev);
      driver.node_ops.setattr = (node, attr) => setattr(node, ownerOnly(attr));
      driver.stream_ops.setattr = (stream, attr) => streamSetattr(stream, ownerOnly(attr));
      driver.stream_ops.fsync = (stream) => {
        driver.tryFSOperation(() => fsyncSync(stream.nfd));
        return 0;
      };
    };
    const preRun = [harden, ...((emscriptenOpts.preRun ?? []) as PreRun[])];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } as EmscriptenOptions };
  }
}

/** PGlite's start-up switches with fsync on and the WAL synced through fsync(), the one call NODEFS now honours. */
export const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== '-F'),
  '-c',
  'wal_sync_method=fsync',
];
