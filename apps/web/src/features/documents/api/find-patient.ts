import { useMutation } from '@tanstack/react-query';
import { patientLookupSchema, type PatientLookup } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/**
 * GET /api/doctor/documents/patient?id=: what the clinic knows of one of this doctor's patients
 * (the account picked in the search box), to fill the form. Anybody else answers 404.
 */
export async function findPatient(id: string): Promise<PatientLookup> {
  return patientLookupSchema.parse(await api.get<unknown>(`/api/doctor/documents/patient?id=${encodeURIComponent(id)}`));
}

/** Asked when a patient is picked, so a mutation rather than a query. */
export const useFindPatient = () => useMutation({ mutationFn: findPatient });
