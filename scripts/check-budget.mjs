// `npm run check:budget`: the JavaScript each public page loads first, gzip, against bench/budgets.json.
// First load = the entry chunk, its static imports (the modulepreload links of index.html) and the
// page's lazy chunk with its own static imports, all resolved from Vite's manifest. Each file counts once.
// Usage: node scripts/check-budget.mjs [distDir] [--json file]   (default apps/web/dist; exits 1 when a page is over)
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const argv = process.argv.slice(2);
const jsonAt = argv.indexOf('--json');
const jsonOut = jsonAt >= 0 ? argv.splice(jsonAt, 2)[1] : undefined;
const dist = path.resolve(argv[0] ?? path.join(root, 'apps/web/dist'));
const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error(`no Vite manifest at ${manifestPath}: build the web app first (npm run build)`);
  process.exit(2);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const { pages } = JSON.parse(fs.readFileSync(path.join(root, 'bench', 'budgets.json'), 'utf8'));
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');

/** The files a manifest key loads at once: its own chunk and, recursively, its static imports. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the build manifest (bench/budgets.json out of date?)`);
  if (seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const entryFiles = staticClosure(entryKey);
// What index.html really loads must be what the manifest says (a stray <script> would escape the check).
for (const m of html.matchAll(/<(?:script[^>]*src|link[^>]*rel="modulepreload"[^>]*href)="\/?([^"]+\.js)"/g)) {
  entryFiles.add(m[1]);
}

const gz = new Map();
const gzipKb = (file) => {
  if (!gz.has(file)) gz.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length / 1000);
  return gz.get(file);
};
const sum = (files) => [...files].reduce((a, f) => a + gzipKb(f), 0);

const rows = [];
for (const [route, { module, budgetKb }] of Object.entries(pages)) {
  const files = staticClosure(module, new Set(entryFiles));
  const entryKb = sum(entryFiles);
  const totalKb = sum(files);
  rows.push({ route, entryKb, pageKb: totalKb - entryKb, totalKb, budgetKb, ok: totalKb <= budgetKb });
}

const pad = (s, n) => String(s).padEnd(n);
const num = (x) => x.toFixed(1).padStart(8);
console.log(`\nFirst-load JavaScript per page (gzip, kB) — ${path.relative(root, dist) || dist}`);
console.log(`${pad('page', 20)}${'entry'.padStart(8)}${'page'.padStart(8)}${'total'.padStart(8)}${'budget'.padStart(8)}  result`);
for (const r of rows) {
  console.log(`${pad(r.route, 20)}${num(r.entryKb)}${num(r.pageKb)}${num(r.totalKb)}${num(r.budgetKb)}  ${r.ok ? 'ok' : 'OVER'}`);
}
if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify({ pages: rows }, null, 2));
const over = rows.filter((r) => !r.ok);
if (over.length > 0) {
  console.error(`\n${over.length} page(s) over budget: ${over.map((r) => r.route).join(', ')}`);
  process.exit(1);
}
