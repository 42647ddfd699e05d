import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { doctorConsultationRowSchema, pageSchema, type DoctorConsultationRow, type ListPage } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { listQuery } from '../../../lib/use-cursor-pages.js';

const page = pageSchema(doctorConsultationRowSchema);

export const DOCTOR_CONSULTATIONS_KEY = ['doctor-consultations'] as const;

/** GET /api/doctor/consultations (Consulta_Admin_Doctores.php, Algoritmo_Consulta_Doctores.php): one page. */
export async function getDoctorConsultations(nombre: string | null, cursor: string | undefined): Promise<ListPage<DoctorConsultationRow>> {
  // Non-array consultation data is treated as an empty list (docs/spec/staff.md, section 8).
  const parsed = page.safeParse(await api.get<unknown>(`/api/doctor/consultations${listQuery({ nombre, cursor })}`));
  return parsed.success ? parsed.data : { items: [], next_cursor: null };
}

export const getDoctorConsultationsQueryOptions = (nombre: string | null, cursor: string | undefined) =>
  queryOptions({
    queryKey: [...DOCTOR_CONSULTATIONS_KEY, 'list', nombre, cursor] as const,
    queryFn: () => getDoctorConsultations(nombre, cursor),
    staleTime: 0,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useDoctorConsultations = (nombre: string | null, cursor: string | undefined) =>
  useQuery(getDoctorConsultationsQueryOptions(nombre, cursor));
