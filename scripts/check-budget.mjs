// `npm run check:budget`: the JavaScript each page loads first, as a phone in Spanish loads it, gzip,
// against bench/budgets.json (issue 23, decision 0046). Each page is opened in Chromium (Playwright) at
// 360 × 740 (touch, es-PA), under Lighthouse's mobile throttling (4× CPU, 150 ms round trip,
// 1.6 Mbit/s), signed in as the page's demo account where it has one; every script the page requested
// before its load event counts (the entry, its imports, the page's chunk, its text catalogues, whatever
// the server's preload hints name), each by the gzip size of its built file. Each file counts once.
//
// Usage: node scripts/check-budget.mjs [--json file] [--port 3196]   (uses apps/web/dist; exits 1 when a page is over)
// BUDGET_PAGES=/,/Consultas measures some pages only.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { cookiesFor, root, seedPatientData, signIn, startProductServer } from './product-server.mjs';

const { values: args } = parseArgs({
  options: { json: { type: 'string' }, port: { type: 'string', default: process.env.BUDGET_PORT ?? '3196' } },
});
const { pages: allPages } = JSON.parse(fs.readFileSync(path.join(root, 'bench', 'budgets.json'), 'utf8'));
const wanted = process.env.BUDGET_PAGES?.split(',');
const pages = Object.entries(allPages).filter(([route]) => !wanted || wanted.includes(route));

/** Lighthouse's mobile preset (simulated there; applied here through the DevTools protocol). */
export const PHONE_THROTTLING = { cpuSlowdown: 4, rttMs: 150, downKbps: 1638.4, upKbps: 750 };

const server = await startProductServer({ port: Number(args.port), name: 'budget' });
const { origin, distDir } = server;
const gz = new Map();
/** The gzip size (kB, 1000 bytes) of a built file, as the server sends it precompressed. */
const gzipKb = (file) => {
  if (!gz.has(file)) {
    const at = path.join(distDir, file);
    const bytes = fs.existsSync(`${at}.gz`) ? fs.readFileSync(`${at}.gz`) : zlib.gzipSync(fs.readFileSync(at), { level: 9 });
    gz.set(file, bytes.length / 1000);
  }
  return gz.get(file);
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const rows = [];
try {
  const cookies = {};
  cookies.patient = await signIn(origin, 'patient');
  await seedPatientData(origin, cookies.patient);
  for (const [route, { budgetKb, signedIn }] of pages) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'es-PA' });
    if (signedIn) {
      cookies[signedIn] ??= await signIn(origin, signedIn);
      await context.addCookies(cookiesFor(origin, cookies[signedIn]));
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PHONE_THROTTLING.rttMs,
      downloadThroughput: (PHONE_THROTTLING.downKbps * 1024) / 8,
      uploadThroughput: (PHONE_THROTTLING.upKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_THROTTLING.cpuSlowdown });
    await page.goto(`${origin}${route}`, { waitUntil: 'load', timeout: 60_000 });
    // Resource Timing: every script fetched (entry, modulepreload, dynamic import) and when it started.
    const scripts = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js') && e.startTime < nav.loadEventStart)
        .map((e) => new URL(e.name).pathname.replace(/^\//, ''));
    });
    const entryFile = (await page.evaluate(() => document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? '')).replace(/^\//, '');
    await context.close();
    const files = [...new Set(scripts)];
    const totalKb = files.reduce((a, f) => a + gzipKb(f), 0);
    const entryKb = entryFile ? gzipKb(entryFile) : 0;
    rows.push({ route, signedIn: signedIn ?? null, scripts: files.length, entryKb, restKb: totalKb - entryKb, totalKb, budgetKb, ok: totalKb <= budgetKb, files });
  }
} finally {
  await browser.close();
  server.child.kill('SIGTERM');
}

const pad = (s, n) => String(s).padEnd(n);
const num = (x) => x.toFixed(1).padStart(8);
console.log(
  `\nJavaScript requested before the load event, gzip kB — 360 × 740 es-PA, ${PHONE_THROTTLING.cpuSlowdown}× CPU, ${PHONE_THROTTLING.rttMs} ms RTT, 1.6 Mbit/s, cold cache`,
);
console.log(`${pad('page', 24)}${'files'.padStart(6)}${'entry'.padStart(8)}${'rest'.padStart(8)}${'total'.padStart(8)}${'budget'.padStart(8)}  result`);
for (const r of rows) {
  console.log(`${pad(r.route + (r.signedIn ? ` (${r.signedIn})` : ''), 24)}${String(r.scripts).padStart(6)}${num(r.entryKb)}${num(r.restKb)}${num(r.totalKb)}${num(r.budgetKb)}  ${r.ok ? 'ok' : 'OVER'}`);
}
if (args.json) fs.writeFileSync(args.json, JSON.stringify({ throttling: PHONE_THROTTLING, pages: rows }, null, 2));
const over = rows.filter((r) => !r.ok);
if (over.length > 0) {
  console.error(`\n${over.length} page(s) over budget: ${over.map((r) => r.route).join(', ')}`);
  process.exit(1);
}
