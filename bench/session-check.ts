/**
 * The patients' session check (GET /api/auth/session, polled every 5 s by every open page)
 * against a bare node:http server answering the same JSON, both at 50 connections.
 * Aim (issue 2): the session check at half the bare throughput or better, p99 under 10 ms.
 *
 * autocannon runs in a child process (bench/lib/load-generator.ts), so this process's CPU time is
 * the servers' alone: 'cpu µs/req' compares the two servers even when other programs share the
 * machine, where req/s and p99 follow the machine's load (the note says when it was busy).
 *
 *   node --import tsx bench/session-check.ts        (BENCH_SECONDS=10 by default)
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import { parseConfig } from '../apps/server/src/infra/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { buildApp } from '../apps/server/src/app.js';
import { PNG_1X1, multipart, validRegistration } from '../apps/server/test/harness.js';
import { measure, printTable, type BenchRow } from './lib/measure.js';

const BENCH = 'session-check';

type Measured = Awaited<ReturnType<typeof measure>>;

/** Several runs of one target as one: mean throughput and cost, the worst percentiles. */
const combine = (runs: Measured[]): Measured => ({
  requestsPerSecond: runs.reduce((a, r) => a + r.requestsPerSecond, 0) / runs.length,
  serverBusy: runs.reduce((a, r) => a + r.serverBusy, 0) / runs.length,
  serverUsPerRequest: runs.reduce((a, r) => a + r.serverUsPerRequest, 0) / runs.length,
  cpuUsPerRequest: runs.reduce((a, r) => a + r.cpuUsPerRequest, 0) / runs.length,
  p50Ms: Math.max(...runs.map((r) => r.p50Ms)),
  p99Ms: Math.max(...runs.map((r) => r.p99Ms)),
  errors: runs.reduce((a, r) => a + r.errors, 0),
});

const listen = (server: http.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

/** Runs the benchmark and returns its rows (bench/run.ts prints them with the others). */
export async function run(opts: { seconds?: number } = {}): Promise<BenchRow[]> {
  const seconds = opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-bench-'));
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ dataDir: config.dataDir });
  const app = await buildApp({ config, database, logger: false });
  const bare = http.createServer();
  try {
    // A signed-in patient, as a browser would be.
    const reg = validRegistration();
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...multipart(reg, [{ field: 'image_cedula', filename: 'cedula.png', bytes: PNG_1X1 }]),
    });
    if (registered.statusCode !== 201) throw new Error(`registration failed: ${registered.body}`);
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: reg.correo, password: reg.password },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    if (login.statusCode !== 200 || !cookie) throw new Error(`login failed: ${login.body}`);

    await app.listen({ port: 0, host: '127.0.0.1' });
    const appUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/auth/session?activo=1`;
    const check = await fetch(appUrl, { headers: { cookie } });
    const json = await check.text();
    if (!JSON.parse(json).loggedIn) throw new Error(`the session check does not see the session: ${json}`);

    // The bare server answers the very bytes the app answered.
    bare.on('request', (_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(json),
      });
      res.end(json);
    });
    const bareUrl = `http://127.0.0.1:${await listen(bare)}/api/auth/session?activo=1`;

    const warm = { connections: 50, durationSeconds: 2, headers: { cookie } };
    await measure({ url: bareUrl, ...warm });
    await measure({ url: appUrl, ...warm });
    // Alternating halves, so a change in the machine's other load falls on both targets alike.
    const halves = { bare: [] as Measured[], app: [] as Measured[] };
    for (let i = 0; i < 2; i++) {
      halves.bare.push(await measure({ url: bareUrl, headers: { cookie }, durationSeconds: seconds / 2 }));
      halves.app.push(await measure({ url: appUrl, headers: { cookie }, durationSeconds: seconds / 2 }));
    }
    const bareResult = combine(halves.bare);
    const appResult = combine(halves.app);
    const load = os.loadavg()[0]!;
    const ratio = appResult.requestsPerSecond / bareResult.requestsPerSecond;
    // When the load generator, not the server, is the limit, req/s flatters the app; the ratio of
    // server CPU time per request says what each server could do with a whole core.
    const costRatio = bareResult.cpuUsPerRequest / appResult.cpuUsPerRequest;
    const aim = ratio >= 0.5 && costRatio >= 0.5 && appResult.p99Ms < 10 ? 'aim met' : 'AIM MISSED';
    return [
      { bench: BENCH, target: 'bare node:http', ...bareResult },
      {
        bench: BENCH,
        target: 'GET /api/auth/session',
        ...appResult,
        note:
          `req/s ratio ${ratio.toFixed(2)}, cost ratio ${costRatio.toFixed(2)} (aim >= 0.50, p99 < 10 ms): ${aim}` +
          (load > os.availableParallelism() ? ` (machine load ${load.toFixed(1)}: figures unreliable)` : ''),
      },
    ];
  } finally {
    await new Promise<void>((resolve) => bare.close(() => resolve()));
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  printTable(await run());
}
