import { useQuery } from '@tanstack/react-query';
import { VIDEO_ROUTES, videoConsentStateSchema } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';

/** GET /api/video/consent (patient): whether the video consent was accepted (once for every consultation). */
export async function getVideoConsent() {
  return videoConsentStateSchema.parse(await api.get<unknown>(VIDEO_ROUTES.consent));
}

export const VIDEO_CONSENT_KEY = ['chat', 'video-consent'] as const;

export const useVideoConsent = (enabled: boolean) => useQuery({ queryKey: VIDEO_CONSENT_KEY, queryFn: getVideoConsent, enabled, retry: false, staleTime: Infinity });
