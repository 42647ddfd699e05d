import type { FastifyBaseLogger } from 'fastify';
import type { MailPayload, StoredMailPayload } from '../../db/schema.js';
import type { WhatsappKind } from '../../infra/config.js';
import type { MailJobRow, MailJobsRepository } from './mail-jobs.repository.js';
import { isPermanentSmtpError, type MailTransport } from './mail-transport.js';
import type { WhatsappClient } from './whatsapp/whatsapp-client.js';
import { isWhatsappKind } from './whatsapp/whatsapp-templates.js';

/** First retry after 30 s, then doubling, at most an hour apart. */
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 60 * 60_000;
/**
 * A claim lasts this long; a job still 'sending' after it is claimed again (its worker died). It
 * outlasts a whole batch even against a server that hangs (SMTP timeouts add up to about a minute
 * a message).
 */
export const LEASE_MS = 10 * 60_000;
const BATCH = 5;
const PURGE_EVERY_MS = 60 * 60_000;
const KEEP_FINISHED_MS = 30 * 24 * 60 * 60_000;

/** Delay before attempt `attempt + 1` after attempt `attempt` failed (exponential back-off). */
export const retryDelay = (attempt: number) => Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempt - 1), RETRY_MAX_MS);

const plain = (stored: StoredMailPayload): MailPayload => {
  if ('sealed' in stored) throw new Error('sealed mail payload and no key to open it');
  return stored;
};

export interface MailWorkerOptions {
  repo: MailJobsRepository;
  transport: MailTransport;
  now: () => number;
  log: FastifyBaseLogger;
  maxAttempts: number;
  /** Told of every failed attempt (the metrics' failure counter); `gaveUp` when no retry follows. */
  onAttemptFailed?: (gaveUp: boolean) => void;
  /** The stored payload's content, decrypted (mail-payload.ts); without it only plain rows can be sent. */
  open?: (stored: StoredMailPayload) => MailPayload;
  /** The WhatsApp channel (decision 0059); without it every notice goes by e-mail. */
  whatsapp?: WhatsappChannel;
}

/** How the worker sends a notice queued for WhatsApp. */
export interface WhatsappChannel {
  client: WhatsappClient;
  templates: Record<WhatsappKind, string>;
  /** The patient's E.164 number while they consent (read at send time: a revocation stops WhatsApp), else null. */
  numberOf(patientId: string): Promise<string | null>;
}

/**
 * Takes due jobs from the queue and sends them. Every server instance may run one: jobs are
 * claimed with `FOR UPDATE SKIP LOCKED`, so each goes to one worker, and only the current claim may
 * mark a job sent. A request only inserts a row and `kick`s the worker; it never waits for SMTP.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;
  private lastPurge = 0;
  private intervalMs = 5000;

  constructor(private readonly opts: MailWorkerOptions) {}

  /** Claims one batch of due jobs and sends them; returns how many it handled. */
  async runOnce(): Promise<number> {
    const { repo, transport, now, log, maxAttempts } = this.opts;
    const claimed = await repo.claim(new Date(now()), new Date(now() + LEASE_MS), BATCH);
    for (const job of claimed) {
      if (!job.payload) {
        // Nothing left to send (should not happen): give up rather than loop.
        await repo.markFailed(job.id, job.attempts, 'sin contenido', null);
        continue;
      }
      const payload = (this.opts.open ?? plain)(job.payload);
      if (job.channel === 'whatsapp') {
        const outcome = await this.sendWhatsapp(job, payload);
        // 'sent' is done; 'lost' means another worker holds the claim now; 'email' goes on below.
        if (outcome !== 'email') continue;
      }
      try {
        await transport.send({
          id: job.id,
          to: job.recipient,
          subject: job.subject,
          text: payload.text,
          html: payload.html,
          attachments: payload.attachments,
        });
      } catch (err) {
        const permanent = isPermanentSmtpError(err);
        const retryAt = permanent || job.attempts >= maxAttempts ? null : new Date(now() + retryDelay(job.attempts));
        const message = err instanceof Error ? err.message.slice(0, 500) : String(err);
        await repo.recordAttempt(job.id, { channel: 'email', at: new Date(now()), result: 'failed', error: message });
        await repo.markFailed(job.id, job.attempts, message, retryAt);
        this.opts.onAttemptFailed?.(retryAt === null);
        log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, retryAt, err: message }, 'mail not sent');
        continue;
      }
      await repo.recordAttempt(job.id, { channel: 'email', at: new Date(now()), result: 'sent' });
      if (!(await repo.markSent(job.id, job.attempts, new Date(now()), transport.name))) {
        log.warn({ jobId: job.id }, 'mail sent after its claim was taken over');
      }
    }
    return claimed.length;
  }

  /**
   * Sends a notice queued for WhatsApp as its template message. Any failure (no consent or number
   * any more, an HTTP error, a timeout, Meta's refusal of the number) is recorded and the notice
   * falls back to e-mail: once, for good, in this same claim (decision 0059).
   */
  private async sendWhatsapp(job: MailJobRow, payload: MailPayload): Promise<'sent' | 'email' | 'lost'> {
    const { repo, now, log } = this.opts;
    const wa = this.opts.whatsapp;
    const fallBack = async (result: 'failed' | 'skipped', error: string) => {
      await repo.recordAttempt(job.id, { channel: 'whatsapp', at: new Date(now()), result, error });
      return (await repo.fallBackToEmail(job.id, job.attempts)) ? 'email' : 'lost';
    };
    const kind = payload.whatsapp?.kind;
    if (!wa) return fallBack('skipped', 'WhatsApp no está configurado');
    if (!payload.whatsapp || !kind || !isWhatsappKind(kind)) return fallBack('skipped', 'aviso sin plantilla de WhatsApp');
    const number = job.patient_id ? await wa.numberOf(job.patient_id) : null;
    if (!number) return fallBack('skipped', 'sin consentimiento vigente o sin número válido');
    let id: string;
    try {
      ({ id } = await wa.client.sendTemplate(number, wa.templates[kind], payload.whatsapp.params));
    } catch (err) {
      const message = err instanceof Error ? err.message.slice(0, 500) : String(err);
      this.opts.onAttemptFailed?.(false);
      log.warn({ jobId: job.id, kind: job.kind, err: message }, 'whatsapp not sent; falling back to e-mail');
      return fallBack('failed', message);
    }
    await repo.recordAttempt(job.id, { channel: 'whatsapp', at: new Date(now()), result: 'sent', providerMessageId: id });
    if (!(await repo.markSent(job.id, job.attempts, new Date(now()), 'whatsapp'))) {
      log.warn({ jobId: job.id }, 'whatsapp sent after its claim was taken over');
    }
    return 'sent';
  }

  /** Runs batches until nothing is due (bounded, so one tick cannot run forever). */
  async drain(maxBatches = 100): Promise<number> {
    let total = 0;
    for (let i = 0; i < maxBatches; i++) {
      const n = await this.runOnce();
      total += n;
      if (n < BATCH) break;
    }
    return total;
  }

  /** Starts polling every `intervalMs`. */
  start(intervalMs: number) {
    this.stopped = false;
    this.intervalMs = intervalMs;
    this.schedule(intervalMs);
  }

  /** Asks for a run now (a message was queued); never waits for it. */
  kick() {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  /** Stops polling and waits for the batch in progress. */
  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delay: number) {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.tick(), delay);
    this.timer.unref();
  }

  private tick() {
    if (this.stopped || this.running) return;
    this.again = false;
    this.running = this.drain()
      .then(() => this.purge())
      .catch((err: unknown) => this.opts.log.error({ err }, 'mail worker failed'))
      .finally(() => {
        this.running = undefined;
        if (!this.stopped) this.schedule(this.again ? 0 : this.intervalMs);
      });
  }

  private async purge() {
    const now = this.opts.now();
    if (now - this.lastPurge < PURGE_EVERY_MS) return;
    this.lastPurge = now;
    await this.opts.repo.purgeFinished(new Date(now - KEEP_FINISHED_MS));
  }
}
