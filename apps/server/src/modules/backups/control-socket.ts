import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { messages } from '@clinica/shared';
import { BackupArchiveError } from './backup-archive.js';
import type { BackupResult, BackupsService } from './backups.service.js';

/**
 * How `npm run backup` asks the serving process for a backup on PGlite (decision 0056): a Unix
 * socket in the data directory, mode 0600. Only the operating-system account that runs the server
 * (or root) can connect, and that account can already read the database files beside it, so the
 * socket gives nobody anything new; it is no TCP port and not part of the public app.
 */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

/** Listens on the data directory's socket; returns a close function. */
export async function listenBackupControl(dataDir: string, service: BackupsService): Promise<() => Promise<void>> {
  const socket = backupSocketPath(dataDir);
  // A socket left by a process that was killed: one PGlite process per data directory, so it is stale.
  await fs.rm(socket, { force: true });
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
  const oldMask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socket, resolve);
    });
  } finally {
    process.umask(oldMask);
  }
  await fs.chmod(socket, 0o600);
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await fs.rm(socket, { force: true });
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
