import type { MailPayload, StoredMailPayload } from '../../db/schema.js';
import { decrypt, encrypt, type Keyring } from '../../infra/storage.js';

/** Seals a queued message's content (AES-256-GCM under the current file key): links and tokens stay unreadable in the table. */
export function sealMailPayload(keys: Buffer | Keyring, payload: MailPayload): StoredMailPayload {
  return { sealed: encrypt(keys, Buffer.from(JSON.stringify(payload), 'utf8')).toString('base64') };
}

/** The content to send: opened under the current or a previous key (a plain row from before the change as it is). */
export function openMailPayload(keys: Buffer | Keyring, stored: StoredMailPayload): MailPayload {
  if (!('sealed' in stored)) return stored;
  return JSON.parse(decrypt(keys, Buffer.from(stored.sealed, 'base64')).toString('utf8')) as MailPayload;
}
