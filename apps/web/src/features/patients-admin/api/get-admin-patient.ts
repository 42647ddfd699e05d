import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPatientDetailSchema, type AdminPatientDetail } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** Thrown when the answer is not a patient ('No se encontraron datos.'). */
export class BadPatientFormat extends Error {}

/** GET /api/admin/patients/:id (Pacientes_Admin_Boton.php, GetDropbox.php). */
export async function getAdminPatient(id: string): Promise<AdminPatientDetail> {
  const parsed = adminPatientDetailSchema.safeParse(await api.get<unknown>(`/api/admin/patients/${encodeURIComponent(id)}`));
  if (!parsed.success) throw new BadPatientFormat();
  return parsed.data;
}

export const getAdminPatientQueryOptions = (id: string) =>
  queryOptions({ queryKey: ['patients-admin', 'detail', id] as const, queryFn: () => getAdminPatient(id), staleTime: 0, retry: false });

export const useAdminPatient = (id: string) => useQuery({ ...getAdminPatientQueryOptions(id), enabled: id !== '' });
