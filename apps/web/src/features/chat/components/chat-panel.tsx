import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX, formatTime, type ChatRole } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { translateMessage, useTranslation } from '../../../lib/i18n.js';
import type { ShownMessage, SocketStatus } from '../hooks/use-chat-socket.js';
import { useTitleBadge, useUnreadMessages } from '../hooks/use-unread-messages.js';
import { MessageStatus } from './message-status.js';
import { OfflineBanner } from './offline-banner.js';

/** A message's time in Panama, in the shared format ('9:22 a. m.'; decision 0044). */
const timeOf = (iso: string, lng: string) => formatTime(iso, lng);

interface ChatPanelProps {
  /** Accessible name of the panel (the patient's name and e-mail on the patient's side). */
  label: string;
  heading: string;
  me: ChatRole;
  /** Stored messages, then this page's unsent ones; mine carry their delivery (issue 20). */
  messages: ShownMessage[];
  status: SocketStatus;
  error: string | null;
  /** Why sending is not possible now (time over, closed), or null. */
  disabledReason: string | null;
  send: (texto: string) => boolean;
  /** The text of a send the server refused (too fast, characters not allowed): back into the box. */
  unsent?: { texto: string } | null;
  /** False while the phone layout shows another pane: what arrives then is unread. */
  shown?: boolean;
  /** The count of unread messages, for the page's tab label. */
  onUnreadChange?: (count: number) => void;
}

/** The conversation and the message box; both sides use it. */
export function ChatPanel({
  label,
  heading,
  me,
  messages,
  status,
  error,
  disabledReason,
  send,
  unsent = null,
  shown = true,
  onUnreadChange,
}: ChatPanelProps) {
  const { t, i18n } = useTranslation('chat');
  const lng = i18n.resolvedLanguage ?? i18n.language;
  const [text, setText] = useState('');
  const inputId = useId();
  const counterId = useId();
  // A refused message comes back into an empty box, so the patient can send it again.
  const [restored, setRestored] = useState<typeof unsent>(null);
  if (unsent !== restored) {
    setRestored(unsent);
    if (unsent && text === '') setText(unsent.texto);
  }
  const logRef = useRef<HTMLDivElement>(null);
  // Typing goes on while offline or reconnecting: the outbox keeps the messages (issue 20).
  const canSend = disabledReason === null && status !== 'closed' && status !== 'session-ended';
  const pending = messages.filter((m) => m.delivery?.state === 'sending').length;
  // Joined once the socket first opened (its history is in): later arrivals can be unread.
  const [joined, setJoined] = useState(false);
  if (!joined && status === 'open') setJoined(true);
  const { unread, onScroll, jump } = useUnreadMessages({ logRef, messages, me, shown, joined });
  useTitleBadge(unread);
  useEffect(() => onUnreadChange?.(unread), [unread, onUnreadChange]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const texto = text.trim();
    if (!texto || !canSend) return;
    if (send(texto)) setText('');
  };

  return (
    <section className="chat-panel" aria-label={label}>
      <header className="chat-panel-header">
        <h2>{heading}</h2>
        <p className={`chat-status chat-status-${status}`} role="status">
          {t(`status.${status}`)}
        </p>
      </header>
      <OfflineBanner status={status} pending={pending} />
      <div ref={logRef} className="chat-log" role="log" aria-label={t('panel.messages')} aria-live="polite" onScroll={onScroll}>
        <ol className="chat-list">
          {messages.length === 0 && <li className="chat-empty">{t('panel.empty')}</li>}
          {messages.map((m) => (
            <li key={m.cid ?? m.id} className={`chat-message ${m.de === me ? 'chat-mine' : 'chat-theirs'}`}>
              <span className="chat-author">{m.nombre}</span>
              <span className="chat-text">{m.texto}</span>
              <time className="chat-time" dateTime={m.fecha}>
                {timeOf(m.fecha, lng)}
              </time>
              {m.de === me && m.delivery && <MessageStatus delivery={m.delivery} />}
            </li>
          ))}
        </ol>
      </div>
      {unread > 0 && (
        <div className="chat-unread">
          <Button variant="primary" className="chat-unread-button" onClick={jump}>
            {t('panel.unread', { count: unread })}
          </Button>
        </div>
      )}
      {(error ?? disabledReason) && (
        <p className="chat-error" role="alert">
          {disabledReason ?? (error === null ? null : translateMessage(error))}
        </p>
      )}
      <form className="chat-compose" onSubmit={submit}>
        <label htmlFor={inputId}>{t('panel.message')}</label>
        <textarea
          id={inputId}
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          aria-describedby={counterId}
          rows={2}
          disabled={!canSend}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) submit(e);
          }}
        />
        <Button type="submit" disabled={!canSend || text.trim() === ''}>
          {t('panel.send')}
        </Button>
        <p id={counterId} className={`chat-counter${text.length >= CHAT_MESSAGE_MAX ? ' chat-counter-full' : ''}`}>
          {t('panel.counter', { length: text.length, max: CHAT_MESSAGE_MAX })}
        </p>
      </form>
    </section>
  );
}
