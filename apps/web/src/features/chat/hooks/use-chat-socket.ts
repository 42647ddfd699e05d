import { useCallback, useEffect, useRef, useState } from 'react';
import type { ChatMessage, ChatRole, ChatServerFrame } from '@clinica/shared';

/** Close codes the server uses: the session ended (4401), the consultation's chat was closed (4403). */
const SESSION_ENDED = 4401;
const CHAT_CLOSED = 4403;
const MAX_BACKOFF_MS = 10_000;

export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'session-ended';

export interface TimeFrame {
  segundos_restantes: number;
  tiempo_cerrado: boolean;
}

interface Options {
  token: string | undefined;
  rol: ChatRole;
  /** The server's remaining time, on join and whenever it changes (extra hour, overlay closed). */
  onTime?: (time: TimeFrame) => void;
}

/** Merges messages by id, in id order: a reconnect's history and live frames never duplicate. */
const merge = (list: ChatMessage[], more: ChatMessage[]) => {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
};

/**
 * The chat's WebSocket: joins the consultation, keeps the messages in order, and after a dropped
 * connection reconnects (1 s, 2 s, ... up to 10 s) asking only for the messages after the last id
 * it has. The server refuses a send after the hour or outside the chat: `lastError` says why.
 */
export function useChatSocket({ token, rol, onTime }: Options) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const [lastError, setLastError] = useState<string | null>(null);
  // A refused send's text (too fast, not allowed characters): given back to the box, never lost.
  const [unsent, setUnsent] = useState<{ texto: string } | null>(null);
  const pending = useRef(new Map<string, string>());
  const socketRef = useRef<WebSocket | null>(null);
  const lastId = useRef(0);
  const onTimeRef = useRef(onTime);
  useEffect(() => {
    onTimeRef.current = onTime;
  }, [onTime]);

  useEffect(() => {
    if (!token) return;
    let stopped = false;
    let attempt = 0;
    let retry: number | undefined;

    const open = () => {
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const url = `${scheme}://${window.location.host}/api/chat/ws?consulta=${encodeURIComponent(token)}&rol=${rol}&since=${lastId.current}`;
      const ws = new WebSocket(url);
      socketRef.current = ws;
      ws.onopen = () => {
        attempt = 0;
      };
      ws.onmessage = (event: MessageEvent<string>) => {
        const frame = JSON.parse(event.data) as ChatServerFrame;
        switch (frame.type) {
          case 'history':
          case 'message': {
            const incoming = frame.type === 'history' ? frame.messages : [frame.message];
            for (const m of incoming) lastId.current = Math.max(lastId.current, m.id);
            setMessages((list) => merge(list, incoming));
            // Joined: the history (and the time before it) arrived.
            if (frame.type === 'history') setStatus('open');
            break;
          }
          case 'ack':
            if (frame.cid) pending.current.delete(frame.cid);
            setLastError(null);
            break;
          case 'error': {
            const texto = frame.cid === undefined ? undefined : pending.current.get(frame.cid);
            if (frame.cid) pending.current.delete(frame.cid);
            if (texto !== undefined) setUnsent({ texto });
            setLastError(frame.message);
            break;
          }
          case 'time':
            onTimeRef.current?.({ segundos_restantes: frame.segundos_restantes, tiempo_cerrado: frame.tiempo_cerrado });
            break;
          case 'closed':
            setLastError(frame.message);
            setStatus('closed');
            break;
        }
      };
      ws.onclose = (event) => {
        if (socketRef.current === ws) socketRef.current = null;
        if (stopped) return;
        if (event.code === SESSION_ENDED) return setStatus('session-ended');
        if (event.code === CHAT_CLOSED) return setStatus('closed');
        setStatus('reconnecting');
        const delay = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** attempt);
        attempt += 1;
        retry = window.setTimeout(open, delay);
      };
    };
    open();
    return () => {
      stopped = true;
      window.clearTimeout(retry);
      socketRef.current?.close();
      socketRef.current = null;
    };
  }, [token, rol]);

  /** Sends a message; false when the socket is not open (the text stays in the box). */
  const send = useCallback((texto: string) => {
    const ws = socketRef.current;
    if (!ws || ws.readyState !== WebSocket.OPEN) return false;
    const cid = crypto.randomUUID();
    pending.current.set(cid, texto);
    ws.send(JSON.stringify({ type: 'send', texto, cid }));
    return true;
  }, []);

  return { messages, status, lastError, send, unsent };
}
