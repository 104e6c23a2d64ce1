// Holds the built web app to its size budgets, read from Vite's manifest (dist/web/.vite).
// The public entry (every page's first load) is counted in JavaScript; each lazy route as what
// opening it costs on top of the entry: its chunks and their CSS that the entry does not load.
// Sizes are gzip, as a browser downloads them. `npm run build` runs it; it fails on any overrun.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
/** The public pages' first load (JavaScript): the design's target for a page a visitor opens first. */
const ENTRY_JS_BUDGET = 150 * KB;
/** What a lazy route may add; the larger screens are named, with the reason. */
const ROUTE_BUDGETS = {
  // The shell brings the signed-in area's layout, TanStack Query and zod for every /app screen.
  'app/shell/app-shell-layout.tsx': 130 * KB,
  // Settings holds the profile, security, avatar upload and order history forms.
  'features/users/settings-page.tsx': 140 * KB,
  // The admin's course panel holds the course form: number inputs, uploads and the course schema.
  'features/courses/admin/course-management.tsx': 155 * KB,
  // The content manager brings drag and drop (@dnd-kit) and the lesson and quiz editors.
  'features/courses/admin/content-manager-page.tsx': 180 * KB,
};
const DEFAULT_ROUTE_BUDGET = 120 * KB;

const root = process.argv[2] ?? 'dist/web';
const manifest = JSON.parse(readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8'));
const sizes = new Map();
const gzipped = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(root, file))).length);
  return sizes.get(file);
};

/** The chunks a key loads before it runs: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) closure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const entry = closure(entryKey);
const entryJs = [...entry].reduce((sum, key) => sum + gzipped(manifest[key].file), 0);

const rows = [{ name: `${entryKey} (JavaScript)`, size: entryJs, budget: ENTRY_JS_BUDGET }];
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry || !key.endsWith('.tsx')) continue;
  const added = [...closure(key)].filter((k) => !entry.has(k));
  const size = added.reduce(
    (sum, k) =>
      sum + gzipped(manifest[k].file) + (manifest[k].css ?? []).reduce((s, css) => s + gzipped(css), 0),
    0,
  );
  rows.push({ name: key, size, budget: ROUTE_BUDGETS[key] ?? DEFAULT_ROUTE_BUDGET });
}
for (const key of Object.keys(ROUTE_BUDGETS)) {
  if (!rows.some((row) => row.name === key)) {
    console.error(`check-bundle: ${key} has a budget but is no lazy route any more; update ROUTE_BUDGETS`);
    process.exit(1);
  }
}

const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
const over = rows.filter((row) => row.size > row.budget);
for (const row of rows.sort((a, b) => b.size / b.budget - a.size / a.budget)) {
  const mark = row.size > row.budget ? 'OVER' : 'ok  ';
  console.log(`${mark} ${kb(row.size).padStart(9)} of ${kb(row.budget).padStart(9)}  ${row.name}`);
}
if (over.length > 0) {
  console.error(
    `check-bundle: ${over.length} over budget (gzip). Split the route, or state a new budget with its reason.`,
  );
  process.exit(1);
}
