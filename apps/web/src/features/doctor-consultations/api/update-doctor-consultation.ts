import { useMutation, useQueryClient } from '@tanstack/react-query';
import { resultSchema, type DoctorConsultationUpdate, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { DOCTOR_CONSULTATIONS_KEY } from './get-doctor-consultations.js';

/** POST /api/doctor/consultations/update (actualizar_consulta_doctor.php). */
export async function updateDoctorConsultation(body: DoctorConsultationUpdate): Promise<Result> {
  return resultSchema.parse(await api.post<unknown>('/api/doctor/consultations/update', body));
}

export const useUpdateDoctorConsultation = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: updateDoctorConsultation, onSuccess: () => client.invalidateQueries({ queryKey: DOCTOR_CONSULTATIONS_KEY }) });
};
