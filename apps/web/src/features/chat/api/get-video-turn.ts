import { turnCredentialsSchema, VIDEO_ROUTES, type ChatRole, type TurnCredentials } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/**
 * GET /api/video/turn?consulta=<token>&rol=<role> (decision 0053): TURN credentials valid for the
 * consultation's remaining time, for its two members only; asked again for every call, so a call
 * after an extra hour has credentials that cover it.
 */
export async function getTurnCredentials(consulta: string, rol: ChatRole): Promise<TurnCredentials> {
  const query = new URLSearchParams({ consulta, rol });
  return turnCredentialsSchema.parse(await api.get<unknown>(`${VIDEO_ROUTES.turn}?${query.toString()}`));
}
