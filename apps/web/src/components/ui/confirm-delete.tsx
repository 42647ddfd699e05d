import { useMessages, useTranslation } from '../../lib/i18n.js';
import { ConfirmDialog } from './confirm-dialog.js';

/**
 * Asks before deleting `name` (a news item, a picture, a sponsor): 'Eliminar' confirms; 'Cancelar',
 * Escape or a click outside do not (the `ConfirmDialog` rules).
 */
export function ConfirmDelete({ name, busy, onConfirm, onCancel }: { name: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation('ui');
  const messages = useMessages();
  return (
    <ConfirmDialog
      title={t('confirm.delete')}
      text={`«${name}». ${messages.confirmDelete}`}
      confirmLabel={t('confirm.delete')}
      danger
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
