import { useId } from 'react';
import { messages } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { Modal } from '../../../components/ui/modal.js';

/** Asks before deleting `name`; 'Eliminar' confirms, 'Cancelar', Escape or a click outside do not. */
export function ConfirmDelete({ name, busy, onConfirm, onCancel }: { name: string; busy: boolean; onConfirm: () => void; onCancel: () => void }) {
  const textId = useId();
  return (
    <Modal role="alertdialog" title="Eliminar" size="sm" describedBy={textId} onClose={onCancel}>
      <p id={textId} className="sponsors-confirm">
        «{name}». {messages.confirmDelete}
      </p>
      <div className="sponsors-actions">
        <Button variant="secondary" onClick={onCancel} data-autofocus>
          Cancelar
        </Button>
        <Button variant="danger" busy={busy} onClick={onConfirm}>
          Eliminar
        </Button>
      </div>
    </Modal>
  );
}
