import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

/**
 * What a backup copies besides the database's own snapshot: the stored files on local disk, and
 * PostgreSQL's pg_dump / pg_restore (Debian's postgresql-client; PG_DUMP_BIN-free: found on PATH).
 */

/** Every stored file under `<dataDir>/files`, as paths relative to it (half-written `.tmp-*` files left out). */
export async function listStoredFiles(filesDir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (dir: string) => {
    let entries;
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw err;
    }
    for (const e of entries) {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile() && !e.name.includes('.tmp-')) out.push(path.relative(filesDir, full));
    }
  };
  await walk(filesDir);
  return out.sort();
}

/**
 * libpq's environment for a connection URL: the password never appears on a command line (where
 * `ps` would show it to every user of the machine).
 */
export function libpqEnv(databaseUrl: string): Record<string, string> {
  const url = new URL(databaseUrl);
  const env: Record<string, string> = {
    PGHOST: decodeURIComponent(url.hostname),
    PGPORT: url.port || '5432',
    PGDATABASE: decodeURIComponent(url.pathname.replace(/^\//, '')),
  };
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

function run(bin: string, args: string[], databaseUrl: string) {
  const child = spawn(bin, args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...libpqEnv(databaseUrl) },
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${bin} terminó con el código ${code}: ${stderr.trim()}`)),
    );
  });
  return { child, done };
}

/** `pg_dump -Fc` of the database (one consistent snapshot, taken by PostgreSQL), as a stream. */
export function pgDump(databaseUrl: string): { stream: Readable; done: Promise<void> } {
  const { child, done } = run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges'], databaseUrl);
  child.stdin.end();
  return { stream: child.stdout, done };
}

/** `pg_restore` into the (empty) database of the URL, fed through the returned stdin. */
export function pgRestore(databaseUrl: string): { stdin: Writable; done: Promise<void> } {
  const { child, done } = run(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', new URL(databaseUrl).pathname.slice(1)],
    databaseUrl,
  );
  child.stdout.resume();
  return { stdin: child.stdin, done };
}
