// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { messages, type BackupStatus } from '@clinica/shared';
import { fakeApi, renderPage } from '../../../test/render.js';
import { BackupStatusCard } from './backup-status-card.js';

const ok = {
  inicio: '2026-11-27T08:00:00.000Z',
  fin: '2026-11-27T08:00:04.000Z',
  origen: 'programada',
  resultado: 'ok',
  tamano_bytes: 4_613_734,
  error: null,
} as const;
const status = (over: Partial<BackupStatus>): BackupStatus => ({
  ultima: ok,
  ultima_correcta: ok.fin,
  alerta: false,
  hora_programada: 3,
  conservar: 7,
  clave_configurada: true,
  recientes: [ok],
  ...over,
});

describe("/Admin's backup card", () => {
  it('shows the last backup: its time, result and size, the daily hour, and no alert while it is recent', async () => {
    fakeApi({ 'GET /api/admin/backups': { json: status({}) } });
    await renderPage(<BackupStatusCard />);
    expect(await screen.findByRole('heading', { name: messages.backupsTitle })).toBeTruthy();
    expect(screen.getByText(messages.backupsResultOk)).toBeTruthy();
    expect(screen.getByText('4,4 MB')).toBeTruthy();
    expect(screen.getByText('3:00 a. m.')).toBeTruthy();
    expect(screen.getAllByText('27 nov. 2026, 3:00 a. m.')).toHaveLength(2);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('alerts when the last success is older than a day, and shows why the last run failed', async () => {
    const failed = { ...ok, resultado: 'error' as const, tamano_bytes: null, error: messages.backupNoKey };
    fakeApi({
      'GET /api/admin/backups': {
        json: status({ ultima: failed, ultima_correcta: null, alerta: true, clave_configurada: false, hora_programada: null, recientes: [failed] }),
      },
    });
    await renderPage(<BackupStatusCard />);
    expect((await screen.findByRole('alert')).textContent).toBe(messages.backupsAlert);
    expect(screen.getByText(messages.backupsNoKey)).toBeTruthy();
    expect(screen.getByText(`${messages.backupsResultError}: ${messages.backupNoKey}`)).toBeTruthy();
    expect(screen.getByText(messages.backupsScheduleOff)).toBeTruthy();
  });

  it('says when there is no backup at all', async () => {
    fakeApi({ 'GET /api/admin/backups': { json: status({ ultima: null, ultima_correcta: null, alerta: true, recientes: [] }) } });
    await renderPage(<BackupStatusCard />);
    expect(await screen.findByText(messages.backupsNone)).toBeTruthy();
    expect(screen.getByRole('alert')).toBeTruthy();
  });
});
