// The servers the scale-out tests need: a throw-away PostgreSQL 15 cluster, a Redis and coturn (the
// video calls' TURN relay, decision 0053), all from Debian's packages (installed through apt-get when
// missing and root), on loopback, on free ports, in a temporary directory, without persistence.
// `npm test` starts them before the tests and stops them at the end, also on failure or Ctrl-C. By hand:
//
//   node scripts/services.mjs npx vitest run --project postgres
//
// runs a command with CLINICA_TEST_PG_URL, CLINICA_TEST_REDIS_URL, CLINICA_TEST_TURN_URLS and
// CLINICA_TEST_TURN_SECRET set, then stops them.
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
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

function killPidFile(file) {
  if (!fs.existsSync(file)) return;
  try {
    process.kill(Number(fs.readFileSync(file, 'utf8').trim()), 'SIGKILL');
  } catch {
    // Already gone.
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
  killPidFile(path.join(dir, 'redis', 'redis.pid'));
  killPidFile(path.join(dir, 'coturn', 'turnserver.pid'));
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
 * coturn for the video calls' tests and the demo (decision 0053): Debian's `turnserver` on
 * 127.0.0.1 on a free port, the TURN REST API scheme (`use-auth-secret` with a random
 * `static-auth-secret`; the server hands out HMAC credentials made with it), no TLS (loopback
 * only; production terminates TLS on 443, docs/deployment.md), relays on 127.0.0.1 from a range of
 * 200 ports of its own, loopback peers allowed (both browsers are on this machine), no CLI. Its
 * files are under `dir` (stopDir stops it). Returns the URLs and the secret for TURN_URLS / TURN_SECRET.
 */
export async function startCoturn(dir) {
  ensureDebianPackages({ turnserver: 'coturn' });
  const turnDir = path.join(dir, 'coturn');
  fs.mkdirSync(turnDir, { recursive: true });
  const port = await freePort();
  const secret = crypto.randomBytes(32).toString('hex');
  // A relay range per run (several runs may share the machine): 200 ports from a random start.
  const minPort = 20_000 + 200 * crypto.randomInt(0, 200);
  const conf = path.join(turnDir, 'turnserver.conf');
  fs.writeFileSync(
    conf,
    [
      'listening-ip=127.0.0.1',
      'relay-ip=127.0.0.1',
      `listening-port=${port}`,
      `min-port=${minPort}`,
      `max-port=${minPort + 199}`,
      'use-auth-secret',
      `static-auth-secret=${secret}`,
      'realm=clinica.local',
      'fingerprint',
      'no-tls',
      'no-dtls',
      'allow-loopback-peers',
      'no-multicast-peers',
      'no-cli',
      'no-software-attribute',
      `userdb=${path.join(turnDir, 'turndb')}`,
      `pidfile=${path.join(turnDir, 'turnserver.pid')}`,
      `log-file=${path.join(turnDir, 'turnserver.log')}`,
      'simple-log',
      'no-stdout-log',
      '',
    ].join('\n'),
    { mode: 0o600 },
  );
  const coturn = spawn('turnserver', ['-c', conf], { stdio: 'ignore', detached: true });
  fs.writeFileSync(path.join(turnDir, 'turnserver.pid'), String(coturn.pid));
  coturn.unref();
  await waitForPort(port, 10_000);
  const urls = `turn:127.0.0.1:${port}?transport=udp,turn:127.0.0.1:${port}?transport=tcp`;
  return { urls, secret, port, pid: coturn.pid };
}

/**
 * A throw-away directory of this process for coturn alone (the browser tests' server and the demo,
 * which need no PostgreSQL or Redis); stopped on exit.
 */
export async function startCoturnAlone() {
  reapStale();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), PREFIX));
  fs.writeFileSync(path.join(dir, 'owner'), String(process.pid));
  const stop = () => stopDir(dir);
  process.on('exit', stop);
  try {
    return { ...(await startCoturn(dir)), stop };
  } catch (err) {
    stop();
    throw err;
  }
}

/**
 * Starts PostgreSQL 15, Redis and coturn for this process. Returns their URLs, the environment to pass to
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
    const turn = await startCoturn(dir);
    const pgUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    return {
      pgUrl,
      redisUrl,
      turn,
      env: { CLINICA_TEST_PG_URL: pgUrl, CLINICA_TEST_REDIS_URL: redisUrl, CLINICA_TEST_TURN_URLS: turn.urls, CLINICA_TEST_TURN_SECRET: turn.secret },
      stop,
    };
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
      `CLINICA_TEST_PG_URL=${services.pgUrl}\nCLINICA_TEST_REDIS_URL=${services.redisUrl}\nCLINICA_TEST_TURN_URLS=${services.turn.urls}\n(Ctrl-C para detenerlos)`,
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
