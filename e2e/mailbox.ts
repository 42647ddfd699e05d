import fs from 'node:fs/promises';
import path from 'node:path';
import PostalMime, { type Email } from 'postal-mime';

/**
 * The messages the e2e server sent, as received by the SMTP server that scripts/e2e-server.mjs
 * runs on loopback (scripts/e2e-smtp-sink.mjs writes each one to this folder).
 */
const MAIL_DIR = path.join(import.meta.dirname, '..', '.tmp', `e2e-mail-${process.env.E2E_PORT ?? 3100}`);

async function received(): Promise<Email[]> {
  const names = (await fs.readdir(MAIL_DIR)).filter((n) => n.endsWith('.eml')).sort();
  return Promise.all(names.map(async (n) => PostalMime.parse(await fs.readFile(path.join(MAIL_DIR, n)))));
}

/** Every message to `to` with that subject, oldest first. */
export async function mailsTo(to: string, subject: string) {
  return (await received()).filter((m) => m.subject === subject && (m.to ?? []).some((a) => a.address === to));
}

/**
 * How long a spec waits for a mail: the queue's worker, SMTP and the sink take seconds, and under
 * a loaded machine (the whole suite, other engineers' runs) 15 s was too short. One value for every
 * spec; a mail that never comes still fails the test, with its subject and address.
 */
export const MAIL_WAIT_MS = 45_000;

/** Waits for the `nth` (1-based) message to `to` with that subject and returns it. */
export async function waitForMail(to: string, subject: string, nth = 1, timeoutMs = MAIL_WAIT_MS) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const found = await mailsTo(to, subject);
    if (found.length >= nth) return found[nth - 1]!;
    if (Date.now() > end) throw new Error(`No llegó el correo «${subject}» n.º ${nth} para ${to}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first address in the plain-text part that contains `fragment`. */
export function linkIn(mail: Email, fragment: string) {
  const link = (mail.text ?? '').split(/\s+/).find((w) => w.startsWith('http') && w.includes(fragment));
  if (!link) throw new Error(`No hay un enlace con ${fragment} en:\n${mail.text ?? ''}`);
  return link;
}
