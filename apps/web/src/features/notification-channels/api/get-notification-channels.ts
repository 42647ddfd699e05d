import { queryOptions, useQuery } from '@tanstack/react-query';
import { notificationChannelsSchema, type NotificationChannels } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

export const NOTIFICATION_CHANNELS_KEY = ['notification-channels'] as const;

/** GET /api/patient/notification-channels: e-mail (always on) and the WhatsApp opt-in with its number. */
export async function getNotificationChannels(): Promise<NotificationChannels> {
  return notificationChannelsSchema.parse(await api.get<unknown>('/api/patient/notification-channels'));
}

export const useNotificationChannels = () =>
  useQuery(queryOptions({ queryKey: NOTIFICATION_CHANNELS_KEY, queryFn: getNotificationChannels, staleTime: 0, retry: false }));
