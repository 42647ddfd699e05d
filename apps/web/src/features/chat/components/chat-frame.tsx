import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.js';
import { useFillScreen } from '../hooks/use-fill-screen.js';
import { usePhoneLayout } from '../hooks/use-phone-layout.js';

export interface ChatPane {
  id: string;
  label: string;
  content: ReactNode;
}

interface ChatFrameProps {
  /** The page's h1 (only for assistive technology on a phone, where the bar says it all). */
  title: string;
  /** Always on screen above the conversation: the time left, the page's actions. */
  bar: ReactNode;
  /** Everything beside the conversation: the phone shows each in its own tab. */
  panes: ChatPane[];
  /** The conversation; `shown` is false while a phone shows another tab. */
  chat: (shown: boolean) => ReactNode;
  /** Unread messages, shown on the phone's 'Chat' tab. */
  unread: number;
  /** Class of the page (the doctor's page adds its own). */
  className?: string;
  /**
   * The video call while open: on a phone above the tabs (the chat below), from 900 px atop the side
   * column. Rendered at one place in the tree for both layouts (only CSS moves it), so a window
   * resized across 900 px or a turned tablet keeps the call's RTCPeerConnection and its pictures.
   */
  video?: ReactNode;
}

/**
 * The frame of both chat pages, filling the screen down to the top of the on-screen keyboard
 * (hooks/use-fill-screen.ts). On a phone: the bar, a row of tabs ('Chat' first and chosen), one
 * pane at a time with the conversation's box docked at the bottom. From 900 px: the bar, then the
 * other panes in a scrolling column beside the conversation. Every pane stays mounted, so a
 * half-typed message or form survives a change of tab. The video slot is always the frame's third
 * child, whatever the layout: React never unmounts the call when the layout switches (decision 0054,
 * session 11); chat.css places it with grid areas from 900 px.
 */
export function ChatFrame({ title, bar, panes, chat, unread, className, video }: ChatFrameProps) {
  const { t } = useTranslation('chat');
  const phone = usePhoneLayout();
  const fill = useFillScreen<HTMLDivElement>();
  const [active, setActive] = useState('chat');
  const ids = useId();
  const tabs = [{ id: 'chat', label: unread > 0 ? t('frame.chatTabUnread', { count: unread }) : t('frame.chatTab') }, ...panes];
  const current = tabs.some((tab) => tab.id === active) ? active : 'chat';

  // WAI-ARIA tabs: arrows move along the row (and choose), Home/End to the ends.
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = tabs.findIndex((tab) => tab.id === current);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length]!;
    setActive(tab.id);
    document.getElementById(`${ids}-tab-${tab.id}`)?.focus();
  };

  return (
    <div
      ref={fill}
      className={`chat-page chat-frame ${phone ? 'chat-frame-phone' : 'chat-frame-wide'}${video ? ' chat-frame-video' : ''}${className ? ` ${className}` : ''}`}
    >
      <h1 className={phone ? 'visually-hidden' : undefined}>{title}</h1>
      <div className="chat-bar">{bar}</div>
      {/* Here for both layouts: moving it between branches below would unmount the call. */}
      {video && <div className="chat-video-slot">{video}</div>}
      {phone ? (
        <>
          <div className="chat-tabs" role="tablist" aria-label={t('frame.tabsLabel')}>
            {tabs.map((tab) => (
              <button
                key={tab.id}
                id={`${ids}-tab-${tab.id}`}
                type="button"
                role="tab"
                className="chat-tab"
                aria-selected={tab.id === current}
                aria-controls={`${ids}-pane-${tab.id}`}
                tabIndex={tab.id === current ? 0 : -1}
                onClick={() => setActive(tab.id)}
                onKeyDown={onKeyDown}
              >
                {tab.label}
              </button>
            ))}
          </div>
          {tabs.map((tab) => (
            <div
              key={tab.id}
              id={`${ids}-pane-${tab.id}`}
              role="tabpanel"
              aria-labelledby={`${ids}-tab-${tab.id}`}
              className={`chat-pane chat-pane-${tab.id}`}
              hidden={tab.id !== current}
              // A pane that scrolls is reachable by keyboard even without a control in it (WAI-ARIA tabs).
              tabIndex={0}
            >
              {tab.id === 'chat' ? chat(current === 'chat') : panes.find((p) => p.id === tab.id)?.content}
            </div>
          ))}
        </>
      ) : (
        <div className="chat-columns">
          <div className="chat-side">
            {panes.map((pane) => (
              <div key={pane.id} className={`chat-pane-${pane.id}`}>
                {pane.content}
              </div>
            ))}
          </div>
          <div className="chat-main">{chat(true)}</div>
        </div>
      )}
    </div>
  );
}
