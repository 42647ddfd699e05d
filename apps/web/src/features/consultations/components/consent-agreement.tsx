import { useState } from 'react';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useSendConsent } from '../api/send-consent.js';

/**
 * Step 2: the consent agreement. Ticking the box sends 'si' (the server records it with its
 * time) and the form appears; 'No acepto' sends 'no'.
 */
export function ConsentAgreement({ onAccepted }: { onAccepted: () => void }) {
  const { t } = useTranslation('consultations');
  const messages = useMessages();
  const consent = useSendConsent();
  const [declined, setDeclined] = useState(false);

  const answer = async (aceptar: 'si' | 'no') => {
    try {
      await consent.mutateAsync({ aceptar });
      if (aceptar === 'si') onAccepted();
      else setDeclined(true);
    } catch (error) {
      void showAlert(messageOf(error, messages.requestFailed));
    }
  };

  return (
    <section className="consult-card consult-consent" aria-labelledby="consent-title">
      <h2 id="consent-title">{t('consent.title')}</h2>
      {/* Scrolls when the text is longer than the box (some languages): reachable by keyboard then. */}
      <div className="consult-consent-text" tabIndex={0} role="region" aria-label={t('consent.textLabel')}>
        <p>{t('consent.p1')}</p>
        <p>{t('consent.p2')}</p>
        <p>{t('consent.p3')}</p>
      </div>
      <label className="consult-check">
        <input type="checkbox" disabled={consent.isPending} onChange={(e) => e.currentTarget.checked && void answer('si')} />
        {t('consent.accept')}
      </label>
      <Button variant="ghost" onClick={() => void answer('no')} disabled={consent.isPending}>
        {t('consent.decline')}
      </Button>
      {declined && (
        <p className="consult-error" role="alert">
          {messages.consentDeclined}
        </p>
      )}
    </section>
  );
}
