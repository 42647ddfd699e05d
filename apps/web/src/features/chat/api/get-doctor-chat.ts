import { queryOptions, useQuery } from '@tanstack/react-query';
import { doctorChatDetailSchema, type DoctorChatDetail } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/doctor/chats/:token: the patient's health data and images beside the chat. */
export async function getDoctorChat(token: string): Promise<DoctorChatDetail> {
  return doctorChatDetailSchema.parse(await api.get<unknown>(`/api/doctor/chats/${encodeURIComponent(token)}`));
}

export const getDoctorChatQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['chat', 'doctor', 'detail', token] as const, queryFn: () => getDoctorChat(token), refetchInterval: 15_000 });

export const useDoctorChat = (token: string) => useQuery(getDoctorChatQueryOptions(token));
