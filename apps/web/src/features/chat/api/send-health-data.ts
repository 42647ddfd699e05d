import { useMutation } from '@tanstack/react-query';
import { healthDataResultSchema, type HealthData } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/chat/health: peso, talla, presion_arterial, frecuencia_cardiaca, frecuencia_respiratoria. */
export async function sendHealthData(body: HealthData) {
  return healthDataResultSchema.parse(await api.post<unknown>('/api/chat/health', body));
}

export const useSendHealthData = () => useMutation({ mutationFn: sendHealthData });
