// Writes a brotli (.br) and a gzip (.gz) copy beside each compressible file of the built web app,
// once, at the highest settings, so the server sends them as they are (@fastify/static
// preCompressed) instead of compressing on every request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml|map)$/;
const MIN_BYTES = 1024;

export async function compressTree(root) {
  let files = 0;
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    if ((await stat(file)).size < MIN_BYTES) continue;
    const content = await readFile(file);
    const brotli = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    });
    const gzip = gzipSync(content, { level: 9 });
    // A copy that is not smaller is not worth sending.
    if (brotli.length < content.length) await writeFile(`${file}.br`, brotli);
    if (gzip.length < content.length) await writeFile(`${file}.gz`, gzip);
    files += 1;
  }
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'web');
  const files = await compressTree(root);
  if (!process.argv.includes('--quiet')) console.log(`Compressed ${files} files of dist/web (.br, .gz)`);
}
