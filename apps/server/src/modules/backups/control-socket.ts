import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { messages } from '@clinica/shared';
import { BackupArchiveError } from './backup-archive.js';
import type { BackupResult, BackupsService } from './backups.service.js';

/**
 * How `npm run backup` asks the serving process for a backup on PGlite (decision 0056): a Unix
 * socket in a private directory of the data directory (`DATA_DIR/control/`, mode 0700). Only the
 * operating-system account that runs the server (or root) can reach it, and that account can
 * already read the database files beside it, so the socket gives nobody anything new; it is no TCP
 * port and not part of the public app.
 */
export const backupControlDir = (dataDir: string) => path.join(dataDir, 'control');
export const backupSocketPath = (dataDir: string) => path.join(backupControlDir(dataDir), 'backup.sock');

/**
 * The control directory, made private before the socket exists: a socket takes its mode from the
 * umask at bind() and another account could connect before a chmod, but nobody can reach a socket
 * inside a 0700 directory they cannot enter. No process-wide umask change either, which every other
 * file written meanwhile (by any request) would inherit.
 */
async function privateControlDir(dataDir: string) {
  const dir = backupControlDir(dataDir);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const stat = await fs.lstat(dir);
  // Left by someone else, or a link elsewhere: never listen there.
  if (!stat.isDirectory() || (process.getuid && stat.uid !== process.getuid())) {
    throw new Error(`${dir}: no es un directorio propio de la cuenta del servidor; bórrelo y vuelva a iniciar.`);
  }
  // mkdir's mode passes through the umask, and an existing directory keeps its own: set it.
  await fs.chmod(dir, 0o700);
  return dir;
}

/** Listens on the data directory's socket; returns a close function. */
export async function listenBackupControl(dataDir: string, service: BackupsService): Promise<() => Promise<void>> {
  const dir = await privateControlDir(dataDir);
  const socket = backupSocketPath(dataDir);
  // A socket left by a process that was killed: one PGlite process per data directory, so it is
  // stale (and the one earlier versions left at DATA_DIR/backup.sock).
  await fs.rm(socket, { force: true });
  await fs.rm(path.join(dataDir, 'backup.sock'), { force: true });
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST' || req.url !== '/backup') {
      res.writeHead(404).end();
      return;
    }
    req.resume();
    void service.run('manual').then(
      (result) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result)),
      (err: unknown) =>
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ ok: false, error: err instanceof Error ? err.message : String(err) })),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, resolve);
  });
  // Owner only on the socket itself too: the directory is what keeps others out, this is a second lock.
  await fs.chmod(socket, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await fs.rm(socket, { force: true });
    // The empty directory goes too, so a stopped server leaves DATA_DIR as it found it.
    await fs.rmdir(dir).catch(() => undefined);
  };
}

/** The command's side: asks the server of `dataDir` for a backup and waits for its result. */
export function requestBackup(dataDir: string): Promise<BackupResult> {
  return new Promise((resolve, reject) => {
    const req = http.request({ socketPath: backupSocketPath(dataDir), method: 'POST', path: '/backup' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (body += d));
      res.on('end', () => {
        try {
          resolve(JSON.parse(body) as BackupResult);
        } catch (err) {
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') reject(new BackupArchiveError(messages.backupServerNotRunning));
      else reject(err);
    });
    req.end();
  });
}
