import { useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Field } from '../../../components/ui/field.js';
import { Modal } from '../../../components/ui/modal.js';
import { messageOf } from '../../../lib/api-client.js';
import { useMessages } from '../../../lib/i18n.js';
import { useRequestClosing } from '../api/request-closing.js';
import { useDataRequestsText } from './labels.js';

/**
 * Asking for the closing of the account: first what happens and what the clinic must keep, and
 * why (docs/decisions/0028); the request goes only once the person ticks that they read it.
 */
export function ClosingDialog({ onClose }: { onClose: () => void }) {
  const { t } = useDataRequestsText();
  const messages = useMessages();
  const send = useRequestClosing();
  const [motivo, setMotivo] = useState('');
  const [read, setRead] = useState(false);
  const [error, setError] = useState<string | undefined>(undefined);

  const submit = async () => {
    if (!read) {
      setError(messages.closingConfirmRequired);
      return;
    }
    try {
      const res = await send.mutateAsync({ confirmo: true, ...(motivo.trim() ? { motivo: motivo.trim() } : {}) });
      onClose();
      await showAlert(res.message);
    } catch (e) {
      await showAlert(messageOf(e, messages.requestFailedRetry));
    }
  };

  return (
    <Modal title={t('closing.title')} onClose={onClose} size="lg" describedBy="cierre-explicacion">
      <div id="cierre-explicacion" className="data-requests-explain">
        <p>{t('closing.intro')}</p>
        <h4>{t('closing.happensTitle')}</h4>
        <ul>
          <li>{t('closing.happens1')}</li>
          <li>{t('closing.happens2')}</li>
          <li>{t('closing.happens3')}</li>
          <li>{t('closing.happens4')}</li>
        </ul>
        <h4>{t('closing.keptTitle')}</h4>
        <ul>
          <li>{t('closing.kept1')}</li>
          <li>{t('closing.kept2')}</li>
          <li>{t('closing.kept3')}</li>
        </ul>
        <p>{t('closing.why')}</p>
        <p>{t('closing.before')}</p>
      </div>
      <form
        className="data-requests-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label={t('closing.reason')} hint={t('closing.reasonHint')}>
          {(p) => (
            <textarea
              {...p}
              rows={2}
              maxLength={1000}
              value={motivo}
              onChange={(e) => setMotivo(e.currentTarget.value)}
            />
          )}
        </Field>
        <div className="checkbox-field">
          <input
            id="cierre-leido"
            type="checkbox"
            checked={read}
            aria-describedby="cierre-leido-error"
            onChange={(e) => {
              setRead(e.currentTarget.checked);
              setError(undefined);
            }}
          />
          <label htmlFor="cierre-leido">{t('closing.confirm')}</label>
        </div>
        <p id="cierre-leido-error" className="field-error" role={error ? 'alert' : undefined}>
          {error ?? ''}
        </p>
        <div className="data-requests-buttons">
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" variant="danger" busy={send.isPending}>
            {t('closing.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
