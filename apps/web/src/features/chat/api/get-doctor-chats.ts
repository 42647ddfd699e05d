import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { doctorChatRowSchema, type DoctorChatRow } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/doctor/chats: the doctor's open chats. */
export async function getDoctorChats(): Promise<DoctorChatRow[]> {
  return z.array(doctorChatRowSchema).parse(await api.get<unknown>('/api/doctor/chats'));
}

export const getDoctorChatsQueryOptions = () =>
  queryOptions({ queryKey: ['chat', 'doctor', 'list'] as const, queryFn: getDoctorChats, refetchInterval: 15_000 });

export const useDoctorChats = () => useQuery(getDoctorChatsQueryOptions());
