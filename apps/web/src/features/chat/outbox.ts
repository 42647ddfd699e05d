import type { ChatRole } from '@clinica/shared';
import { LOCAL_KEYS, localStore } from '../../lib/storage-keys.js';

/**
 * The chat's outbox (issue 20, decision 0033): the messages typed on this page that the server
 * has not acknowledged yet, in the order they were typed, kept in local storage so that a reload
 * (or a phone that killed the tab) does not lose them. One key per role and consultation; the
 * consultation's token names one patient and one doctor, so an entry belongs to one signed-in
 * person. `clearChatOutboxes` (lib/storage-keys.ts) removes them all at sign-out and whenever the
 * role is found signed out.
 */

export type OutboxState = 'sending' | 'failed';

export interface OutboxEntry {
  /** The id the page made for this message (a UUID); the server stores each id once. */
  cid: string;
  texto: string;
  /** When it was typed (ms since the epoch): its place in the conversation until it is stored. */
  at: number;
  state: OutboxState;
  /** Why the server refused it (a catalogue message), when `failed`. */
  error?: string;
}

/** An entry older than a session can live (12 hours) belongs to a session that is over. */
const MAX_AGE_MS = 12 * 60 * 60 * 1000;

const keyOf = (rol: ChatRole, token: string) => `${LOCAL_KEYS.chatOutboxPrefix}${rol}.${token}`;

const isEntry = (v: unknown): v is OutboxEntry => {
  if (!v || typeof v !== 'object') return false;
  const e = v as Record<string, unknown>;
  return (
    typeof e.cid === 'string' &&
    typeof e.texto === 'string' &&
    typeof e.at === 'number' &&
    (e.state === 'sending' || e.state === 'failed')
  );
};

/** The stored entries of a consultation's chat for this role, oldest first. */
export function readOutbox(rol: ChatRole, token: string, now = Date.now()): OutboxEntry[] {
  const raw = localStore.get(keyOf(rol, token));
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed.filter(isEntry).filter((e) => now - e.at < MAX_AGE_MS);
  } catch {
    return [];
  }
}

/** Stores the entries (removes the key when there are none: nothing lingers). */
export function writeOutbox(rol: ChatRole, token: string, entries: OutboxEntry[]) {
  if (entries.length === 0) localStore.remove(keyOf(rol, token));
  else localStore.set(keyOf(rol, token), JSON.stringify(entries));
}

/** A new entry for a typed message, with its own id. */
export const newEntry = (texto: string, now = Date.now()): OutboxEntry => ({
  cid: crypto.randomUUID(),
  texto,
  at: now,
  state: 'sending',
});

/**
 * The delay before reconnection attempt `attempt` (0, 1, 2...): exponential from 1 s, capped at
 * 15 s, with "full jitter" (a random share of it, at least 0.5 s) so that the phones a network
 * drop disconnected together do not all come back at the same instant.
 */
export function reconnectDelay(attempt: number, random = Math.random) {
  const ceiling = Math.min(15_000, 1000 * 2 ** Math.min(attempt, 10));
  return Math.round(500 + random() * (ceiling - 500));
}
