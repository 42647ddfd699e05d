// `npm run check:budget`: the JavaScript each page loads first, as a phone in Spanish loads it, gzip,
// against bench/budgets.json `pages` (issue 23, decision 0046); and how soon a page's first control is
// usable, against its `usable` aims. Each page is opened in Chromium (Playwright) at 360 × 740 (touch,
// es-PA), cold cache, under Lighthouse's mobile throttling (4× CPU, 150 ms round trip, 1.6 Mbit/s, applied
// as Lighthouse applies it to a real browser: 562.5 ms per request, 1.47 Mbit/s), signed in as the
// page's demo account where it has one. Every script the page requested before its load event counts
// (the entry, its imports, the page's chunk, its text catalogues), and so does every script the
// server's preload hints name (at low priority, some leave after load), each by the gzip size of its
// built file, once.
//
// Usage: node scripts/check-budget.mjs [--json file] [--port 3196] [--front tls|direct]   (uses apps/web/dist; exits 1 when a page misses)
// The pages are loaded through the clinic's nginx site (TLS, HTTP/2) on port+1, as in production;
// `--front direct` loads them from the Node server over HTTP/1.1 (decision 0046, session 12).
// BUDGET_PAGES=/,/Consultas measures some pages only.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { cookiesFor, root, seedPatientData, signIn, startPhoneProduct } from './product-server.mjs';

const { values: args } = parseArgs({
  options: {
    json: { type: 'string' },
    port: { type: 'string', default: process.env.BUDGET_PORT ?? '3196' },
    // As patients reach the clinic: through its nginx site (TLS, HTTP/2) on port+1; `direct`: the
    // Node server over HTTP/1.1 (scripts/product-server.mjs startPhoneProduct).
    front: { type: 'string', default: process.env.BUDGET_FRONT ?? 'tls' },
  },
});
const { pages: allPages, usable: allUsable = {} } = JSON.parse(fs.readFileSync(path.join(root, 'bench', 'budgets.json'), 'utf8'));
const wanted = process.env.BUDGET_PAGES?.split(',');
const pages = Object.entries(allPages).filter(([route]) => !wanted || wanted.includes(route));
const usable = Object.entries(allUsable).filter(([route]) => !wanted || wanted.includes(route));

/**
 * Lighthouse's mobile preset, slow 4G (its lantern constants `mobileSlow4G`): 150 ms RTT, 1.6 Mbit/s,
 * 4× CPU. In a real browser (DevTools throttling) Lighthouse applies it as 150 × 3.75 ms per request
 * and 90 % of the throughput, packet-level effects a request-level throttle does not have.
 */
const PHONE_THROTTLING = { cpuSlowdown: 4, rttMs: 150, mbps: 1.6, requestLatencyMs: 150 * 3.75, downKbps: 1.6 * 1024 * 0.9, upKbps: 750 * 0.9 };
const USABLE_RUNS = 3;

const product = await startPhoneProduct({ port: Number(args.port), name: 'budget', front: args.front });
const { origin, pageOrigin, distDir } = product;
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

// A Chromium that cannot start must not leave the server and its nginx front running.
const browser = await chromium
  .launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  })
  .catch(async (err) => {
    await product.stop();
    throw err;
  });
const rows = [];
const usableRows = [];
const cookies = {};

/** A fresh phone (no cache, no storage), signed in as `signedIn`, throttled like Lighthouse's mobile preset. */
async function phonePage(signedIn, initScript) {
  // The front's certificate is a throw-away self-signed one (scripts/tls-front.mjs).
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'es-PA', ignoreHTTPSErrors: true });
  if (signedIn) {
    cookies[signedIn] ??= await signIn(origin, signedIn);
    await context.addCookies(cookiesFor(pageOrigin, cookies[signedIn]));
  }
  if (initScript) await context.addInitScript(initScript.fn, initScript.arg);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: PHONE_THROTTLING.requestLatencyMs,
    downloadThroughput: (PHONE_THROTTLING.downKbps * 1024) / 8,
    uploadThroughput: (PHONE_THROTTLING.upKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: PHONE_THROTTLING.cpuSlowdown });
  return { context, page };
}

/** In the page, before its scripts: the time (ms after navigation start) `selector` is first visible and enabled. */
function watchUsable(selector) {
  const check = () => {
    const el = document.querySelector(selector);
    if (el && !el.disabled && el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) {
      window.__usableAt = performance.now();
      return true;
    }
    return false;
  };
  const observer = new MutationObserver(() => check() && observer.disconnect());
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

try {
  // First usable: measured before the demo patient has a consultation (the consent box is the page's
  // first step only for a patient without one under way).
  for (const [route, { selector, aimMs, limitMs, signedIn }] of usable) {
    const times = [];
    for (let i = 0; i < USABLE_RUNS; i++) {
      const { context, page } = await phonePage(signedIn, { fn: watchUsable, arg: selector });
      await page.goto(`${pageOrigin}${route}`, { waitUntil: 'commit', timeout: 60_000 });
      await page.waitForFunction(() => window.__usableAt !== undefined, undefined, { timeout: 30_000 });
      times.push(await page.evaluate(() => window.__usableAt));
      await context.close();
    }
    const ms = median(times);
    usableRows.push({ route, selector, signedIn: signedIn ?? null, ms, runs: times, aimMs, limitMs, ok: ms <= limitMs, aimMet: ms <= aimMs });
  }

  cookies.patient ??= await signIn(origin, 'patient');
  await seedPatientData(origin, cookies.patient, pageOrigin);
  for (const [route, { budgetKb, aimKb = budgetKb, signedIn }] of pages) {
    const { context, page } = await phonePage(signedIn);
    await page.goto(`${pageOrigin}${route}`, { waitUntil: 'load', timeout: 60_000 });
    // Resource Timing: every script fetched (entry, modulepreload, dynamic import) and when it started.
    const scripts = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.endsWith('.js') && e.startTime < nav.loadEventStart)
        .map((e) => new URL(e.name).pathname.replace(/^\//, ''));
    });
    // The route's preload hints (apps/server/src/infra/web.ts) name files the page loads at once, at low
    // priority: some may leave after the load event, yet they are the page's first load all the same.
    scripts.push(
      ...(await page.evaluate(() => [...document.querySelectorAll('link[rel="modulepreload"]')].map((l) => new URL(l.href).pathname.replace(/^\//, '')))),
    );
    const entryFile = (await page.evaluate(() => document.querySelector('script[type="module"][src]')?.getAttribute('src') ?? '')).replace(/^\//, '');
    await context.close();
    const files = [...new Set(scripts)];
    const totalKb = files.reduce((a, f) => a + gzipKb(f), 0);
    const entryKb = entryFile ? gzipKb(entryFile) : 0;
    rows.push({ route, signedIn: signedIn ?? null, scripts: files.length, entryKb, restKb: totalKb - entryKb, totalKb, budgetKb, aimKb, ok: totalKb <= budgetKb, aimMet: totalKb <= aimKb, files });
  }
} finally {
  await browser.close();
  await product.stop();
}

const pad = (s, n) => String(s).padEnd(n);
const num = (x) => x.toFixed(1).padStart(8);
const conditions = `360 × 740 es-PA, cold cache, ${PHONE_THROTTLING.cpuSlowdown}× CPU, ${PHONE_THROTTLING.rttMs} ms RTT, ${PHONE_THROTTLING.mbps} Mbit/s (Lighthouse mobile), ${product.servedBy}`;
console.log(`\nJavaScript requested before the load event, gzip kB — ${conditions}`);
console.log(`${pad('page', 34)}${'files'.padStart(6)}${'entry'.padStart(8)}${'rest'.padStart(8)}${'total'.padStart(8)}${'budget'.padStart(8)}${'aim'.padStart(8)}  result`);
const verdict = (r) => (!r.ok ? 'OVER' : r.aimMet ? 'ok' : 'OVER THE AIM');
for (const r of rows) {
  console.log(
    `${pad(r.route + (r.signedIn ? ` (${r.signedIn})` : ''), 34)}${String(r.scripts).padStart(6)}${num(r.entryKb)}${num(r.restKb)}${num(r.totalKb)}${num(r.budgetKb)}${num(r.aimKb)}  ${verdict(r)}`,
  );
}
if (usableRows.length > 0) {
  console.log(`\nFirst control usable (visible and enabled), ms after navigation start, median of ${USABLE_RUNS} — ${conditions}`);
  for (const r of usableRows) {
    const result = !r.ok ? 'TOO SLOW' : r.aimMet ? 'ok' : 'SLOWER THAN THE AIM';
    console.log(`${pad(r.route, 24)}${pad(r.selector, 40)}${String(Math.round(r.ms)).padStart(7)} ms (aim ${r.aimMs}, limit ${r.limitMs})  ${result}`);
  }
}
if (args.json) fs.writeFileSync(args.json, JSON.stringify({ throttling: PHONE_THROTTLING, front: product.front, pages: rows, usable: usableRows }, null, 2));
const missed = [...rows, ...usableRows].filter((r) => !r.ok);
if (missed.length > 0) {
  console.error(`\n${missed.length} aim(s) missed: ${missed.map((r) => r.route).join(', ')}`);
  process.exit(1);
}
