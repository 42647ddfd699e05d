import { useEffect, useId } from 'react';
import { useNavigate } from '../../../lib/router.js';
import { Button } from '../../../components/ui/button.js';
import { ClinicWhatsappLink } from '../../../components/ui/whatsapp-link.js';
import { translateMessage, useMessages, useTranslation } from '../../../lib/i18n.js';
import { chatPath } from '../api/get-active-consultations.js';
import { useAuthorisation } from '../api/get-authorisation.js';

/**
 * After a transfer or Yappy receipt (and after a reload or a new sign-in, decision 0032): the
 * waiting message with an animation while the page asks every 5 s whether this consultation's
 * chat is authorised; on to its chat once it is. An emergency (tipo C), a rejected receipt or a
 * withdrawn permission is said instead, and the polling stops.
 */
export function WaitingForChat({ token, onNewRequest, label }: { token: string; onNewRequest: () => void; label?: string }) {
  const { t } = useTranslation('consultations');
  const messages = useMessages();
  const titleId = useId();
  const authorisation = useAuthorisation(token);
  const navigate = useNavigate();
  const current = authorisation.data?.token === token ? authorisation.data : undefined;
  const authorised = current?.authenticated === true;

  useEffect(() => {
    if (authorised) void navigate(chatPath(token));
  }, [authorised, navigate, token]);

  if (current && current.estado !== 'pendiente' && current.estado !== 'autorizada' && current.estado !== 'sin_consulta') {
    return (
      <section className="consult-card consult-waiting consult-decided" aria-labelledby={titleId}>
        <h2 id={titleId}>{current.estado === 'emergencia' ? t('waiting.emergencyTitle') : t('waiting.decidedTitle')}</h2>
        {label && <p className="consult-note">{label}</p>}
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
    <section className="consult-card consult-waiting" aria-labelledby={titleId} aria-busy="true">
      <h2 id={titleId} className={label ? undefined : 'visually-hidden'}>
        {label ?? t('waiting.title')}
      </h2>
      <div className="consult-spinner" aria-hidden="true">
        <span />
        <span />
        <span />
      </div>
      <p role="status">{messages.waitingForChat}</p>
      <p className="consult-note">{t('waiting.note')}</p>
      {/* The clinic's WhatsApp while the receipt waits (decision 0060): no clinical detail in the prefilled text. */}
      <p className="consult-note">
        <ClinicWhatsappLink text={messages.whatsappConsultationReceipt} />
      </p>
    </section>
  );
}
