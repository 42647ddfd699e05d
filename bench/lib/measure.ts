import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

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
  note?: string;
}

export interface MeasureOptions {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  durationSeconds?: number;
}

/**
 * Drives one URL with autocannon. The load generator runs in a worker thread so that it does
 * not share the event loop of the server it measures (both servers live in the bench's process).
 */
export async function measure(opts: MeasureOptions) {
  // The servers run on this thread, so its event-loop utilisation is the servers' busy share.
  const before = performance.eventLoopUtilization();
  const result = await autocannon({
    url: opts.url,
    headers: opts.headers,
    connections: opts.connections ?? 50,
    duration: opts.durationSeconds ?? 10,
    workers: 1,
  });
  const elu = performance.eventLoopUtilization(before);
  return {
    serverBusy: elu.utilization,
    serverUsPerRequest: (elu.active * 1000) / Math.max(1, result.requests.total),
    requestsPerSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** Prints rows as one aligned table. */
export function printTable(rows: BenchRow[]) {
  const header = ['bench', 'target', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'server busy', 'µs/req', 'note'];
  const lines = rows.map((r) => [
    r.bench,
    r.target,
    r.requestsPerSecond.toFixed(0),
    r.p50Ms.toFixed(2),
    r.p99Ms.toFixed(2),
    String(r.errors),
    `${(r.serverBusy * 100).toFixed(0)}%`,
    r.serverUsPerRequest.toFixed(1),
    r.note ?? '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const l of lines) console.log(fmt(l));
}
