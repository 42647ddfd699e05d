// The servers the scale-out tests need: a throw-away PostgreSQL 15 cluster and a Redis, both from
// Debian's packages (installed through apt-get when missing and root), on loopback, on free ports,
// in a temporary directory, without persistence. `npm test` starts them before the tests and stops
// them at the end, also on failure or Ctrl-C. By hand:
//
//   node scripts/services.mjs npx vitest run --project postgres
//
// runs a command with CLINICA_TEST_PG_URL and CLINICA_TEST_REDIS_URL set, then stops both.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureDebianPackages } from './lib.mjs';

/** Debian's PostgreSQL 15 binaries (`apt-get install postgresql-15`); PG_BIN overrides. */
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const PREFIX = 'clinica-services-';

/** A port nobody listens on now, on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

/** Runs a server binary, as the `postgres` user when we are root (initdb refuses root). */
function runAs(user, bin, args) {
  try {
    return asRoot
      ? execFileSync('runuser', ['-u', user, '--', bin, ...args], { stdio: 'pipe' })
      : execFileSync(bin, args, { stdio: 'pipe' });
  } catch (err) {
    throw new Error(`${path.basename(bin)} falló: ${String(err.stderr ?? err.message).trim()}`);
  }
}

function stopDir(dir) {
  const pgData = path.join(dir, 'pg', 'data');
  if (fs.existsSync(path.join(pgData, 'postmaster.pid'))) {
    try {
      runAs('postgres', path.join(PG_BIN, 'pg_ctl'), ['-D', pgData, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // Already gone.
    }
  }
  const redisPid = path.join(dir, 'redis', 'redis.pid');
  if (fs.existsSync(redisPid)) {
    try {
      process.kill(Number(fs.readFileSync(redisPid, 'utf8').trim()), 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

/** Stops what an earlier run left behind when it was killed outright (its owner is gone). */
function reapStale() {
  for (const name of fs.readdirSync(os.tmpdir())) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    const owner = Number(
      fs.existsSync(path.join(dir, 'owner')) ? fs.readFileSync(path.join(dir, 'owner'), 'utf8') : NaN,
    );
    let alive = false;
    try {
      process.kill(owner, 0);
      alive = true;
    } catch {
      alive = false;
    }
    if (!alive) stopDir(dir);
  }
}

async function waitForPort(port, ms) {
  const until = Date.now() + ms;
  for (;;) {
    const ok = await new Promise((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => (s.destroy(), resolve(true)));
      s.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > until) throw new Error(`nada escucha en 127.0.0.1:${port}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/**
 * Starts PostgreSQL 15 and Redis for this process. Returns their URLs, the environment to pass to
 * the tests, and stop() (also called on exit, SIGINT and SIGTERM).
 */
export async function startServices() {
  ensureDebianPackages({ [path.join(PG_BIN, 'initdb')]: 'postgresql-15', 'redis-server': 'redis-server' });
  reapStale();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
  fs.writeFileSync(path.join(dir, 'owner'), String(process.pid));
  // The `postgres` user must reach its directory inside.
  if (asRoot) fs.chmodSync(dir, 0o755);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    stopDir(dir);
  };
  process.on('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));
  try {
    // PostgreSQL: a new cluster, trust on loopback only, fsync off (the data is thrown away).
    const pgDir = path.join(dir, 'pg');
    fs.mkdirSync(pgDir);
    if (asRoot) execFileSync('chown', ['postgres:postgres', pgDir]);
    const pgData = path.join(pgDir, 'data');
    runAs('postgres', path.join(PG_BIN, 'initdb'), [
      '-D',
      pgData,
      '-U',
      'postgres',
      '--auth=trust',
      '--no-sync',
      '-E',
      'UTF8',
      '--locale=C',
    ]);
    const pgPort = await freePort();
    runAs('postgres', path.join(PG_BIN, 'pg_ctl'), [
      '-D',
      pgData,
      '-w',
      '-l',
      path.join(pgDir, 'log'),
      '-o',
      `-p ${pgPort} -k ${pgDir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300`,
      'start',
    ]);
    // Redis: no RDB snapshots, no append-only file, its own directory.
    const redisDir = path.join(dir, 'redis');
    fs.mkdirSync(redisDir);
    const redisPort = await freePort();
    const redis = spawn(
      'redis-server',
      [
        '--port',
        String(redisPort),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        redisDir,
        '--pidfile',
        path.join(redisDir, 'redis.pid'),
      ],
      { stdio: ['ignore', fs.openSync(path.join(redisDir, 'log'), 'a'), 'inherit'], detached: true },
    );
    fs.writeFileSync(path.join(redisDir, 'redis.pid'), String(redis.pid));
    redis.unref();
    await waitForPort(redisPort, 10_000);
    const pgUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    return { pgUrl, redisUrl, env: { CLINICA_TEST_PG_URL: pgUrl, CLINICA_TEST_REDIS_URL: redisUrl }, stop };
  } catch (err) {
    stop();
    throw err;
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const services = await startServices();
  const cmd = process.argv.slice(2);
  if (cmd.length === 0) {
    console.log(
      `CLINICA_TEST_PG_URL=${services.pgUrl}\nCLINICA_TEST_REDIS_URL=${services.redisUrl}\n(Ctrl-C para detenerlos)`,
    );
    setInterval(() => {}, 1 << 30);
  } else {
    // One argument is a shell command line; several are a program and its arguments. The command
    // gets a process group of its own, so a signal reaches everything it started (npx does not pass it on).
    const env = { ...process.env, ...services.env };
    const child =
      cmd.length === 1
        ? spawn(cmd[0], { stdio: 'inherit', shell: true, env, detached: true })
        : spawn(cmd[0], cmd.slice(1), { stdio: 'inherit', env, detached: true });
    for (const signal of ['SIGINT', 'SIGTERM']) {
      process.prependListener(signal, () => {
        try {
          process.kill(-child.pid, signal);
        } catch {
          // Already gone.
        }
      });
    }
    child.on('exit', (code) => process.exit(code ?? 1));
  }
}
