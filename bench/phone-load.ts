/**
 * A phone's first load (scripts/check-budget.mjs: Chromium at 360 × 740, es-PA, cold cache,
 * Lighthouse's mobile throttling 4× CPU, 150 ms RTT, 1.6 Mbit/s): JavaScript per page and the consent
 * box's first-usable time, against a baseline measured in the same run on the same build served
 * without the per-route preload hints (a copy of the build without route-preloads.json: the page's
 * chunk, catalogues and data modules then wait for the entry). Decision 0046.
 *
 *   node --import tsx bench/run.ts phone-load
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from './lib/measure.js';

interface PageRow {
  route: string;
  totalKb: number;
  scripts: number;
  budgetKb: number;
  aimKb: number;
  aimMet: boolean;
}
interface UsableRow {
  route: string;
  ms: number;
  runs: number[];
  aimMs: number;
  aimMet: boolean;
}
interface Result {
  pages: PageRow[];
  usable: UsableRow[];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function measure(distDir: string, port: number): Result {
  const json = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-phone-')), 'budget.json');
  // Its own output goes to stderr so that stdout stays the table; a missed aim exits 1 and is a figure here.
  spawnSync(process.execPath, ['scripts/check-budget.mjs', '--json', json, '--port', String(port)], {
    cwd: root,
    stdio: ['ignore', 2, 'inherit'],
    env: { ...process.env, WEB_DIST_DIR_UNDER_TEST: distDir },
  });
  if (!fs.existsSync(json)) throw new Error(`check-budget failed on ${distDir}`);
  return JSON.parse(fs.readFileSync(json, 'utf8')) as Result;
}

/** Runs the benchmark and returns its rows (bench/run.ts prints them with the others). */
export async function run(): Promise<BenchRow[]> {
  const dist = path.join(root, 'apps/web/dist');
  if (!fs.existsSync(path.join(dist, 'route-preloads.json'))) {
    const build = spawnSync('npm run build', { cwd: root, stdio: 'inherit', shell: true });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  const bare = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'clinica-nohints-'));
  await fs.promises.cp(dist, bare, { recursive: true });
  await fs.promises.rm(path.join(bare, 'route-preloads.json'));
  // Each run's server on an even port, its nginx front (scripts/tls-front.mjs) on the next one.
  const baseline = measure(bare, 3182);
  const now = measure(dist, 3184);
  await fs.promises.rm(bare, { recursive: true, force: true });
  const conditions = '360x740 es-PA, 4x CPU, 150 ms RTT, 1.6 Mbit/s, cold cache';
  const empty = { requestsPerSecond: NaN, p99Ms: NaN, errors: NaN, serverBusy: NaN, serverUsPerRequest: NaN };
  const rows: BenchRow[] = now.usable.map((u) => {
    const before = baseline.usable.find((b) => b.route === u.route);
    return {
      bench: 'phone-load',
      target: `${u.route} first usable`,
      ...empty,
      p50Ms: u.ms,
      note:
        `median of ${u.runs.length} (${u.runs.map(Math.round).join(', ')} ms); without preload hints ${before ? Math.round(before.ms) : '?'} ms; ` +
        `aim ${u.aimMs} ms ${u.aimMet ? 'met' : 'NOT MET'}; ${conditions}`,
    };
  });
  for (const p of now.pages) {
    const before = baseline.pages.find((b) => b.route === p.route);
    rows.push({
      bench: 'phone-load',
      target: `${p.route} JS kB`,
      ...empty,
      p50Ms: NaN,
      note:
        `${p.totalKb.toFixed(1)} kB gzip in ${p.scripts} files before load or hinted (without hints ${before ? `${before.totalKb.toFixed(1)} kB in ${before.scripts}` : '?'}); ` +
        `budget ${p.budgetKb}, aim ${p.aimKb} ${p.aimMet ? 'met' : 'NOT MET'}; ${conditions}`,
    });
  }
  return rows;
}
