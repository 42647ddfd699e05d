import { api } from '../../../lib/api-client.js';
import { forConsultation } from '../hooks/use-chat-target.js';

export interface IceConfig {
  iceServers: RTCIceServer[];
  relayOnly: boolean;
}

/** GET the consultation's TURN credentials (decision 0053): valid for its remaining time, for its two members only. */
export async function getIceConfig(consulta: string): Promise<IceConfig> {
  return api.get<IceConfig>(forConsultation('/api/chat/video/turn', consulta));
}
