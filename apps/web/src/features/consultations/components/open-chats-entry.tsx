import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import type { ActiveConsultation } from '@clinica/shared';
import { useTranslation } from '../../../lib/i18n.js';
import { formatSeconds } from '../../../lib/timers.js';
import { chatPath, useActiveConsultations } from '../api/get-active-consultations.js';
import { useServerCountdown } from '../hooks/use-server-countdown.js';
import '../consultations.css';

/**
 * The header's way back to the patient's open chats (decision 0032): one chat, a link with its
 * time left; several, one button that lists them. Times are the server's figure, counted down
 * between answers; the list is read again on every move to another page.
 */
export function OpenChatsEntry() {
  const { t } = useTranslation('consultations');
  const active = useActiveConsultations();
  const { pathname, search } = useLocation();
  // The list opened on one page is closed on the next.
  const where = `${pathname}${search}`;
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === where;
  const listId = useId();
  const { refetch } = active;
  useEffect(() => {
    void refetch();
  }, [where, refetch]);

  const chats = active.data?.filter((c) => c.estado === 'chat') ?? [];
  if (chats.length === 0) return null;
  if (chats.length === 1) {
    return <ChatLink chat={chats[0]!} receivedAt={active.dataUpdatedAt} className="header-chat-entry" />;
  }
  return (
    <div className="header-chat-entry-group">
      <button type="button" className="header-chat-entry" aria-expanded={open} aria-controls={listId} onClick={() => setOpenAt(open ? null : where)}>
        <span aria-hidden="true">💬</span> {t('header.openChats', { count: chats.length })}
      </button>
      {open && (
        <ul id={listId} className="header-chat-list">
          {chats.map((c) => (
            <li key={c.token}>
              <ChatLink chat={c} receivedAt={active.dataUpdatedAt} withDoctor />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ChatLink({ chat, receivedAt, className, withDoctor }: { chat: ActiveConsultation; receivedAt: number; className?: string; withDoctor?: boolean }) {
  const { t } = useTranslation('consultations');
  const seconds = useServerCountdown(chat.segundos_restantes ?? 0, receivedAt, chat.ends_at !== null);
  const time = formatSeconds(seconds);
  return (
    <Link className={className} to={chatPath(chat.token)} aria-label={t('header.chatLabel', { doctor: chat.doctor, time })}>
      <span aria-hidden="true">💬</span> {withDoctor ? `${chat.doctor} · ` : <span className="header-chat-word">{t('header.chat')} </span>}
      <span className="header-chat-time">{time}</span>
    </Link>
  );
}
