import { useTranslation } from '../../../lib/i18n.js';
import type { Delivery } from '../hooks/use-chat-socket.js';
import '../delivery.css';

/**
 * Under each of my messages: 'Enviando…' until the server has stored it, 'Enviado' after, or
 * 'No enviado' as a button that sends it again (issue 20); only 'No enviado' once the chat takes
 * nothing more (closed, session over).
 */
export function MessageStatus({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation('chat');
  if (delivery.state === 'failed' && !delivery.retry) {
    return <span className="chat-delivery chat-delivery-lost">{t('delivery.notSent')}</span>;
  }
  if (delivery.state === 'failed') {
    return (
      <button type="button" className="chat-delivery chat-delivery-failed" onClick={delivery.retry}>
        {t('delivery.failed')}
      </button>
    );
  }
  return (
    <span className={`chat-delivery chat-delivery-${delivery.state}`}>
      {t(delivery.state === 'sent' ? 'delivery.sent' : 'delivery.sending')}
    </span>
  );
}
