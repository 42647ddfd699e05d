import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { consultationRowSchema, type ConsultationRow } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/admin/consultations (Consulta_Admin.php), or POST .../search {input} (Algoritmo_Consulta.php) by first name. */
export async function getAdminConsultations(search: string | null): Promise<ConsultationRow[]> {
  const data =
    search === null
      ? await api.get<unknown>('/api/admin/consultations')
      : await api.post<unknown>('/api/admin/consultations/search', { input: search });
  // A non-array answer is treated as an empty list (staff.md, section 8).
  const parsed = z.array(consultationRowSchema).safeParse(data);
  return parsed.success ? parsed.data : [];
}

export const ADMIN_CONSULTATIONS_KEY = ['staff-review', 'consultations'] as const;

export const getAdminConsultationsQueryOptions = (search: string | null) =>
  queryOptions({ queryKey: [...ADMIN_CONSULTATIONS_KEY, 'list', search] as const, queryFn: () => getAdminConsultations(search), staleTime: 0, retry: false });

export const useAdminConsultations = (search: string | null) => useQuery(getAdminConsultationsQueryOptions(search));
