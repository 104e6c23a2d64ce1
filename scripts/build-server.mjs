// Bundles the server's own code into dist/server; node_modules stay external and are loaded at run time.
import { cp, mkdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(root, 'dist', 'server');

const entryPoints = ['server/main.ts', 'server/cli.ts']
  .filter((entry) => existsSync(path.join(root, entry)))
  .map((entry) => path.join(root, entry));

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });

await build({
  entryPoints,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
  // ESM has no `require`; a bundled dependency that still calls it gets a real one.
  banner: {
    js: "import { createRequire as __kwoonCreateRequire } from 'node:module'; const require = __kwoonCreateRequire(import.meta.url);",
  },
});

// client.ts finds its migrations next to itself (`./migrations`); in the bundle that is dist/server.
await cp(path.join(root, 'server', 'db', 'migrations'), path.join(outdir, 'migrations'), { recursive: true });
// Likewise the demo lessons' videos (seed/demo-media.ts): `./demo-videos` beside the code.
await cp(path.join(root, 'server', 'db', 'seed', 'demo-videos'), path.join(outdir, 'demo-videos'), {
  recursive: true,
});

if (!process.argv.includes('--quiet')) {
  const names = entryPoints.map((entry) => path.relative(root, entry)).join(', ');
  console.log(`Server bundled to dist/server (${names})`);
}
