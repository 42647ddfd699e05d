import { useId, useState } from 'react';
import { messages as catalogue, WHATSAPP_CONSENT_VERSION } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { useFormatDateTime } from '../../../lib/date-time.js';
import { translateMessage, useMessages } from '../../../lib/i18n.js';
import { useNotificationChannels } from '../api/get-notification-channels.js';
import { useSaveWhatsappChoice } from '../api/save-whatsapp-choice.js';
import '../notification-channels.css';

/**
 * The part of /Usuarios where a patient chooses how the clinic's notices reach them (decision
 * 0059): e-mail always; WhatsApp only after ticking the consent text (its version goes with the
 * choice, the server records it), and withdrawn with one button at any time.
 */
export function WhatsappConsent() {
  const messages = useMessages();
  const formatDateTime = useFormatDateTime();
  const channels = useNotificationChannels();
  const save = useSaveWhatsappChoice();
  const [ticked, setTicked] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const ids = useId();

  if (channels.isPending) return <p>{messages.loading}</p>;
  if (channels.isError) {
    return (
      <p role="alert" className="list-error">
        {messageOf(channels.error, messages.loadFailed)}
      </p>
    );
  }
  const { correo, whatsapp } = channels.data;

  const choose = async (on: boolean) => {
    setError(null);
    setDone(null);
    if (on && !ticked) return setError(catalogue.whatsappConsentRequired);
    try {
      const result = await save.mutateAsync(on ? { whatsapp: true, consentimiento_version: WHATSAPP_CONSENT_VERSION } : { whatsapp: false });
      setTicked(false);
      setDone(result.message);
    } catch (reason) {
      setError(messageOf(reason, catalogue.whatsappSaveFailed));
    }
  };

  return (
    <section className="details-section channels" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{messages.whatsappTitle}</h3>
      <p>{messages.whatsappEmailAlways.replace('{{correo}}', correo)}</p>
      {!whatsapp.disponible ? (
        <p>{messages.whatsappUnavailable}</p>
      ) : whatsapp.activo ? (
        <>
          <p className="channels-state channels-on">
            {messages.whatsappActiveSince
              .replace('{{fecha}}', whatsapp.consentido_at ? formatDateTime(whatsapp.consentido_at) : '—')
              .replace('{{numero}}', whatsapp.numero ?? '—')}
          </p>
          <div className="channels-actions">
            <Button variant="secondary" busy={save.isPending} onClick={() => void choose(false)}>
              {messages.whatsappRevoke}
            </Button>
          </div>
        </>
      ) : (
        <>
          <p className="channels-state">{messages.whatsappInactive}</p>
          <p>{messages.whatsappIntro}</p>
          {whatsapp.numero ? (
            <>
              <p>{messages.whatsappNumberShown.replace('{{numero}}', whatsapp.numero)}</p>
              <p className="channels-consent-text" id={`${ids}-text`}>
                {messages.whatsappConsentText}
              </p>
              <label className="channels-box" htmlFor={`${ids}-box`}>
                <input
                  id={`${ids}-box`}
                  type="checkbox"
                  checked={ticked}
                  onChange={(e) => setTicked(e.target.checked)}
                  aria-describedby={`${ids}-text${error ? ` ${ids}-error` : ''}`}
                />
                <span>{messages.whatsappConsentCheck}</span>
              </label>
              <div className="channels-actions">
                <Button busy={save.isPending} onClick={() => void choose(true)}>
                  {messages.whatsappActivate}
                </Button>
              </div>
            </>
          ) : (
            <p>{messages.whatsappNumberInvalid}</p>
          )}
        </>
      )}
      {error && (
        <p id={`${ids}-error`} role="alert" className="list-error">
          {translateMessage(error)}
        </p>
      )}
      {done && (
        <p role="status" className="channels-done">
          {translateMessage(done)}
        </p>
      )}
    </section>
  );
}
