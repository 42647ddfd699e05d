import { queryOptions, useQuery } from '@tanstack/react-query';
import { staffAccountListSchema, type StaffAccount } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/admin/staff: every staff account (pending first), with its state and, for doctors, the service. */
export async function getStaffAccounts(): Promise<StaffAccount[]> {
  return staffAccountListSchema.parse(await api.get<unknown>('/api/admin/staff'));
}

export const getStaffAccountsQueryOptions = () =>
  queryOptions({ queryKey: ['staff-accounts', 'list'] as const, queryFn: getStaffAccounts, staleTime: 0 });

export const useStaffAccounts = () => useQuery(getStaffAccountsQueryOptions());
