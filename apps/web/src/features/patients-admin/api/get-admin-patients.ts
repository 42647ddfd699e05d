import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminPatientRowSchema, pageSchema, type AdminPatientRow, type ListPage } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { listQuery } from '../../../lib/use-cursor-pages.js';

const page = pageSchema(adminPatientRowSchema);

/** GET /api/admin/patients (Pacientes_Admin.php, Algoritmo_Pacientes.php): one page, optionally by first name. */
export async function getAdminPatients(nombre: string | null, cursor: string | undefined): Promise<ListPage<AdminPatientRow>> {
  const parsed = page.safeParse(await api.get<unknown>(`/api/admin/patients${listQuery({ nombre, cursor })}`));
  return parsed.success ? parsed.data : { items: [], next_cursor: null };
}

export const getAdminPatientsQueryOptions = (nombre: string | null, cursor: string | undefined) =>
  queryOptions({
    queryKey: ['patients-admin', 'list', nombre, cursor] as const,
    queryFn: () => getAdminPatients(nombre, cursor),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useAdminPatients = (nombre: string | null, cursor: string | undefined) => useQuery(getAdminPatientsQueryOptions(nombre, cursor));
