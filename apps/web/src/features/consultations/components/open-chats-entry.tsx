import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from '../../../lib/router.js';
import type { ActiveConsultation } from '@clinica/shared';
import { useFormatDateTime } from '../../../lib/date-time.js';
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
  // Read again on each move. Not on its first mount: useQuery's own rule reads it then unless the
  // page's prefetch has just done so (lib/query-client.ts), which a refetch here repeated on every
  // phone's first load (one more request, session 14).
  const moved = useRef(false);
  useEffect(() => {
    if (!moved.current) {
      moved.current = true;
      return;
    }
    void refetch();
  }, [where, refetch]);

  const chats = active.data?.filter((c) => c.estado === 'chat') ?? [];
  if (chats.length === 0) return null;
  if (chats.length === 1) {
    return <ChatLink chat={chats[0]!} receivedAt={active.dataUpdatedAt} className="header-chat-entry" />;
  }
  return (
    <div className="header-chat-entry-group">
      <button
        type="button"
        className="header-chat-entry"
        aria-label={t('header.openChats', { count: chats.length })}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpenAt(open ? null : where)}
      >
        <ChatIcon />
        <span className="header-chat-word">{t('header.openChats', { count: chats.length })}</span>
        <span className="header-chat-count">{chats.length}</span>
      </button>
      {open && (
        <ul id={listId} className="header-chat-list">
          {chats.map((c) => (
            <li key={c.token}>
              <ChatLink chat={c} receivedAt={active.dataUpdatedAt} inList />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A speech bubble (drawn: a phone without an emoji font shows it too). */
function ChatIcon() {
  return (
    <svg className="header-chat-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M4 3h16a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2Zm3 6v2h2V9H7Zm4 0v2h2V9h-2Zm4 0v2h2V9h-2Z" />
    </svg>
  );
}

function ChatLink({ chat, receivedAt, className, inList }: { chat: ActiveConsultation; receivedAt: number; className?: string; inList?: boolean }) {
  const { t } = useTranslation('consultations');
  const formatDateTime = useFormatDateTime();
  const seconds = useServerCountdown(chat.segundos_restantes ?? 0, receivedAt, chat.ends_at !== null);
  const time = formatSeconds(seconds);
  // In the list, the date of the request tells two chats with the same doctor apart.
  const date = formatDateTime(chat.fecha_registro);
  return (
    <Link
      className={className}
      to={chatPath(chat.token)}
      aria-label={inList ? t('header.chatListLabel', { doctor: chat.doctor, date, time }) : t('header.chatLabel', { doctor: chat.doctor, time })}
    >
      {inList ? (
        <span>
          {chat.doctor}
          <span className="header-chat-date">{date}</span>
        </span>
      ) : (
        <>
          <ChatIcon />
          <span className="header-chat-word">{t('header.chat')}</span>
        </>
      )}
      <span className="header-chat-time">{time}</span>
    </Link>
  );
}
