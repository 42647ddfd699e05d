import { useMutation } from '@tanstack/react-query';
import { resultSchema } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/chat/extra-hour/decline: the 'Área de Pagos' closed without paying ends the chat time. */
export async function declineExtraHour() {
  return resultSchema.parse(await api.post<unknown>('/api/chat/extra-hour/decline'));
}

export const useDeclineExtraHour = () => useMutation({ mutationFn: declineExtraHour });
