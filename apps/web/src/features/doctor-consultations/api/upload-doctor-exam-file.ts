import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EXAM_FILE_FIELD, resultSchema, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { DOCTOR_CONSULTATIONS_KEY } from './get-doctor-consultations.js';

/** POST /api/doctor/consultations/:token/exam-files (multipart archivo_examenes). */
export async function uploadDoctorExamFile(input: { token: string; file: File }): Promise<Result> {
  const body = new FormData();
  body.append(EXAM_FILE_FIELD, input.file);
  return resultSchema.parse(await api.post<unknown>(`/api/doctor/consultations/${encodeURIComponent(input.token)}/exam-files`, body));
}

export const useUploadDoctorExamFile = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadDoctorExamFile, onSuccess: () => client.invalidateQueries({ queryKey: DOCTOR_CONSULTATIONS_KEY }) });
};
