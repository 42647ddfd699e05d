import { bigserial, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { consultations } from './schema-consultations.js';
import { payments } from './schema-payments.js';
import { encryptedText } from './field-crypto.js';

/**
 * The product's own chat between a patient and the doctor of a virtual consultation (issue 4):
 * the hour kept by the server, the messages, and the extra hours bought for it.
 */

/** A consultation's chat: when it opened, when its time ends, and whether it was ended early. */
export const chatRooms = pgTable('chat_rooms', {
  consultation_id: uuid('consultation_id')
    .primaryKey()
    .references(() => consultations.id, { onDelete: 'cascade' }),
  opened_at: timestamp('opened_at', { withTimezone: true }).notNull(),
  /** Messages are refused from this moment; an approved extra hour moves it 3600 s on. */
  ends_at: timestamp('ends_at', { withTimezone: true }).notNull(),
  /** The patient closed the 'Área de Pagos' without paying: the chat time is over for good. */
  time_closed_at: timestamp('time_closed_at', { withTimezone: true }),
  /** The patient left the chat (Salir): the consultation's chat is closed. */
  closed_at: timestamp('closed_at', { withTimezone: true }),
});

/**
 * Messages, in order: `id` is the order (a reconnecting client asks for the ones after the last
 * id it has). The sender is the server's: the role and account of the socket's session.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    consultation_id: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    sender_role: text('sender_role', { enum: ['patient', 'doctor'] }).notNull(),
    sender_id: uuid('sender_id').notNull(),
    /** Encrypted (decision 0030); its length (1 to 2000 characters) is checked by the shared schema before it is sealed. */
    body: encryptedText('body').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * The id the sender's page made for this message (a UUID, decision 0033): a resend after a
     * lost acknowledgement or a reconnection finds the stored row instead of writing a second one.
     * Null for the messages written before issue 20.
     */
    client_id: uuid('client_id'),
  },
  (t) => [
    index('chat_messages_consultation_idx').on(t.consultation_id, t.id),
    // Unique over the whole table (so also per consultation): the same id sent to another
    // consultation meets this row and is refused, whichever instance wrote it first.
    uniqueIndex('chat_messages_client_id_key').on(t.client_id),
  ],
);

/** An extra hour ('hora_extra' payment) and the chat it is for; applied once, when approved. */
export const chatExtraHours = pgTable(
  'chat_extra_hours',
  {
    payment_id: uuid('payment_id')
      .primaryKey()
      .references(() => payments.id, { onDelete: 'cascade' }),
    consultation_id: uuid('consultation_id')
      .notNull()
      .references(() => consultations.id, { onDelete: 'cascade' }),
    applied_at: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [index('chat_extra_hours_consultation_idx').on(t.consultation_id)],
);
