import { useSyncExternalStore } from 'react';
import { useTranslation } from '../../../lib/i18n.js';
import type { SocketStatus } from '../hooks/use-chat-socket.js';
import '../delivery.css';

const subscribe = (onChange: () => void) => {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
};
const isOnline = () => navigator.onLine;
const onServer = () => true;

/**
 * Above the conversation while the device is offline or the chat is reconnecting: what typed
 * messages will do, and how many wait to be sent (issue 20).
 */
export function OfflineBanner({ status, pending }: { status: SocketStatus; pending: number }) {
  const { t } = useTranslation('chat');
  const online = useSyncExternalStore(subscribe, isOnline, onServer);
  if (online && status !== 'reconnecting') return null;
  return (
    <div className="chat-offline" role="status">
      <p>{t(online ? 'delivery.reconnecting' : 'delivery.offline')}</p>
      {pending > 0 && <p>{t('delivery.pending', { count: pending })}</p>}
    </div>
  );
}
