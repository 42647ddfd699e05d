import { queryOptions, useQuery } from '@tanstack/react-query';
import { backupStatusSchema, type BackupStatus } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/admin/backups: the last backups, the last good one, and whether it is too old. */
export async function getBackups(): Promise<BackupStatus> {
  return backupStatusSchema.parse(await api.get<unknown>('/api/admin/backups'));
}

export const getBackupsQueryOptions = () =>
  queryOptions({ queryKey: ['backups', 'status'] as const, queryFn: getBackups, staleTime: 60_000 });

export const useBackups = () => useQuery(getBackupsQueryOptions());
