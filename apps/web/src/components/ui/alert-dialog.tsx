import { useId } from 'react';
import { translateMessage, useTranslation } from '../../lib/i18n.js';
import { acceptAlert, useCurrentAlert } from './alert-store.js';
import { Modal } from './modal.js';

/** Shows the alerts of the alert store one at a time: the message and 'Aceptar'. Mounted once. */
export function AlertHost() {
  const alert = useCurrentAlert();
  if (!alert) return null;
  // A new key per alert remounts the dialog, so each one takes the focus afresh.
  return <AlertDialog key={alert.id} id={alert.id} message={alert.message} />;
}

function AlertDialog({ id, message }: { id: number; message: string }) {
  const messageId = useId();
  const { t } = useTranslation('ui');
  return (
    <Modal role="alertdialog" title={t('alert.title')} hideTitle size="sm" noCloseButton describedBy={messageId} onClose={() => acceptAlert(id)} className="alert-dialog">
      <p id={messageId} className="alert-message">
        {/* Catalogue texts (often queued in Spanish, e.g. by the gates) show in the current language. */}
        {translateMessage(message)}
      </p>
      <div className="alert-actions">
        <button type="button" className="btn btn-primary" data-autofocus onClick={() => acceptAlert(id)}>
          {t('alert.accept')}
        </button>
      </div>
    </Modal>
  );
}
