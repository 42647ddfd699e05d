import { useMutation } from '@tanstack/react-query';
import { healthDataResultSchema, type HealthData } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { forConsultation, useChatTarget } from '../hooks/use-chat-target.js';

/** POST /api/chat/health: peso, talla, presion_arterial, frecuencia_cardiaca, frecuencia_respiratoria. */
export async function sendHealthData(body: HealthData, consulta?: string) {
  return healthDataResultSchema.parse(await api.post<unknown>(forConsultation('/api/chat/health', consulta), body));
}

export const useSendHealthData = () => {
  const consulta = useChatTarget();
  return useMutation({ mutationFn: (body: HealthData) => sendHealthData(body, consulta) });
};
