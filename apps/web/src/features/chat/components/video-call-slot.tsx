import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import type { ChatRole, VideoClientFrame, VideoServerFrame } from '@clinica/shared';

// The call is a chunk of its own, fetched when a call is opened or rung: none of it is in
// /ConsultaChat's first load (bench/budgets.json; decision 0054).
const VideoCall = lazy(() => import('../video/video-call.js').then((m) => ({ default: m.VideoCall })));

/** Who the page is talking to, as the page knows them before the call's frames say (`peer` of decision 0053). */
export interface VideoPeerInfo {
  name: string;
}

interface Options {
  token: string | undefined;
  rol: ChatRole;
  /** Sends a frame over the chat's socket (queued while it reconnects). */
  sendVideo: (frame: VideoClientFrame) => void;
  /** The consultation's hour is over (or closed): no call starts, a running one ends. */
  timeUp: boolean;
  peer: VideoPeerInfo;
}

/**
 * The call's place on a chat page, in the page's first chunk: the bar's 'Videollamada' button and
 * the signals that arrive before the call's chunk is loaded (a ring). The page feeds the socket's
 * signals to `receive`; once the call's chunk is in, it takes them directly.
 */
export function useVideoCallSlot({ token, rol, sendVideo, timeUp, peer }: Options) {
  const { t } = useTranslation('chat');
  const messages = useMessages();
  const [open, setOpen] = useState(false);
  const buffered = useRef<VideoServerFrame[]>([]);
  const listener = useRef<((frame: VideoServerFrame) => void) | null>(null);

  const receive = useCallback((frame: VideoServerFrame) => {
    if (listener.current) return listener.current(frame);
    // A ring opens the call (its chunk loads); a ring withdrawn before that is forgotten.
    if (frame.type === 'call-invite') {
      buffered.current = [frame];
      setOpen(true);
    } else if (frame.type === 'call-hangup' || frame.type === 'call-decline') buffered.current = [];
  }, []);

  const subscribe = useCallback((fn: (frame: VideoServerFrame) => void) => {
    listener.current = fn;
    const waiting = buffered.current;
    buffered.current = [];
    for (const frame of waiting) fn(frame);
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
        <VideoCall token={token} rol={rol} peer={peer} timeUp={timeUp} send={sendVideo} subscribe={subscribe} onClose={() => setOpen(false)} />
      </Suspense>
    ) : null;

  return { button, view, receive };
}
