import { useId, useState } from 'react';
import { messages as catalogue, type ChatRole } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useTranslation } from '../../../lib/i18n.js';
import { useAcceptVideoConsent } from '../api/accept-video-consent.js';
import { useVideoConsent } from '../api/get-video-consent.js';

/**
 * Whether this person must accept the video consent first: the patient, once (the server keeps the
 * acceptance and refuses a call without it, decision 0053). `needed` is null while the answer is on
 * its way; `require()` when the server refused a call for it (accepted elsewhere and then lost).
 */
export function useVideoConsentNeeded(rol: ChatRole) {
  const patient = rol === 'patient';
  const query = useVideoConsent(patient);
  const [forced, setForced] = useState(false);
  const needed = !patient ? false : forced ? true : query.data ? !query.data.aceptado : query.isError ? true : null;
  return { needed, accepted: () => setForced(false), require: () => setForced(true) };
}

/** The short consent the patient accepts before the first video call (the catalogue's text). */
export function VideoConsent({ onAccepted, onDecline }: { onAccepted: () => void; onDecline: () => void }) {
  const { t } = useTranslation('chat_video');
  const accept = useAcceptVideoConsent();
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ids = useId();
  const submit = async () => {
    setError(null);
    if (!ticked) return setError(catalogue.videoConsentMustAccept);
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
      <label className="video-consent-box" htmlFor={`${ids}-box`}>
        <input id={`${ids}-box`} type="checkbox" checked={ticked} onChange={(e) => setTicked(e.target.checked)} aria-describedby={error ? `${ids}-error` : undefined} />
        <span>{translateMessage(catalogue.videoConsentText)}</span>
      </label>
      {error && (
        <p id={`${ids}-error`} className="chat-error" role="alert">
          {translateMessage(error)}
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
