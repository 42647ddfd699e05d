/**
 * Lighthouse (scripts/lighthouse.mjs: mobile preset, median of 3 runs, the production build on the
 * real server) for the public pages and /citas signed in; each score shown against its threshold.
 *
 *   node --import tsx bench/run.ts lighthouse
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './lib/measure.js';

interface PageResult {
  path: string;
  performance: number;
  accessibility: number;
  'best-practices': number;
  lcpMs: number;
  tbtMs: number;
  ok: boolean;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs the benchmark and returns its rows (bench/run.ts prints them with the others). */
export async function run(): Promise<BenchRow[]> {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/.vite/manifest.json'))) {
    const build = spawnSync('npm run build', { cwd: root, stdio: 'inherit', shell: true });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  const json = path.join(await fs.promises.mkdtemp(path.join(os.tmpdir(), 'clinica-lh-')), 'lighthouse.json');
  // Lighthouse's own output goes to stderr so that stdout stays the table.
  const lh = spawnSync(process.execPath, ['scripts/lighthouse.mjs', '--json', json, '--port', '3195'], {
    cwd: root,
    stdio: ['ignore', 2, 'inherit'],
  });
  if (!fs.existsSync(json)) throw new Error(`lighthouse failed (exit ${lh.status})`);
  const { pages, thresholds, runs } = JSON.parse(fs.readFileSync(json, 'utf8')) as {
    pages: PageResult[];
    thresholds: Record<'performance' | 'accessibility' | 'best-practices', number>;
    runs: number;
  };
  return pages.map((p) => ({
    bench: 'lighthouse',
    target: p.path,
    requestsPerSecond: NaN,
    p50Ms: p.lcpMs,
    p99Ms: NaN,
    errors: NaN,
    serverBusy: NaN,
    serverUsPerRequest: NaN,
    note:
      `median of ${runs}: perf ${p.performance} (${(p.performance / thresholds.performance).toFixed(2)}x the ${thresholds.performance} aim), ` +
      `a11y ${p.accessibility}/${thresholds.accessibility}, best practices ${p['best-practices']}/${thresholds['best-practices']}, ` +
      `TBT ${Math.round(p.tbtMs)} ms; p50 ms = LCP (simulated slow 4G)${p.ok ? '' : '; BELOW THRESHOLD'}`,
  }));
}
