import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { auditStaffSchema, type AuditStaff } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/admin/audit/staff: the staff accounts the audit screen filters by. */
export async function getAuditStaff(): Promise<AuditStaff[]> {
  return z.array(auditStaffSchema).parse(await api.get<unknown>('/api/admin/audit/staff'));
}

export const getAuditStaffQueryOptions = () => queryOptions({ queryKey: ['audit', 'staff'] as const, queryFn: getAuditStaff, staleTime: 60_000 });

export const useAuditStaff = () => useQuery(getAuditStaffQueryOptions());
