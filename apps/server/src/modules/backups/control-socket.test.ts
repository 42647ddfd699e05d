import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '@clinica/shared';
import { backupControlDir, backupSocketPath, listenBackupControl, requestBackup } from './control-socket.js';
import type { BackupsService } from './backups.service.js';

// The PGlite backup's control socket (decision 0056, session 11): in a private 0700 directory made
// before the socket exists, without touching the process's umask (which every other file written
// at the same moment would inherit).

const service = { run: () => Promise.resolve({ ok: true, archivo: 'clinica-backup-x.cbk', size: 42 }) } as unknown as BackupsService;

describe('the backup control socket', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-bk-sock-'));
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('listens in a 0700 directory, owner-only, and never changes the umask', async () => {
    const umask = vi.spyOn(process, 'umask');
    const close = await listenBackupControl(dataDir, service);
    try {
      // Reading the umask (no argument) changes nothing; setting it would.
      expect(umask.mock.calls.filter((args) => args.length > 0)).toEqual([]);
      expect((await fs.stat(backupControlDir(dataDir))).mode & 0o777).toBe(0o700);
      const socket = await fs.lstat(backupSocketPath(dataDir));
      expect(socket.isSocket()).toBe(true);
      expect(socket.mode & 0o077).toBe(0);
      expect(await requestBackup(dataDir)).toEqual({ ok: true, archivo: 'clinica-backup-x.cbk', size: 42 });
    } finally {
      await close();
    }
    // Stopped: no socket, no directory left, and the command says the server is not running.
    expect(await fs.readdir(dataDir)).toEqual([]);
    await expect(requestBackup(dataDir)).rejects.toThrow(messages.backupServerNotRunning);
  });

  it('makes an existing, open control directory private again, and replaces a stale socket', async () => {
    await fs.mkdir(backupControlDir(dataDir), { mode: 0o755 });
    await fs.chmod(backupControlDir(dataDir), 0o755);
    await fs.writeFile(backupSocketPath(dataDir), 'restos de un proceso terminado');
    const close = await listenBackupControl(dataDir, service);
    try {
      expect((await fs.stat(backupControlDir(dataDir))).mode & 0o777).toBe(0o700);
      expect((await requestBackup(dataDir)).ok).toBe(true);
    } finally {
      await close();
    }
  });

  it('refuses to listen when the control path is not a directory of its own', async () => {
    await fs.symlink(os.tmpdir(), backupControlDir(dataDir));
    await expect(listenBackupControl(dataDir, service)).rejects.toThrow(/no es un directorio propio/);
  });
});
