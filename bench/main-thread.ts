/**
 * The main-thread work of a signed-in page's first load, against a baseline built in the same run:
 * the same source with every shared schema built at import (bench/lib/eager-schema.ts aliased over
 * packages/shared/src/schemas/lazy-schema.ts), as before decision 0046's session 15.
 *
 * Lighthouse's performance score on this host spreads 8–11 points between two runs of one build
 * (decision 0046, session 14), more than a lever of tens of milliseconds moves it. This measures the
 * work itself: Chromium at 360 × 740 (touch, es-PA, cold cache), pages from the Node server, each
 * page loaded RUNS times per build, the two builds interleaved; from Chromium's own trace of the
 * page's renderer, until the network is idle:
 *   - busy: the renderer main thread's tasks, in all (ms, unthrottled);
 *   - blocking at 4×: the sum over tasks of (4 × duration − 50 ms), what Lighthouse's mobile
 *     simulation (4× CPU) would count as blocking if every task came after the first paint;
 *   - longest: the longest task (ms, unthrottled);
 *   - modules: the time spent evaluating JavaScript modules (the lever of session 15).
 * Medians of RUNS (default 5: MAIN_THREAD_RUNS).
 *
 *   node --import tsx bench/run.ts main-thread
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import { cookiesFor, seedPatientData, signIn, startPhoneProduct } from '../scripts/product-server.mjs';
import { median, type BenchRow } from './lib/measure.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.MAIN_THREAD_RUNS ?? 5);
const PAGES: { path: string; role: 'patient' | 'admin' | 'doctor' }[] = [
  { path: '/consultas-virtuales', role: 'patient' },
  { path: '/Consultas', role: 'patient' },
  { path: '/Recibo_pagos', role: 'patient' },
  { path: '/Citas_usuario', role: 'patient' },
  { path: '/ConsultaChat', role: 'patient' },
  { path: '/Consultas_Admin', role: 'admin' },
  { path: '/Consultas_Admin_Doctor', role: 'doctor' },
];

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; frame?: string } };
}
interface Load {
  busyMs: number;
  blockingMs: number;
  longestMs: number;
  moduleMs: number;
}

/** Events of `name` on one thread, without those nested in another of the same name. */
function outermost(events: TraceEvent[], thread: string, name: string): number[] {
  const xs = events.filter((e) => `${e.pid}:${e.tid}` === thread && e.ph === 'X' && e.name === name && e.dur).sort((a, b) => a.ts - b.ts);
  const out: number[] = [];
  let end = -Infinity;
  for (const e of xs) {
    if (e.ts < end) continue;
    end = e.ts + (e.dur ?? 0);
    out.push((e.dur ?? 0) / 1000);
  }
  return out;
}

/** The page's renderer main thread (the one whose events name the product's origin): its tasks and module evaluations. */
function mainThread(events: TraceEvent[], origin: string): { tasks: number[]; modules: number[] } {
  const names = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.args?.name) names.set(`${e.pid}:${e.tid}`, e.args.name);
  const counts = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (names.get(key) === 'CrRendererMain' && JSON.stringify(e.args ?? {}).includes(origin)) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const thread = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!thread) throw new Error('no renderer main thread for the page in the trace');
  return { tasks: outermost(events, thread, 'ThreadControllerImpl::RunTask'), modules: outermost(events, thread, 'v8.evaluateModule') };
}

async function loadOnce(browser: Browser, pageOrigin: string, cookie: string, route: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, locale: 'es-PA' });
  try {
    await context.addCookies(cookiesFor(pageOrigin, cookie));
    const page = await context.newPage();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-trace-')), 'trace.json');
    await browser.startTracing(page, { path: file, categories: ['toplevel', 'devtools.timeline'] });
    await page.goto(pageOrigin + route, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    await browser.stopTracing();
    const { traceEvents } = JSON.parse(fs.readFileSync(file, 'utf8')) as { traceEvents: TraceEvent[] };
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
    const { tasks, modules } = mainThread(traceEvents, new URL(pageOrigin).host);
    return {
      moduleMs: modules.reduce((s, d) => s + d, 0),
      busyMs: tasks.reduce((s, d) => s + d, 0),
      blockingMs: tasks.reduce((s, d) => s + Math.max(0, 4 * d - 50), 0),
      longestMs: Math.max(...tasks),
    };
  } finally {
    await context.close();
  }
}

/** Runs the benchmark and returns its rows (bench/run.ts prints them with the others). */
export async function run(): Promise<BenchRow[]> {
  const dist = path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'route-preloads.json'))) throw new Error('no web build: run npm run build');
  const eager = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-eager-schemas-'));
  await build({
    configFile: path.join(root, 'apps/web/vite.config.ts'),
    root: path.join(root, 'apps/web'),
    logLevel: 'warn',
    build: { outDir: eager, emptyOutDir: true },
    resolve: { alias: [{ find: /^\.\/lazy-schema\.js$/, replacement: path.join(root, 'bench/lib/eager-schema.ts') }] },
  });
  const builds = [
    { name: 'now', product: await startPhoneProduct({ port: 3290, name: 'main-thread-now', distDir: dist, front: 'direct' }) },
    { name: 'eager schemas', product: await startPhoneProduct({ port: 3292, name: 'main-thread-eager', distDir: eager, front: 'direct' }) },
  ];
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--lang=es-PA'] });
  const loads = new Map<string, Load[]>();
  try {
    const cookies = new Map<string, string>();
    for (const { name, product } of builds) {
      const patient = await signIn(product.origin, 'patient');
      await seedPatientData(product.origin, patient, product.pageOrigin);
      cookies.set(`${name}:patient`, patient);
      for (const role of ['admin', 'doctor'] as const) cookies.set(`${name}:${role}`, await signIn(product.origin, role));
      // A first load of each page warms the server (its caches, the compiled routes), not the browser.
      for (const p of PAGES) await loadOnce(browser, product.pageOrigin, cookies.get(`${name}:${p.role}`)!, p.path);
    }
    for (let r = 0; r < RUNS; r++) {
      for (const p of PAGES) {
        for (const { name, product } of r % 2 === 0 ? builds : [...builds].reverse()) {
          const key = `${p.path}|${name}`;
          loads.set(key, [...(loads.get(key) ?? []), await loadOnce(browser, product.pageOrigin, cookies.get(`${name}:${p.role}`)!, p.path)]);
        }
      }
    }
  } finally {
    await browser.close();
    for (const { product } of builds) await product.stop();
    fs.rmSync(eager, { recursive: true, force: true });
  }
  const empty = { requestsPerSecond: NaN, p99Ms: NaN, errors: NaN, serverBusy: NaN, serverUsPerRequest: NaN };
  const figure = (xs: Load[], k: keyof Load) => Math.round(median(xs.map((x) => x[k])));
  return PAGES.map((p) => {
    const now = loads.get(`${p.path}|now`)!;
    const before = loads.get(`${p.path}|eager schemas`)!;
    return {
      bench: 'main-thread',
      target: `${p.path} (${p.role})`,
      ...empty,
      p50Ms: figure(now, 'blockingMs'),
      note:
        `blocking at 4x ${figure(now, 'blockingMs')} ms (eager schemas ${figure(before, 'blockingMs')}); ` +
        `module evaluation ${figure(now, 'moduleMs')} ms (${figure(before, 'moduleMs')}); busy ${figure(now, 'busyMs')} ms (${figure(before, 'busyMs')}); longest task ${figure(now, 'longestMs')} ms (${figure(before, 'longestMs')}); ` +
        `medians of ${RUNS}, unthrottled trace, 360x740 es-PA, cold cache, pages from the Node server`,
    };
  });
}
