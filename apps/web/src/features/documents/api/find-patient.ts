import { useMutation } from '@tanstack/react-query';
import { patientLookupSchema, type PatientLookup } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/doctor/documents/patient?correo=: what the clinic knows of a registered patient. */
export async function findPatient(correo: string): Promise<PatientLookup> {
  return patientLookupSchema.parse(await api.get<unknown>(`/api/doctor/documents/patient?correo=${encodeURIComponent(correo)}`));
}

/** Asked on demand (a button, leaving the e-mail field), so a mutation rather than a query. */
export const useFindPatient = () => useMutation({ mutationFn: findPatient });
