import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PaymentsService } from '../payments/payments.service.js';
import type { Storage } from '../../infra/storage.js';
import type { PubSub } from '../../infra/pubsub.js';
import type { ChatConsultation, ChatRepository, NewChatMessage } from './chat.repository.js';
import { chatService, type ChatDeps } from './chat.service.js';
import type { Db } from '../../db/client.js';

/**
 * The group commit of chat messages (messages of every consultation that arrive together are
 * written in one statement): a row the database refuses fails only its own send (issue 19).
 */
describe('chat group commit', () => {
  it("a message the database refuses fails alone; the batch's other messages (other consultations) are written and acknowledged", async () => {
    const stored: NewChatMessage[] = [];
    let id = 0;
    const repo = {
      // Like PostgreSQL with U+0000: the whole statement fails when one row is bad.
      async insertMessages(rows: NewChatMessage[]) {
        if (rows.some((r) => r.body.includes('malo')))
          throw new Error('invalid byte sequence for encoding "UTF8": 0x00');
        stored.push(...rows);
        return rows.map((r) => ({ ...r, id: ++id, created_at: r.created_at ?? new Date() }));
      },
      async messagesByClientIds() {
        return [];
      },
    } as unknown as ChatRepository;
    const published: string[] = [];
    const service = chatService({
      db: {} as Db,
      notify: {} as ChatDeps['notify'],
      repo,
      payments: {} as PaymentsService,
      storage: {} as Storage,
      pubsub: { publish: async (channel: string) => void published.push(channel) } as unknown as PubSub,
      now: () => Date.parse('2026-11-21T15:00:00Z'),
      imageBytesQuota: 60 * 1024 * 1024,
      transition: async () => undefined,
    });
    const room = (n: string) =>
      ({
        id: n,
        paciente_nombre: 'A',
        paciente_apellido: 'B',
        doctor_nombre: 'C',
        doctor_apellido: 'D',
      }) as ChatConsultation;
    const sends = [
      service.send(room('a'), 'patient', 'pa', 'malo 1', crypto.randomUUID()),
      service.send(room('b'), 'patient', 'pb', 'hola 1', crypto.randomUUID()),
      service.send(room('a'), 'patient', 'pa', 'malo 2', crypto.randomUUID()),
      service.send(room('b'), 'patient', 'pb', 'hola 2', crypto.randomUUID()),
      service.send(room('c'), 'doctor', 'dc', 'hola 3', crypto.randomUUID()),
    ];
    const results = await Promise.allSettled(sends);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect(stored.map((r) => r.body)).toEqual(['hola 1', 'hola 2', 'hola 3']);
    expect(published).toEqual(['chat:b', 'chat:b', 'chat:c']);
  });
});
