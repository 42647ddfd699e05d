import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's Redis server (`apt-get install redis-server`); REDIS_SERVER_BIN overrides. */
const REDIS_BIN = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

/** True when a Redis server can be started for the tests on this machine. */
export const hasRedis = (() => {
  try {
    execFileSync(REDIS_BIN, ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
})();

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForPort(port: number, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1', () => {
        s.end();
        resolve(true);
      });
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`redis-server did not listen on ${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts a throw-away Redis on loopback, in memory only (no RDB, no AOF), in a temporary
 * directory; `stop()` kills it and removes the directory. `url` names database 0.
 */
export async function startRedis() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-redis-'));
  const port = await freePort();
  const child = spawn(
    REDIS_BIN,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { stdio: 'ignore' },
  );
  await waitForPort(port, 10_000);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
