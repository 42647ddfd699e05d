import { useCallback, useEffect, useRef, useState, useSyncExternalStore, type RefObject } from 'react';
import type { ChatMessage, ChatRole } from '@clinica/shared';

/** Within this many pixels of the end, the log counts as read to the bottom. */
const AT_BOTTOM_PX = 48;

const subscribeVisibility = (onChange: () => void) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};
const pageVisible = () => document.visibilityState === 'visible';

const atBottom = (log: HTMLElement) => log.scrollHeight - log.scrollTop - log.clientHeight <= AT_BOTTOM_PX;

interface Options {
  logRef: RefObject<HTMLElement | null>;
  messages: ChatMessage[];
  me: ChatRole;
  /** False while the conversation's pane is not shown (another tab of the phone layout). */
  shown: boolean;
  /** False until the history of the join has arrived: what it brings was not "new". */
  joined: boolean;
}

/**
 * The other side's messages the reader has not seen: those that arrived while the log was
 * scrolled up, its pane hidden or the browser tab in the background. Counted by position among
 * the other side's messages (the list only grows, in order), so it needs nothing from their ids.
 * Seen = the log shown, scrolled to its end, in a visible browser tab.
 */
export function useUnreadMessages({ logRef, messages, me, shown, joined }: Options) {
  const visible = useSyncExternalStore(subscribeVisibility, pageVisible, () => true);
  const theirs = messages.filter((m) => m.de !== me).length;
  // How many of the other side's messages have been seen; null until the join's history is in.
  const [seen, setSeen] = useState<number | null>(null);
  const [scrolledUp, setScrolledUp] = useState(false);
  if (seen === null && joined) setSeen(theirs);

  const reading = shown && visible && !scrolledUp;
  const unread = seen === null ? 0 : Math.max(0, theirs - seen);

  // While reading, whatever arrives is seen at once (the log follows the end, below).
  if (reading && seen !== null && seen !== theirs) setSeen(theirs);

  // Follow the conversation's end while the reader is there; stay put while they read older messages.
  const last = messages.at(-1);
  const followRef = useRef(true);
  useEffect(() => {
    const log = logRef.current;
    if (!log || !shown) return;
    if (followRef.current || last?.de === me) {
      log.scrollTop = log.scrollHeight;
      followRef.current = true;
      setScrolledUp(false);
    }
  }, [logRef, messages.length, last?.de, me, shown]);

  const onScroll = useCallback(() => {
    const log = logRef.current;
    if (!log) return;
    const end = atBottom(log);
    followRef.current = end;
    setScrolledUp(!end);
  }, [logRef]);

  /** The marker's tap: to the end of the conversation, everything read. */
  const jump = useCallback(() => {
    const log = logRef.current;
    if (!log) return;
    log.scrollTop = log.scrollHeight;
    followRef.current = true;
    setScrolledUp(false);
  }, [logRef]);

  return { unread, onScroll, jump };
}

/**
 * "(2) Clínica …" in the browser tab's title while messages are unread, so a patient in another
 * tab sees the doctor answered; the title comes back as it was when they are read or the page closes.
 */
export function useTitleBadge(count: number) {
  useEffect(() => {
    if (count === 0) return;
    const title = document.title;
    document.title = `(${count}) ${title}`;
    return () => {
      document.title = title;
    };
  }, [count]);
}
