import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearChatOutboxes } from '../../lib/storage-keys.js';
import { newEntry, readOutbox, reconnectDelay, writeOutbox } from './outbox.js';

/** A browser's local storage, enough for the outbox (the tests run in Node). */
function fakeLocalStorage() {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    key: (i: number) => [...data.keys()][i] ?? null,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    keys: () => [...data.keys()],
  };
}

describe('the chat outbox (issue 20)', () => {
  let storage: ReturnType<typeof fakeLocalStorage>;
  beforeEach(() => {
    storage = fakeLocalStorage();
    vi.stubGlobal('window', { localStorage: storage });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('keeps entries per role and consultation, in order, and removes the key when empty', () => {
    const a = newEntry('primero');
    const b = newEntry('segundo');
    writeOutbox('patient', 'tok-1', [a, b]);
    expect(readOutbox('patient', 'tok-1').map((e) => e.texto)).toEqual(['primero', 'segundo']);
    expect(readOutbox('doctor', 'tok-1')).toEqual([]);
    expect(readOutbox('patient', 'tok-2')).toEqual([]);
    expect(a.cid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a.cid).not.toBe(b.cid);
    writeOutbox('patient', 'tok-1', []);
    expect(storage.keys()).toEqual([]);
  });

  it('ignores what is not an entry and entries older than a session can live (12 h)', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    const fresh = newEntry('reciente', now - 60_000);
    const old = newEntry('de ayer', now - 13 * 3600_000);
    storage.setItem('clinica.chatOutbox.patient.tok', JSON.stringify([old, { cid: 1 }, 'x', fresh]));
    expect(readOutbox('patient', 'tok', now).map((e) => e.texto)).toEqual(['reciente']);
    storage.setItem('clinica.chatOutbox.patient.tok', '{no es json');
    expect(readOutbox('patient', 'tok', now)).toEqual([]);
  });

  it("sign-out of one role removes that role's outboxes only; without a role, every one", () => {
    writeOutbox('patient', 'a', [newEntry('dolor de pecho')]);
    writeOutbox('patient', 'b', [newEntry('fiebre')]);
    writeOutbox('doctor', 'a', [newEntry('¿desde cuándo?')]);
    storage.setItem('clinica.language', 'es');
    clearChatOutboxes('patient');
    expect(storage.keys().sort()).toEqual(['clinica.chatOutbox.doctor.a', 'clinica.language']);
    clearChatOutboxes();
    expect(storage.keys()).toEqual(['clinica.language']);
  });

  it('waits longer after each failed reconnection, never under 0.5 s nor over 15 s, at a random share (jitter)', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 1)).toBe(8000);
    expect(reconnectDelay(4, () => 1)).toBe(15_000);
    expect(reconnectDelay(60, () => 1)).toBe(15_000);
    const spread = new Set(Array.from({ length: 50 }, () => reconnectDelay(5)));
    expect(spread.size).toBeGreaterThan(10);
    for (const d of spread) expect(d).toBeGreaterThanOrEqual(500);
  });
});
