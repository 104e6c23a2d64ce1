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
  // …and the school's drawn logo in its header, and the messaging contract for the unread count,
  // and the route table's AI Sifu entries (Sifu's Notes, the analytics, the knowledge, the panel),
  // and the event stream's handling of a stream replaced by a newer one, and the URL checks the
  // shared schemas now make with the URL parser.
  'app/shell/app-shell-layout.tsx': 142 * KB,
  // Attendance counts the shell's chunks it shares (the route table among them) beside its own.
  'features/classes/attendance-page.tsx': 121 * KB,
  // Settings holds the profile, security, avatar upload and order history forms, and reads through
  // the query registry, which carries every domain's response schemas (testimonials and school too)
  // and the class and booking reads.
  'features/users/settings-page.tsx': 150 * KB,
  // The course page reads through the same query registry, which grows a little with each domain.
  'features/courses/course-detail-page.tsx': 125 * KB,
  // The admin's course panel holds the course form: number inputs, uploads and the course schema;
  // the chunk of number inputs and form helpers it now shares with the class form adds a little.
  'features/courses/admin/course-management.tsx': 160 * KB,
  // Class Management holds the class form (number inputs, sessions, the class schema), tabs, the
  // enrolments with the member search, and the school's clock (common/school-time.ts).
  'features/classes/class-management.tsx': 155 * KB,
  // Community Management holds the user form (number and password inputs, the form library and
  // the users schema), the responsive table and its dialogs.
  'features/community/community-management.tsx': 130 * KB,
  // Booking Management holds the booking form and schema and the school's clock (common/school-time.ts).
  'features/bookings/booking-management.tsx': 130 * KB,
  // Settings → School is opened from Settings, whose chunks it shares; counted alone it carries the
  // form library, MultiSelect and the school schema (and the query registry's messaging reads).
  'features/school/school-settings-form.tsx': 135 * KB,
  // The content manager brings drag and drop (@dnd-kit) and the lesson and quiz editors.
  'features/courses/admin/content-manager-page.tsx': 180 * KB,
  // Messages holds the conversation list, the chat with its menus and confirmations, the deleted
  // messages dialog and dayjs for the day separators.
  'features/messages/messages-page.tsx': 125 * KB,
  // The add/edit resource form opens over Resources Management, whose chunks it mostly shares;
  // counted alone it carries the form library, MultiSelect, the uploads, the resources schema and
  // the query registry it reads the course list through.
  'features/resources/admin/resource-form-modal.tsx': 145 * KB,
  // The header's search loads on first use from the shell and only from there: counted from the
  // public entry it carries the shell's own chunks (TanStack Query, zod, the Mantine inputs and
  // dialog); its own code, styles and the results' schema are about 3.5 kB of it.
  'features/search/search-combobox.tsx': 145 * KB,
  // The blog editor brings the rich-text editor: Tiptap and ProseMirror are about 150 kB of it.
  'features/blog/admin/blog-editor-page.tsx': 280 * KB,
  // The AI Sifu analytics' two charts, loaded after the page's figures: @mantine/charts on
  // recharts (with its redux store and d3 scales) is most of it; counted alone it also carries
  // the Mantine parts the analytics page has already loaded.
  'features/ai-sifu-admin/usage-charts.tsx': 235 * KB,
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

const SITE_ENTRY = 'site/entry-client.tsx';
/** A server-rendered public page: the island loader with every island, and the site's stylesheet. */
const SITE_JS_BUDGET = 150 * KB;
const SITE_CSS_BUDGET = 50 * KB;

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key !== SITE_ENTRY);
const entry = closure(entryKey);
const entryJs = [...entry].reduce((sum, key) => sum + gzipped(manifest[key].file), 0);

const rows = [{ name: `${entryKey} (JavaScript)`, size: entryJs, budget: ENTRY_JS_BUDGET }];

const site = closure(SITE_ENTRY);
for (const island of manifest[SITE_ENTRY].dynamicImports ?? []) closure(island, site);
rows.push({
  name: `${SITE_ENTRY} with every island (JavaScript)`,
  size: [...site].reduce((sum, key) => sum + gzipped(manifest[key].file), 0),
  budget: SITE_JS_BUDGET,
});
rows.push({
  name: `${SITE_ENTRY} (CSS)`,
  size: [...site].flatMap((key) => manifest[key].css ?? []).reduce((sum, file) => sum + gzipped(file), 0),
  budget: SITE_CSS_BUDGET,
});
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry || !key.endsWith('.tsx') || site.has(key)) continue;
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
