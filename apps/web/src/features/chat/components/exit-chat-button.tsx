import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Modal } from '../../../components/ui/modal.js';
import { useExitChat } from '../api/exit-chat.js';

/** 'Salir': after a confirm, ends the patient's chat, resets the stored timer and goes to /. */
export function ExitChatButton({ onExited }: { onExited: () => void }) {
  const [asking, setAsking] = useState(false);
  const exit = useExitChat();
  const navigate = useNavigate();
  const textId = useId();

  const confirm = async () => {
    try {
      await exit.mutateAsync();
      setAsking(false);
      onExited();
      void navigate('/');
    } catch {
      setAsking(false);
      void showAlert(messages.exitRefused);
    }
  };

  return (
    <>
      <Button variant="danger" onClick={() => setAsking(true)}>
        Salir del chat
      </Button>
      {asking && (
        <Modal role="alertdialog" title="Salir del chat" size="sm" describedBy={textId} onClose={() => setAsking(false)}>
          <p id={textId}>{messages.chatExitConfirm}</p>
          <div className="chat-actions">
            <Button variant="secondary" onClick={() => setAsking(false)} data-autofocus>
              Cancelar
            </Button>
            <Button variant="danger" busy={exit.isPending} onClick={() => void confirm()}>
              Salir
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}
