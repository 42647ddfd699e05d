import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

/** One message, ready to leave: what a queued job carries, with its id. */
export interface OutgoingMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; contentBase64: string }[];
}

/** Where messages go: an SMTP server, or the outbox folder when none is configured. */
export interface MailTransport {
  readonly name: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/** The content id the templates' <img src="cid:..."> points at. */
export const LOGO_CID = 'logo@clinica';
const LOGO = fs.readFileSync(new URL('./assets/logo.png', import.meta.url));

/** The outbox file of a message. */
export const outboxFile = (dir: string, id: string) => path.join(dir, `${id}.eml`);

function domainOf(from: string) {
  const m = /@([^>\s]+)>?\s*$/.exec(from);
  return m?.[1] ?? 'localhost';
}

/** The message nodemailer builds: the job's parts plus the inline logo and stable headers. */
function toNodemailer(mail: OutgoingMail, from: string): Mail.Options {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // The same Message-ID on every attempt: a message sent twice (a worker died after the
    // server accepted it) is recognisably the same message.
    messageId: `<${mail.id}@${domainOf(from)}>`,
    headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' },
    attachments: [
      { filename: 'logo.png', content: LOGO, contentType: 'image/png', cid: LOGO_CID, contentDisposition: 'inline' },
      ...mail.attachments.map((a) => ({
        filename: a.filename,
        content: Buffer.from(a.contentBase64, 'base64'),
        contentType: a.contentType,
      })),
    ],
    // Messages are built from our own data only: never let a value make nodemailer read a file or a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** Sends through the SMTP server of `url` (smtp:// with STARTTLS when offered, or smtps://). */
export function smtpTransport(url: string, from: string): MailTransport {
  // Timeouts well under the worker's lease, so a hung server cannot outlive the claim.
  const options: SMTPTransport.Options = {
    url,
    connectionTimeout: 15_000,
    greetingTimeout: 15_000,
    socketTimeout: 30_000,
  };
  const transporter = nodemailer.createTransport(options);
  return {
    name: 'smtp',
    async send(mail) {
      await transporter.sendMail(toNodemailer(mail, from));
    },
    close: () => transporter.close(),
  };
}

/** Writes each message as `<id>.eml` in `dir` (no SMTP configured: development and demo). */
export function outboxTransport(dir: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    name: 'outbox',
    async send(mail) {
      const info = await transporter.sendMail(toNodemailer(mail, from));
      await fsp.mkdir(dir, { recursive: true });
      const file = outboxFile(dir, mail.id);
      const tmp = `${file}.tmp-${process.pid}`;
      await fsp.writeFile(tmp, info.message as Buffer);
      // Same name on every attempt: writing a message twice leaves one file.
      await fsp.rename(tmp, file);
    },
    close: () => undefined,
  };
}

/**
 * True when the SMTP server refused the recipient for good (5xx to RCPT TO: no such mailbox), so
 * retrying cannot help. Anything else (a server down, 4xx, a refused login, which an operator
 * fixes) is retried with back-off.
 */
export function isPermanentSmtpError(err: unknown) {
  const e = err as { responseCode?: unknown; command?: unknown } | null;
  return (
    typeof e?.responseCode === 'number' &&
    e.responseCode >= 500 &&
    e.responseCode < 600 &&
    typeof e.command === 'string' &&
    e.command.startsWith('RCPT')
  );
}
