import { useId } from 'react';
import { Button } from '../../../components/ui/button.js';
import { Modal } from '../../../components/ui/modal.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';

/** Asks before deleting `name`; 'Eliminar' confirms, 'Cancelar', Escape or a click outside do not. */
export function ConfirmDelete({ name, busy, onConfirm, onCancel }: { name: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation('news');
  const messages = useMessages();
  const textId = useId();
  return (
    <Modal role="alertdialog" title={t('confirmDelete.title')} size="sm" describedBy={textId} onClose={onCancel}>
      <p id={textId} className="publish-confirm">
        «{name}». {messages.confirmDelete}
      </p>
      <div className="publish-actions">
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          {t('confirmDelete.cancel')}
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          {t('confirmDelete.delete')}
        </Button>
      </div>
    </Modal>
  );
}
