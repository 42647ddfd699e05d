/**
 * Lighthouse (scripts/lighthouse.mjs: mobile preset, simulated 4× CPU, 150 ms RTT, 1.6 Mbit/s; the
 * production build on the real server behind the clinic's nginx site, TLS and HTTP/2, as patients reach
 * it) for the public pages, /citas and the seven signed-in pages of issue 23; each score shown against
 * its aim, with two baselines measured in the same run, one run per page: the same build served
 * without its per-route preload hints (decision 0046), and the same build loaded from the Node server
 * directly over HTTP/1.1 (how scripts/lighthouse.mjs measured before session 12).
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
  fcpMs: number;
  chainDepth: number;
  aim: number;
  ok: boolean;
  aimMet: boolean;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs the benchmark and returns its rows (bench/run.ts prints them with the others). */
export async function run(): Promise<BenchRow[]> {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/.vite/manifest.json'))) {
    const build = spawnSync('npm run build', { cwd: root, stdio: 'inherit', shell: true });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  const lighthouse = async (distDir: string | undefined, port: number, runs?: string, front = 'tls') => {
    const json = path.join(await fs.promises.mkdtemp(path.join(os.tmpdir(), 'clinica-lh-')), 'lighthouse.json');
    // Lighthouse's own output goes to stderr so that stdout stays the table.
    const lh = spawnSync(process.execPath, ['scripts/lighthouse.mjs', '--json', json, '--port', String(port), '--front', front, ...(runs ? ['--runs', runs] : [])], {
      cwd: root,
      stdio: ['ignore', 2, 'inherit'],
      env: { ...process.env, ...(distDir ? { LIGHTHOUSE_WEB_DIST_DIR: distDir } : {}) },
    });
    if (!fs.existsSync(json)) throw new Error(`lighthouse failed (exit ${lh.status})`);
    return JSON.parse(fs.readFileSync(json, 'utf8')) as {
      pages: PageResult[];
      thresholds: Record<'performance' | 'accessibility' | 'best-practices', number>;
      runs: number;
    };
  };
  const dist = path.join(root, 'apps/web/dist');
  const bare = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'clinica-nohints-'));
  await fs.promises.cp(dist, bare, { recursive: true });
  await fs.promises.rm(path.join(bare, 'route-preloads.json'), { force: true });
  // Each run's server on an even port, its nginx front on the next one.
  const baseline = await lighthouse(bare, 3186, '1');
  await fs.promises.rm(bare, { recursive: true, force: true });
  const direct = await lighthouse(undefined, 3188, '1', 'direct');
  const { pages, thresholds, runs } = await lighthouse(undefined, 3190);
  return pages.map((p) => {
    const before = baseline.pages.find((b) => b.path === p.path);
    const http1 = direct.pages.find((b) => b.path === p.path);
    return {
      bench: 'lighthouse',
      target: p.path,
      requestsPerSecond: NaN,
      p50Ms: p.lcpMs,
      p99Ms: NaN,
      errors: NaN,
      serverBusy: NaN,
      serverUsPerRequest: NaN,
      note:
        `perf ${p.performance} (aim ${p.aim}${p.aimMet ? '' : ', NOT MET'}; without preload hints ${before?.performance ?? '?'}; ` +
        `HTTP/1.1 from Node directly ${http1?.performance ?? '?'}, LCP ${http1 ? Math.round(http1.lcpMs) : '?'} ms), ` +
        `FCP ${Math.round(p.fcpMs)} ms (without hints ${before ? Math.round(before.fcpMs) : '?'}), chain ${p.chainDepth} (without hints ${before?.chainDepth ?? '?'}), ` +
        `a11y ${p.accessibility}/${thresholds.accessibility}, best practices ${p['best-practices']}/${thresholds['best-practices']}, ` +
        `TBT ${Math.round(p.tbtMs)} ms; median of ${runs} public, 1-3 signed in; p50 ms = LCP (simulated 4x CPU, 150 ms RTT, 1.6 Mbit/s; nginx TLS + HTTP/2)${p.ok ? '' : '; BELOW THRESHOLD'}`,
    };
  });
}
