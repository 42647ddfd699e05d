import { useMutation, useQueryClient } from '@tanstack/react-query';
import { VIDEO_ROUTES, videoConsentStateSchema } from '@clinica/shared';
import { api } from '../../../lib/api-client.js';
import { VIDEO_CONSENT_KEY } from './get-video-consent.js';

/** POST /api/video/consent `{ acepto: true }` (patient): records the acceptance once. */
export async function acceptVideoConsent() {
  return videoConsentStateSchema.parse(await api.post<unknown>(VIDEO_ROUTES.consent, { acepto: true }));
}

export const useAcceptVideoConsent = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: acceptVideoConsent, onSuccess: (state) => client.setQueryData(VIDEO_CONSENT_KEY, state) });
};
