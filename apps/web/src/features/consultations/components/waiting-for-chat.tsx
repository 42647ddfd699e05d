import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { useAuthorisation } from '../api/get-authorisation.js';

/**
 * After a transfer or Yappy receipt: the waiting message with an animation while the page asks
 * every 5 s whether the chat is authorised; on to /ConsultaChat once it is. An emergency (tipo C),
 * a rejected receipt or a withdrawn permission is said instead, and the polling stops.
 */
export function WaitingForChat({ token, onNewRequest }: { token: string; onNewRequest: () => void }) {
  const { t } = useTranslation('consultations');
  const messages = useMessages();
  const authorisation = useAuthorisation();
  const navigate = useNavigate();
  // An answer about an older consultation is not about this one.
  const current = authorisation.data?.token === token ? authorisation.data : undefined;
  const authorised = current?.authenticated === true;

  useEffect(() => {
    if (authorised) void navigate('/ConsultaChat');
  }, [authorised, navigate]);

  if (current && current.estado !== 'pendiente' && current.estado !== 'autorizada') {
    return (
      <section className="consult-card consult-waiting consult-decided" aria-labelledby="waiting-title">
        <h2 id="waiting-title">{current.estado === 'emergencia' ? t('waiting.emergencyTitle') : t('waiting.decidedTitle')}</h2>
        <p className={current.estado === 'emergencia' ? 'consult-emergency' : 'consult-error'} role="alert">
          {current.message === null ? null : translateMessage(current.message)}
        </p>
        <Button variant="secondary" onClick={onNewRequest}>
          {t('waiting.back')}
        </Button>
      </section>
    );
  }

  return (
    <section className="consult-card consult-waiting" aria-labelledby="waiting-title" aria-busy="true">
      <h2 id="waiting-title" className="visually-hidden">
        {t('waiting.title')}
      </h2>
      <div className="consult-spinner" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <p role="status">{messages.waitingForChat}</p>
      <p className="consult-note">{t('waiting.note')}</p>
    </section>
  );
}
