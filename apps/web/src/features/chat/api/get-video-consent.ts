import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.js';
import { forConsultation } from '../hooks/use-chat-target.js';

/** GET whether the patient already accepted the video consent (decision 0053). */
export async function getVideoConsent(consulta: string) {
  return api.get<{ aceptado: boolean }>(forConsultation('/api/chat/video/consent', consulta));
}

export const useVideoConsent = (consulta: string, enabled: boolean) =>
  useQuery({ queryKey: ['chat', 'video-consent', consulta], queryFn: () => getVideoConsent(consulta), enabled, retry: false, staleTime: Infinity });
