import { useMutation } from '@tanstack/react-query';
import { resultSchema, type Result, type SuggestionInput } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** POST /api/suggestions (guardar_sugerencia.php): {sugerencia}. */
export async function sendSuggestion(body: SuggestionInput): Promise<Result> {
  return resultSchema.parse(await api.post<unknown>('/api/suggestions', body));
}

export const useSendSuggestion = () => useMutation({ mutationFn: sendSuggestion });
