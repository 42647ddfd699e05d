import { describe, expect, it } from 'vitest';
import { decodePublished, encodePublished, type PublishedFrame } from './chat.pubsub.js';
import { liveDelivery } from './chat.socket.js';

const message = (id: number) => ({
  type: 'message' as const,
  message: { id, de: 'patient' as const, nombre: 'Ana Pérez', texto: `hola ${id}`, fecha: '2026-11-26T15:00:00.000Z', cid: null },
});
const closed = { type: 'closed' as const, message: 'El chat ha sido cerrado.' };
const time = { type: 'time' as const, segundos_restantes: 1800, ends_at: '2026-11-26T16:00:00.000Z', tiempo_cerrado: false };

function socketSpy(since = 0) {
  const sent: PublishedFrame[] = [];
  const seen = { closes: 0, invalidations: 0, malformed: 0 };
  const live = liveDelivery({
    since,
    send: (frame) => sent.push(frame),
    close: () => void seen.closes++,
    invalidate: () => void seen.invalidations++,
    malformed: () => void seen.malformed++,
  });
  return { live, sent, seen };
}

describe('the chat pub/sub message: one schema, written and read', () => {
  it('reads back exactly what it wrote, for each frame type', () => {
    for (const frame of [message(7), closed, time]) expect(decodePublished(encodePublished(frame))).toEqual(frame);
  });

  it('refuses to write a frame that is not a chat frame', () => {
    expect(() => encodePublished({ type: 'closed' } as unknown as PublishedFrame)).toThrow();
  });

  it.each([
    ['empty', ''],
    ['not JSON', 'hola'],
    ['the old envelope', `m1\n${JSON.stringify(message(1))}`],
    ['a closed frame without its message', '{"type":"closed"}'],
    ['text that only contains "type":"closed"', '{"note":"\\"type\\":\\"closed\\""}'],
    ['a frame only one socket may get', JSON.stringify({ type: 'history', messages: [] })],
    ['a message with a text id', JSON.stringify({ type: 'message', message: { ...message(1).message, id: 'x' } })],
    ['JSON null', 'null'],
  ])('decodes a malformed payload (%s) as nothing', (_name, payload) => {
    expect(decodePublished(payload)).toBeUndefined();
  });
});

describe('a socket delivering pub/sub payloads', () => {
  it('ignores a malformed payload safely: nothing sent, nothing closed, and the next frames still arrive', () => {
    const { live, sent, seen } = socketSpy();
    live.start(undefined);
    for (const bad of ['', 'hola', '{"type":"closed"}', `-\n${JSON.stringify(closed)}`, '{"type":"message","message":{}}'])
      live.receive(bad);
    expect(sent).toEqual([]);
    expect(seen).toEqual({ closes: 0, invalidations: 0, malformed: 5 });
    live.receive(encodePublished(message(1)));
    expect(sent).toEqual([message(1)]);
  });

  it('holds payloads until the history is sent, then drops the messages the history already had', () => {
    const { live, sent } = socketSpy(2);
    live.receive(encodePublished(message(3)));
    live.receive(encodePublished(message(4)));
    live.receive(encodePublished(message(5)));
    expect(sent).toEqual([]);
    live.start(4);
    expect(sent).toEqual([message(5)]);
    live.receive(encodePublished(message(5)));
    live.receive(encodePublished(message(2)));
    expect(sent).toEqual([message(5)]);
  });

  it('forwards a time change and reads the chat again; a closed chat is forwarded, then the socket closes', () => {
    const { live, sent, seen } = socketSpy();
    live.start(undefined);
    live.receive(encodePublished(time));
    expect(sent).toEqual([time]);
    expect(seen.invalidations).toBe(1);
    expect(seen.closes).toBe(0);
    live.receive(encodePublished(closed));
    expect(sent).toEqual([time, closed]);
    expect(seen.closes).toBe(1);
  });
});
