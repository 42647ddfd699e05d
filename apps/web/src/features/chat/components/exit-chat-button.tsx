import { useId, useState } from 'react';
import { useNavigate } from '../../../lib/router.js';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { Modal } from '../../../components/ui/modal.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useExitChat } from '../api/exit-chat.js';

/** 'Salir': after a confirm, ends the patient's chat, resets the stored timer and goes to /. */
export function ExitChatButton({ onExited }: { onExited: () => void }) {
  const { t } = useTranslation('chat');
  const messages = useMessages();
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
        {t('exit.button')}
      </Button>
      {asking && (
        <Modal role="alertdialog" title={t('exit.button')} size="sm" describedBy={textId} onClose={() => setAsking(false)}>
          <p id={textId}>{messages.chatExitConfirm}</p>
          <div className="chat-actions">
            <Button variant="secondary" onClick={() => setAsking(false)} data-autofocus>
              {t('exit.cancel')}
            </Button>
            <Button variant="danger" busy={exit.isPending} onClick={() => void confirm()}>
              {t('exit.confirm')}
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}
