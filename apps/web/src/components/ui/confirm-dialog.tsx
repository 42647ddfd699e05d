import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n.js';
import { Button } from './button.js';
import { Modal } from './modal.js';

interface ConfirmDialogProps {
  title: string;
  /** What will happen, in plain words (it may name the thing acted on in bold). */
  text: ReactNode;
  /** The action's own verb ('Terminar el chat'), never a bare 'Sí'. */
  confirmLabel: string;
  onConfirm: () => void;
  /** Escape, a click outside, the × and 'Cancelar' all cancel: only the confirm button acts. */
  onCancel: () => void;
  danger?: boolean;
  busy?: boolean;
}

/**
 * Asks before an action that cannot be undone. Mount it to ask, unmount it when answered.
 * The cancel button takes the focus, so a stray Enter or tap never confirms.
 */
export function ConfirmDialog({ title, text, confirmLabel, onConfirm, onCancel, danger, busy }: ConfirmDialogProps) {
  const { t } = useTranslation('ui');
  const textId = useId();
  return (
    <Modal title={title} size="sm" role="alertdialog" describedBy={textId} onClose={onCancel}>
      <p id={textId}>{text}</p>
      <div className="confirm-actions">
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          {t('confirm.cancel')}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} busy={busy}>
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
