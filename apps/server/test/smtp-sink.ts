import { SMTPServer } from 'smtp-server';
import PostalMime, { type Email } from 'postal-mime';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO). */
  rcpt: string[];
  raw: Buffer;
  parsed: Email;
}

/**
 * A real SMTP server on loopback for the tests: it receives what the server sends and parses
 * it. `failWith(451)` makes it refuse every message with that code until `failWith(null)`.
 */
export class SmtpSink {
  readonly messages: ReceivedMail[] = [];
  private failCode: number | null = null;
  private readonly server: SMTPServer;
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          if (this.failCode !== null) {
            const err = Object.assign(new Error('Servicio no disponible temporalmente'), { responseCode: this.failCode });
            callback(err);
            return;
          }
          const raw = Buffer.concat(chunks);
          PostalMime.parse(raw).then(
            (parsed) => {
              this.messages.push({ rcpt: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
              callback();
            },
            (err: unknown) => callback(err as Error),
          );
        });
      },
    });
  }

  async start() {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(0, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    return this;
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  failWith(code: number | null) {
    this.failCode = code;
  }

  /** Messages sent to `address`. */
  to(address: string) {
    return this.messages.filter((m) => m.rcpt.includes(address));
  }

  /** Waits until `count` messages to `address` have arrived (or fails after `timeoutMs`). */
  async waitFor(address: string, count = 1, timeoutMs = 10_000) {
    const until = Date.now() + timeoutMs;
    while (this.to(address).length < count) {
      if (Date.now() > until) throw new Error(`no llegaron ${count} correos para ${address} (llegaron ${this.to(address).length})`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return this.to(address);
  }

  async stop() {
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The first link of a message's plain-text part that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string) {
  const text = mail.parsed.text ?? '';
  const found = text.split(/\s+/).find((w) => w.startsWith(prefix));
  if (!found) throw new Error(`no hay enlace ${prefix} en:\n${text}`);
  return found;
}
