import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPatientRowSchema, pageSchema, type AdminPatientRow, type ListPage } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { listQuery } from '../../../lib/use-cursor-pages.js';

/** GET /api/admin/patients?nombre=…&limit=10&cursor=…: a page of patients to choose as the audit filter. */
export async function findPatients(nombre: string, cursor: string | undefined): Promise<ListPage<AdminPatientRow>> {
  return pageSchema(adminPatientRowSchema).parse(await api.get<unknown>(`/api/admin/patients${listQuery({ nombre, limit: '10', cursor })}`));
}

export const findPatientsQueryOptions = (nombre: string, cursor: string | undefined) =>
  queryOptions({
    queryKey: ['audit', 'patients', nombre, cursor] as const,
    queryFn: () => findPatients(nombre, cursor),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

/** Disabled (react-query's 'idle') until a name is searched. */
export const useFindPatients = (nombre: string | null, cursor: string | undefined) =>
  useQuery({ ...findPatientsQueryOptions(nombre ?? '', cursor), enabled: nombre !== null });
