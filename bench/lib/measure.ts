import { fork } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

/** One benchmark figure: a target driven by autocannon. */
export interface BenchRow {
  bench: string;
  target: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  /** Share of the time the server's thread was busy (event-loop utilisation). */
  serverBusy: number;
  /** Server-thread time per answered request: the cost, whatever the load generator managed. */
  serverUsPerRequest: number;
  /**
   * CPU time of the server process per answered request. Unlike the two above it does not grow
   * when other programs take the CPU away, so it compares servers on a busy machine.
   */
  cpuUsPerRequest?: number;
  note?: string;
}

export interface MeasureOptions {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
}

interface LoadSummary {
  requestsPerSecond: number;
  total: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

/** Runs autocannon (its programmatic API) in a child process and returns its summary. */
function drive(opts: MeasureOptions) {
  return new Promise<LoadSummary>((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./load-generator.ts', import.meta.url)), { stdio: 'inherit' });
    let summary: LoadSummary | undefined;
    child.once('message', (m) => {
      summary = m as LoadSummary;
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      summary ? resolve(summary) : reject(new Error(`the load generator stopped with code ${code}`)),
    );
    child.send({
      url: opts.url,
      headers: opts.headers,
      connections: opts.connections ?? 50,
      duration: opts.durationSeconds ?? 10,
    });
  });
}

/**
 * Drives one URL served by this process with autocannon. The load generator runs in a child
 * process, so this process's CPU time and event-loop use are the server's alone.
 */
export async function measure(opts: MeasureOptions) {
  const elu = performance.eventLoopUtilization();
  const cpu = process.cpuUsage();
  const result = await drive(opts);
  const busy = performance.eventLoopUtilization(elu);
  const used = process.cpuUsage(cpu);
  const total = Math.max(1, result.total);
  return {
    serverBusy: busy.utilization,
    serverUsPerRequest: (busy.active * 1000) / total,
    cpuUsPerRequest: (used.user + used.system) / total,
    requestsPerSecond: result.requestsPerSecond,
    p50Ms: result.p50Ms,
    p99Ms: result.p99Ms,
    errors: result.errors,
  };
}

/** Rows as one aligned table (figures a benchmark does not have, NaN, show as '—'). */
export function formatTable(rows: BenchRow[]): string {
  const fixed = (x: number, digits: number) => (Number.isFinite(x) ? x.toFixed(digits) : '—');
  const header = [
    'bench',
    'target',
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    'server busy',
    'µs/req',
    'cpu µs/req',
    'note',
  ];
  const lines = rows.map((r) => [
    r.bench,
    r.target,
    fixed(r.requestsPerSecond, 0),
    fixed(r.p50Ms, 2),
    fixed(r.p99Ms, 2),
    Number.isFinite(r.errors) ? String(r.errors) : '—',
    Number.isFinite(r.serverBusy) ? `${(r.serverBusy * 100).toFixed(0)}%` : '—',
    fixed(r.serverUsPerRequest, 1),
    r.cpuUsPerRequest === undefined ? '' : fixed(r.cpuUsPerRequest, 1),
    r.note ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [fmt(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(fmt)].join('\n');
}

/** Prints rows as one aligned table. */
export function printTable(rows: BenchRow[]) {
  console.log(formatTable(rows));
}

/** The middle value of `xs` (the upper of the two middle ones for an even count). */
export function median(xs: number[]): number {
  return [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
}
