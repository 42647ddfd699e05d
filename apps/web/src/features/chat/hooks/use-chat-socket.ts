import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { messages as catalogue, type ChatMessage, type ChatRole, type ChatServerFrame, type VideoClientFrame, type VideoServerFrame } from '@clinica/shared';
import { newEntry, readOutbox, reconnectDelay, writeOutbox, type OutboxEntry } from '../outbox.js';

/** Close codes the server uses: the session ended (4401), the consultation's chat was closed (4403). */
const SESSION_ENDED = 4401;
const CHAT_CLOSED = 4403;
/** A send not acknowledged within this time means a dead connection (a phone between cells): reconnect. */
const ACK_TIMEOUT_MS = 10_000;
/** After 'too fast', the same message is tried again this much later (the send limits' windows are 10 s). */
const TOO_FAST_WAIT_MS = 5_000;

export type SocketStatus = 'connecting' | 'open' | 'reconnecting' | 'closed' | 'session-ended';

export interface TimeFrame {
  segundos_restantes: number;
  tiempo_cerrado: boolean;
}

/** How far a message of mine got: being sent, stored by the server, or refused (tap to retry). */
export interface Delivery {
  state: 'sending' | 'sent' | 'failed';
  /** Why it was not sent (a catalogue message), when `failed`. */
  error?: string;
  /** Sends a `failed` message again. */
  retry?: () => void;
}

/** A message as the panel shows it: stored ones, then this page's unsent ones with their delivery. */
export type ShownMessage = ChatMessage & { delivery?: Delivery };

interface Options {
  token: string | undefined;
  rol: ChatRole;
  /** The server's remaining time, on join and whenever it changes (extra hour, overlay closed). */
  onTime?: (time: TimeFrame) => void;
  /** The video call's signalling frames from the other member (decision 0053), never stored. */
  onVideo?: (frame: VideoServerFrame) => void;
}

/** Merges messages by id, in id order: a reconnect's history and live frames never duplicate. */
const merge = (list: ChatMessage[], more: ChatMessage[]) => {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of more) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
};

/** Refusals that sending the same text again cannot cure: the text goes back into the box. */
const TEXT_REFUSALS = new Set<string>([catalogue.textInvalid, catalogue.chatMessageInvalid]);
/** Refusals of the id itself: a retry sends the text under a new id. */
const ID_REFUSALS = new Set<string>([catalogue.chatMessageIdTaken, catalogue.chatMessageIdInvalid]);

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/**
 * The chat's WebSocket (issue 20, decision 0033): joins the consultation and keeps the messages
 * in order; after a dropped connection reconnects with a capped, jittered backoff (at once when
 * the device comes back online) asking only for the messages after the last id it has, so the
 * history has no gap and no duplicate. Typed messages go through the outbox: kept in local
 * storage until the server acknowledges them, sent one after the other in the order typed, each
 * under its own id (a resend is stored once by the server).
 */
export function useChatSocket({ token, rol, onTime, onVideo }: Options) {
  const [stored, setStored] = useState<ChatMessage[]>([]);
  const [outbox, setOutbox] = useState<OutboxEntry[]>([]);
  const [status, setStatus] = useState<SocketStatus>('connecting');
  const [online, setOnline] = useState(isOnline);
  const [lastError, setLastError] = useState<string | null>(null);
  // A send refused for its text (characters not allowed, too long): given back to the box, never lost.
  const [unsent, setUnsent] = useState<{ texto: string } | null>(null);
  const boxRef = useRef<OutboxEntry[]>([]);
  const pumpRef = useRef<() => void>(() => undefined);
  const lastId = useRef(0);
  const onTimeRef = useRef(onTime);
  const onVideoRef = useRef(onVideo);
  useEffect(() => {
    onTimeRef.current = onTime;
    onVideoRef.current = onVideo;
  }, [onTime, onVideo]);
  // Video frames wait here while the socket is not joined (decision 0053: only after the history).
  const videoQueue = useRef<VideoClientFrame[]>([]);
  const videoFlush = useRef<() => void>(() => undefined);

  /** Changes the outbox: memory, screen and storage together. */
  const updateBox = useCallback(
    (change: (entries: OutboxEntry[]) => OutboxEntry[]) => {
      if (!token) return;
      const next = change(boxRef.current);
      boxRef.current = next;
      setOutbox(next);
      writeOutbox(rol, token, next);
    },
    [rol, token],
  );

  useEffect(() => {
    if (!token) return;
    let stopped = false;
    let attempt = 0;
    let retry: number | undefined;
    let hold: number | undefined;
    let ackTimer: number | undefined;
    let socket: WebSocket | null = null;
    let joined = false;
    /** The id of the message on the wire, waiting for its acknowledgement (one at a time keeps the order). */
    let inFlight: string | null = null;

    // What this page typed before a reload (or in another tab of this chat) is sent first.
    boxRef.current = readOutbox(rol, token).map((e) => (e.state === 'failed' ? e : { ...e, state: 'sending' }));
    // Written back at once: entries too old to belong to a live session are gone from storage too.
    writeOutbox(rol, token, boxRef.current);
    setOutbox(boxRef.current);

    const settle = () => {
      inFlight = null;
      window.clearTimeout(ackTimer);
    };

    const flushVideo = () => {
      if (stopped || !joined || !socket || socket.readyState !== WebSocket.OPEN) return;
      for (const frame of videoQueue.current.splice(0)) socket.send(JSON.stringify(frame));
    };
    videoFlush.current = flushVideo;

    const pump = () => {
      if (stopped || !joined || inFlight !== null || !socket || socket.readyState !== WebSocket.OPEN) return;
      const next = boxRef.current.find((e) => e.state === 'sending');
      if (!next) return;
      inFlight = next.cid;
      socket.send(JSON.stringify({ type: 'send', texto: next.texto, cid: next.cid }));
      const ws = socket;
      // No answer: the connection is dead although the socket looks open. The resend after the
      // reconnection is safe: the server stores each id once.
      ackTimer = window.setTimeout(() => ws.close(4000, 'no ack'), ACK_TIMEOUT_MS);
    };
    pumpRef.current = pump;

    /** Messages the server has: their outbox entries are done. */
    const received = (incoming: ChatMessage[]) => {
      for (const m of incoming) lastId.current = Math.max(lastId.current, m.id);
      setStored((list) => merge(list, incoming));
      const done = new Set(incoming.map((m) => m.cid).filter((c): c is string => c !== null));
      if (boxRef.current.some((e) => done.has(e.cid))) updateBox((entries) => entries.filter((e) => !done.has(e.cid)));
    };

    const refused = (cid: string | undefined, message: string) => {
      setLastError(message);
      const entry = cid === undefined ? undefined : boxRef.current.find((e) => e.cid === cid);
      if (cid !== undefined && cid === inFlight) settle();
      if (!entry) return;
      if (message === catalogue.chatTooFast) {
        // Still 'sending': the same message again in a moment, before anything typed after it.
        window.clearTimeout(hold);
        hold = window.setTimeout(pump, TOO_FAST_WAIT_MS);
        return;
      }
      if (TEXT_REFUSALS.has(message)) {
        updateBox((entries) => entries.filter((e) => e.cid !== entry.cid));
        setUnsent({ texto: entry.texto });
      } else {
        updateBox((entries) =>
          entries.map((e) => (e.cid === entry.cid ? { ...e, state: 'failed' as const, error: message } : e)),
        );
      }
      pump();
    };

    /** The chat can take nothing more (closed, session over): what waits is shown as not sent. */
    const failAll = (message: string, keep: boolean) => {
      const failed = boxRef.current.map((e) => (e.state === 'sending' ? { ...e, state: 'failed' as const, error: message } : e));
      if (keep) updateBox(() => failed);
      else {
        boxRef.current = failed;
        setOutbox(failed);
      }
    };

    const scheduleReconnect = () => {
      window.clearTimeout(retry);
      retry = window.setTimeout(open, reconnectDelay(attempt));
      attempt += 1;
    };

    function open() {
      if (stopped) return;
      const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
      const url = `${scheme}://${window.location.host}/api/chat/ws?consulta=${encodeURIComponent(token!)}&rol=${rol}&since=${lastId.current}`;
      const ws = new WebSocket(url);
      socket = ws;
      ws.onmessage = (event: MessageEvent<string>) => {
        const raw = JSON.parse(event.data) as ChatServerFrame | VideoServerFrame;
        // The video call's frames go to the call (decision 0053); they are never chat messages.
        if (raw.type.startsWith('call-')) return onVideoRef.current?.(raw as VideoServerFrame);
        const frame = raw as ChatServerFrame;
        switch (frame.type) {
          case 'history':
            received(frame.messages);
            // Joined (the time came before the history): a working connection resets the backoff.
            joined = true;
            attempt = 0;
            setStatus('open');
            pump();
            flushVideo();
            break;
          case 'message':
            received([frame.message]);
            break;
          case 'ack':
            if (frame.cid === inFlight) settle();
            received([frame.message]);
            setLastError(null);
            pump();
            break;
          case 'error':
            refused(frame.cid, frame.message);
            break;
          case 'time':
            onTimeRef.current?.({ segundos_restantes: frame.segundos_restantes, tiempo_cerrado: frame.tiempo_cerrado });
            break;
          case 'closed':
            setLastError(frame.message);
            setStatus('closed');
            failAll(frame.message, true);
            break;
        }
      };
      ws.onclose = (event) => {
        if (socket !== ws) return;
        socket = null;
        joined = false;
        settle();
        if (stopped) return;
        if (event.code === SESSION_ENDED) {
          // The session is over: its unsent health text leaves this device (decision 0033).
          writeOutbox(rol, token!, []);
          failAll(catalogue.sessionExpired, false);
          return setStatus('session-ended');
        }
        if (event.code === CHAT_CLOSED) {
          failAll(catalogue.chatClosed, true);
          return setStatus('closed');
        }
        setStatus('reconnecting');
        scheduleReconnect();
      };
    }

    // The device says it lost the network: the socket may take minutes to notice, so it is closed
    // now (typed messages wait in the outbox); back online, it reconnects at once.
    const wentOffline = () => {
      setOnline(false);
      socket?.close(4001, 'offline');
    };
    const cameOnline = () => {
      setOnline(true);
      if (socket || stopped) return;
      attempt = 0;
      window.clearTimeout(retry);
      open();
    };
    window.addEventListener('offline', wentOffline);
    window.addEventListener('online', cameOnline);

    open();
    return () => {
      stopped = true;
      window.removeEventListener('offline', wentOffline);
      window.removeEventListener('online', cameOnline);
      window.clearTimeout(retry);
      window.clearTimeout(hold);
      window.clearTimeout(ackTimer);
      socket?.close();
      socket = null;
      pumpRef.current = () => undefined;
      videoFlush.current = () => undefined;
    };
  }, [token, rol, updateBox]);

  /** Keeps a message and sends it when the connection allows; false once the chat can take no more. */
  const send = useCallback(
    (texto: string) => {
      if (!token || status === 'closed' || status === 'session-ended') return false;
      const entry = newEntry(texto);
      updateBox((entries) => [...entries, entry]);
      pumpRef.current();
      return true;
    },
    [token, status, updateBox],
  );

  const retrySend = useCallback(
    (cid: string) => {
      updateBox((entries) =>
        entries.map((e) =>
          e.cid === cid
            ? { cid: e.error && ID_REFUSALS.has(e.error) ? crypto.randomUUID() : e.cid, texto: e.texto, at: e.at, state: 'sending' as const }
            : e,
        ),
      );
      setLastError(null);
      pumpRef.current();
    },
    [updateBox],
  );

  // A closed chat or an ended session takes nothing more: not sent, without a retry.
  const canRetry = status !== 'closed' && status !== 'session-ended';
  const shown = useMemo<ShownMessage[]>(() => {
    const mine = stored.filter((m) => m.de === rol);
    const nombre = mine.length > 0 ? mine[mine.length - 1]!.nombre : '';
    const sent: ShownMessage[] = stored.map((m) => (m.de === rol ? { ...m, delivery: { state: 'sent' } } : m));
    const waiting: ShownMessage[] = outbox.map((e, i) => ({
      id: -(i + 1),
      de: rol,
      nombre,
      texto: e.texto,
      fecha: new Date(e.at).toISOString(),
      cid: e.cid,
      delivery:
        e.state === 'failed'
          ? { state: 'failed', ...(e.error ? { error: e.error } : {}), ...(canRetry ? { retry: () => retrySend(e.cid) } : {}) }
          : { state: 'sending' },
    }));
    return [...sent, ...waiting];
  }, [stored, outbox, rol, retrySend, canRetry]);

  /** Sends a video frame now, or as soon as the socket is joined again (never stored across a reload). */
  const sendVideo = useCallback((frame: VideoClientFrame) => {
    videoQueue.current.push(frame);
    videoFlush.current();
  }, []);

  const pending = outbox.filter((e) => e.state === 'sending').length;
  return { messages: shown, status, online, pending, lastError, send, unsent, sendVideo };
}
