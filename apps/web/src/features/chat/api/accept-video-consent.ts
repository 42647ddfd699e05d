import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { forConsultation } from '../hooks/use-chat-target.js';

/** POST the patient's acceptance of the video consent (decision 0053). */
export async function acceptVideoConsent(consulta: string) {
  return api.post<unknown>(forConsultation('/api/chat/video/consent', consulta));
}

export const useAcceptVideoConsent = (consulta: string) => useMutation({ mutationFn: () => acceptVideoConsent(consulta) });
