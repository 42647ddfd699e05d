import { useMutation, useQueryClient } from '@tanstack/react-query';
import { whatsappChoiceResultSchema, type WhatsappChoice, type WhatsappChoiceResult } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { NOTIFICATION_CHANNELS_KEY } from './get-notification-channels.js';

/** PUT /api/patient/notification-channels: WhatsApp on (with the consent text's version) or off. */
export async function saveWhatsappChoice(body: WhatsappChoice): Promise<WhatsappChoiceResult> {
  return whatsappChoiceResultSchema.parse(await api.put<unknown>('/api/patient/notification-channels', body));
}

export function useSaveWhatsappChoice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveWhatsappChoice,
    onSuccess: (result) => client.setQueryData(NOTIFICATION_CHANNELS_KEY, result.canales),
  });
}
