import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import type { CallSignal } from '../video/call-peer.js';
import type { ChatRole } from '@clinica/shared';

// The call is a chunk of its own, fetched when a call is opened or rung: none of it is in
// /ConsultaChat's first load (bench/budgets.json; decision 0054).
const VideoCall = lazy(() => import('../video/video-call.js').then((m) => ({ default: m.VideoCall })));

export interface VideoPeerInfo {
  /** The other person's name as the page shows it. */
  name: string;
  /** The doctor's professional registration number, shown to the patient (telehealth: the professional is identified). */
  registration?: string | null;
}

interface Options {
  token: string | undefined;
  rol: ChatRole;
  /** Sends a signal over the chat's socket (queued while it reconnects). */
  sendSignal: (signal: CallSignal) => void;
  /** The consultation's hour is over (or closed): no call starts, a running one ends. */
  timeUp: boolean;
  peer: VideoPeerInfo;
}

/**
 * The call's place on a chat page, in the page's first chunk: the bar's 'Videollamada' button and
 * the signals that arrive before the call's chunk is loaded (a ring). The page feeds the socket's
 * signals to `receive`; once the call's chunk is in, it takes them directly.
 */
export function useVideoCallSlot({ token, rol, sendSignal, timeUp, peer }: Options) {
  const { t } = useTranslation('chat');
  const messages = useMessages();
  const [open, setOpen] = useState(false);
  const buffered = useRef<CallSignal[]>([]);
  const listener = useRef<((signal: CallSignal) => void) | null>(null);

  const receive = useCallback((signal: CallSignal) => {
    if (listener.current) return listener.current(signal);
    if (signal.kind === 'invite') {
      buffered.current = [signal];
      setOpen(true);
    } else if (signal.kind === 'hangup') buffered.current = [];
  }, []);

  const subscribe = useCallback((fn: (signal: CallSignal) => void) => {
    listener.current = fn;
    const waiting = buffered.current;
    buffered.current = [];
    for (const signal of waiting) fn(signal);
    return () => {
      if (listener.current === fn) listener.current = null;
    };
  }, []);

  const button =
    token && !open ? (
      <Button variant="secondary" className="chat-video-open" onClick={() => setOpen(true)} disabled={timeUp}>
        {t('video.open')}
      </Button>
    ) : null;

  const view =
    token && open ? (
      <Suspense fallback={<p className="chat-note">{messages.loading}</p>}>
        <VideoCall token={token} rol={rol} peer={peer} timeUp={timeUp} send={sendSignal} subscribe={subscribe} onClose={() => setOpen(false)} />
      </Suspense>
    ) : null;

  return { button, view, receive };
}
