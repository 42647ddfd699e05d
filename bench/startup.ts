/**
 * Start-up of the compiled server (`npm run build`: apps/server/dist, plain node) against the same
 * server run through tsx (the demo's `npm start`), in the same run (issue 26, item 1): the time from
 * spawning node to the first 200 from /readyz, and the resident memory (RSS) once it has been idle
 * for a few seconds. Both start on an already migrated embedded database (a first start migrates,
 * which is the same SQL for both), alternately, BENCH_STARTS times each; the median is reported.
 *
 *   npm run build && node --import tsx bench/startup.ts
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { median, printTable, type BenchRow } from './lib/measure.js';

const BENCH = 'startup';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REST_MS = 3000;

const VARIANTS = {
  tsx: ['--import', 'tsx', 'apps/server/src/server.ts'],
  compiled: ['--enable-source-maps', '--conditions=clinica-compiled', 'apps/server/dist/server.js'],
} as const;
type Variant = keyof typeof VARIANTS;

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Resident set size of a process in bytes (Linux /proc). */
function rssOf(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kb) throw new Error('no VmRSS in /proc');
  return Number(kb) * 1024;
}

/**
 * CPU time (user + system) a process has used, in ms: unlike the wall-clock time to ready, it
 * hardly moves when other programs share the machine.
 */
function cpuMsOf(pid: number) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line (11 and 12 after the command name), in ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts one server, waits for /readyz, lets it rest, reads its RSS, stops it. */
async function startOnce(variant: Variant, dataDir: string, seed = false) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, [...VARIANTS[variant]], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      // Production does not seed: only the first, unmeasured start fills the demo clinic.
      SEED_DEMO: seed ? '1' : '0',
      MAIL_WORKER: '0',
      LOG_LEVEL: 'warn',
    },
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  let exited = false;
  child.on('exit', () => (exited = true));
  try {
    for (;;) {
      if (exited) throw new Error(`${variant} exited before it was ready:\n${stderr}`);
      if (performance.now() - started > 120_000) throw new Error(`${variant} not ready after 120 s`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const readyMs = performance.now() - started;
    const cpuMs = cpuMsOf(child.pid!);
    await new Promise((r) => setTimeout(r, REST_MS));
    return { readyMs, cpuMs, rss: rssOf(child.pid!) };
  } finally {
    const gone = new Promise((r) => child.once('exit', r));
    if (!exited) child.kill('SIGTERM');
    await gone;
  }
}

export async function run(): Promise<BenchRow[]> {
  if (!fs.existsSync(path.join(root, 'apps/server/dist/server.js'))) {
    throw new Error('apps/server/dist/server.js is missing: run npm run build first');
  }
  const starts = Number(process.env.BENCH_STARTS ?? 5);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-bench-startup-'));
  try {
    const dirs = { tsx: path.join(tmp, 'tsx'), compiled: path.join(tmp, 'compiled') };
    // The first start migrates and seeds the demo clinic: not measured.
    for (const v of ['tsx', 'compiled'] as const) await startOnce(v, dirs[v], true);
    const results: Record<Variant, { readyMs: number; cpuMs: number; rss: number }[]> = { tsx: [], compiled: [] };
    for (let i = 0; i < starts; i++) {
      const order: readonly Variant[] = i % 2 === 0 ? ['tsx', 'compiled'] : ['compiled', 'tsx'];
      for (const v of order) {
        results[v].push(await startOnce(v, dirs[v]));
      }
    }
    const summary = (v: Variant) => ({
      readyMs: median(results[v].map((r) => r.readyMs)),
      cpuMs: median(results[v].map((r) => r.cpuMs)),
      rssMiB: median(results[v].map((r) => r.rss)) / 2 ** 20,
    });
    const tsx = summary('tsx');
    const compiled = summary('compiled');
    const load = os.loadavg()[0]!;
    const busy = load > os.availableParallelism() ? ` (machine load ${load.toFixed(1)}: figures unreliable)` : '';
    const row = (target: string, s: { readyMs: number; cpuMs: number; rssMiB: number }, note: string): BenchRow => ({
      bench: BENCH,
      target,
      requestsPerSecond: Number.NaN,
      p50Ms: Number.NaN,
      p99Ms: Number.NaN,
      errors: Number.NaN,
      serverBusy: Number.NaN,
      serverUsPerRequest: Number.NaN,
      note: `ready in ${s.readyMs.toFixed(0)} ms (${s.cpuMs.toFixed(0)} ms of CPU), RSS at rest ${s.rssMiB.toFixed(1)} MiB (median of ${starts})${note}`,
    });
    return [
      row('node --import tsx src/server.ts', tsx, ' (baseline)'),
      row(
        'node dist/server.js (compiled)',
        compiled,
        `: start-up ${(compiled.readyMs / tsx.readyMs).toFixed(2)}x (CPU ${(compiled.cpuMs / tsx.cpuMs).toFixed(2)}x), memory ${(compiled.rssMiB / tsx.rssMiB).toFixed(2)}x the tsx one${busy}`,
      ),
    ];
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printTable(await run());
}
