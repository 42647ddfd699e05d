import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { examFileSchema, type ExamFile } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { RECORDS_KEY } from './get-profile.js';

/** GET /api/consultations/:token/exam-files: the exam files of one of the patient's consultations. */
export async function getExamFiles(token: string): Promise<ExamFile[]> {
  const parsed = z.array(examFileSchema).safeParse(await api.get<unknown>(`/api/consultations/${encodeURIComponent(token)}/exam-files`));
  return parsed.success ? parsed.data : [];
}

export const getExamFilesQueryOptions = (token: string) =>
  queryOptions({ queryKey: [...RECORDS_KEY, 'exam-files', token] as const, queryFn: () => getExamFiles(token), staleTime: 0, retry: false });

export const useExamFiles = (token: string) => useQuery({ ...getExamFilesQueryOptions(token), enabled: token !== '' });
