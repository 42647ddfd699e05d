import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminPatientRowSchema, pageSchema, type AdminPatientRow } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { listQuery } from '../../../lib/use-cursor-pages.js';

/** GET /api/admin/patients?nombre=…&limit=10: patients to choose as the audit filter. */
export async function findPatients(nombre: string): Promise<AdminPatientRow[]> {
  return pageSchema(adminPatientRowSchema).parse(await api.get<unknown>(`/api/admin/patients${listQuery({ nombre, limit: '10' })}`)).items;
}

export const findPatientsQueryOptions = (nombre: string) =>
  queryOptions({ queryKey: ['audit', 'patients', nombre] as const, queryFn: () => findPatients(nombre), staleTime: 0, retry: false });

export const useFindPatients = (nombre: string | null) => useQuery({ ...findPatientsQueryOptions(nombre ?? ''), enabled: nombre !== null });
