import type { BackupRun, BackupStatus } from '@clinica/shared';
import type { BackupRunRow } from './backups.repository.js';
import type { BackupsService } from './backups.service.js';

function toBackupRun(row: BackupRunRow): BackupRun {
  return {
    inicio: row.started_at.toISOString(),
    fin: row.finished_at.toISOString(),
    origen: row.origen as BackupRun['origen'],
    resultado: row.resultado as BackupRun['resultado'],
    tamano_bytes: row.size_bytes,
    error: row.error,
  };
}

export function toBackupStatus(s: Awaited<ReturnType<BackupsService['status']>>): BackupStatus {
  return {
    ultima: s.recent[0] ? toBackupRun(s.recent[0]) : null,
    ultima_correcta: s.lastSuccess?.toISOString() ?? null,
    alerta: s.alert,
    hora_programada: s.scheduleHour,
    conservar: s.keep,
    clave_configurada: s.keyConfigured,
    recientes: s.recent.map(toBackupRun),
  };
}
