import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EXAM_FILE_FIELD, resultSchema, type Result } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { RECORDS_KEY } from './get-profile.js';

/** POST /api/consultations/:token/exam-files (multipart archivo_examenes): the patient attaches exam results. */
export async function uploadExamFile(input: { token: string; file: File }): Promise<Result> {
  const body = new FormData();
  body.append(EXAM_FILE_FIELD, input.file);
  return resultSchema.parse(await api.post<unknown>(`/api/consultations/${encodeURIComponent(input.token)}/exam-files`, body));
}

export const useUploadExamFile = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadExamFile, onSuccess: () => client.invalidateQueries({ queryKey: RECORDS_KEY }) });
};
