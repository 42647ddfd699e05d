import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffAccountListSchema, type StaffAccount } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/admin/staff, the doctors only (active first): whose profile an administrator may edit. */
export async function getDoctors(): Promise<StaffAccount[]> {
  const all = staffAccountListSchema.parse(await api.get<unknown>('/api/admin/staff'));
  return all.filter((s) => s.role === 'doctor' && s.estado !== 'pendiente');
}

export const useDoctors = () => useQuery(queryOptions({ queryKey: ['doctor-profile', 'doctors'] as const, queryFn: getDoctors, staleTime: 0 }));
