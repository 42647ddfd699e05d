import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditRowSchema, pageSchema, type AuditRow, type ListPage } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { listQuery } from '../../../lib/use-cursor-pages.js';

const page = pageSchema(auditRowSchema);

export interface AuditFilter {
  patientId: string | null;
  actorId: string | null;
}

/** GET /api/admin/audit: the audit trail, newest first, by patient and by staff member. */
export async function getAudit(filter: AuditFilter, cursor: string | undefined): Promise<ListPage<AuditRow>> {
  return page.parse(await api.get<unknown>(`/api/admin/audit${listQuery({ patient_id: filter.patientId, actor_id: filter.actorId, cursor })}`));
}

export const getAuditQueryOptions = (filter: AuditFilter, cursor: string | undefined) =>
  queryOptions({
    queryKey: ['audit', 'list', filter.patientId, filter.actorId, cursor] as const,
    queryFn: () => getAudit(filter, cursor),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useAudit = (filter: AuditFilter, cursor: string | undefined) => useQuery(getAuditQueryOptions(filter, cursor));
