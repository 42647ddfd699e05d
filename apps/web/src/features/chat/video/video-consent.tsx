import { useState } from 'react';
import { messages as catalogue, type ChatRole } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useTranslation } from '../../../lib/i18n.js';
import { useAcceptVideoConsent } from '../api/accept-video-consent.js';
import { useVideoConsent } from '../api/get-video-consent.js';

/**
 * Whether this person must accept the video consent first: the patient, once (the server keeps
 * the acceptance; decision 0053). `needed` is null while the answer is on its way.
 */
export function useVideoConsentNeeded(token: string, rol: ChatRole) {
  const query = useVideoConsent(token, rol === 'patient');
  const [acceptedNow, setAcceptedNow] = useState(false);
  const needed = rol !== 'patient' || acceptedNow ? false : query.data === undefined ? (query.isError ? true : null) : !query.data.aceptado;
  return { needed, accepted: () => setAcceptedNow(true) };
}

/** The short consent the patient accepts before the first video call (text from the catalogue). */
export function VideoConsent({ token, onAccepted, onDecline }: { token: string; onAccepted: () => void; onDecline: () => void }) {
  const { t } = useTranslation('chat_video');
  const accept = useAcceptVideoConsent(token);
  const [error, setError] = useState<string | null>(null);
  const submit = async () => {
    setError(null);
    try {
      await accept.mutateAsync();
      onAccepted();
    } catch (reason) {
      setError(messageOf(reason, catalogue.requestFailed));
    }
  };
  return (
    <div className="video-consent">
      <h3>{t('consent.title')}</h3>
      <p>{translateMessage(catalogue.videoConsentText)}</p>
      {error && (
        <p className="chat-error" role="alert">
          {error}
        </p>
      )}
      <div className="video-controls">
        <Button onClick={() => void submit()} disabled={accept.isPending}>
          {t('consent.accept')}
        </Button>
        <Button variant="secondary" onClick={onDecline}>
          {t('consent.decline')}
        </Button>
      </div>
    </div>
  );
}
