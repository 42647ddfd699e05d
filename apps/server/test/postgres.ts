import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** Where Debian's PostgreSQL 15 server lives (`apt-get install postgresql-15`); PG_BIN overrides. */
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';

/** True when a PostgreSQL server can be started for the tests on this machine. */
export const hasPostgres = Boolean(process.env.CLINICA_TEST_PG_URL) || fs.existsSync(path.join(PG_BIN, 'initdb'));

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

/**
 * Starts a throw-away PostgreSQL cluster on loopback (for what PGlite, one connection, cannot
 * show: several connections taking row locks at once). Root cannot run initdb, so as root the
 * cluster runs as the `postgres` user.
 */
export async function startPostgres() {
  // Under `npm test` a server is already running (scripts/services.mjs): a new database on it
  // spares starting a cluster per test file.
  const shared = process.env.CLINICA_TEST_PG_URL;
  if (shared) {
    const name = `clinica_pg_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: shared });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${name}`);
    } finally {
      await admin.end();
    }
    const url = new URL(shared);
    url.pathname = `/${name}`;
    return { url: url.toString(), stop() {} };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinica-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (cmd: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, cmd), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(PG_BIN, cmd), args, { stdio: 'pipe' });
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  run('pg_ctl', [
    '-D',
    data,
    '-w',
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
