import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded media lives; public ids look like `avatars/2f1c….webp`. */
export interface MediaStorage {
  put(publicId: string, data: Buffer, contentType: string): Promise<string>;
  remove(publicId: string): Promise<void>;
  /** The folder served at /media, for the local store. */
  readonly root?: string;
}

const SAFE_ID = /^[a-z0-9-]+(\/[a-z0-9-]+)*\.[a-z0-9]+$/;

export function localStorage(root: string, publicBase = '/media'): MediaStorage {
  const resolve = (publicId: string) => {
    if (!SAFE_ID.test(publicId)) throw new Error(`Unsafe media id: ${publicId}`);
    return path.join(root, publicId);
  };
  return {
    root,
    async put(publicId, data) {
      const file = resolve(publicId);
      // Owner-only like the rest of DATA_DIR: the server itself serves the public ones.
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, data, { mode: 0o600 });
      return `${publicBase}/${publicId}`;
    },
    async remove(publicId) {
      await rm(resolve(publicId), { force: true });
    },
  };
}

/** The local store a server keeps in its data directory; the seed writes the demo videos there too. */
export const dataDirStorage = (dataDir: string): MediaStorage => localStorage(path.resolve(dataDir, 'media'));
