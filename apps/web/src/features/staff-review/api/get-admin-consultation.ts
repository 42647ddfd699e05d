import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminConsultationDetailSchema, type AdminConsultationDetail } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { ADMIN_CONSULTATIONS_KEY } from './get-admin-consultations.js';

/** GET /api/admin/consultations/:token (Consulta_Admin_Boton.php?token): the whole consultation. */
export async function getAdminConsultation(token: string): Promise<AdminConsultationDetail> {
  return adminConsultationDetailSchema.parse(await api.get<unknown>(`/api/admin/consultations/${encodeURIComponent(token)}`));
}

export const getAdminConsultationQueryOptions = (token: string) =>
  queryOptions({ queryKey: [...ADMIN_CONSULTATIONS_KEY, 'detail', token] as const, queryFn: () => getAdminConsultation(token), staleTime: 0, retry: false });

export const useAdminConsultation = (token: string) => useQuery({ ...getAdminConsultationQueryOptions(token), enabled: token !== '' });
