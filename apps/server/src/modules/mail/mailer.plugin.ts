import fp from 'fastify-plugin';
import { mailJobsRepository } from './mail-jobs.repository.js';
import { outboxTransport, smtpTransport } from './mail-transport.js';
import { MailWorker } from './mail-worker.js';
import { openMailPayload, sealMailPayload } from './mail-payload.js';
import { createNotifier } from './notify.js';
import { clinicContact } from './mail.templates.js';
import { recipientsRepository } from './recipients.repository.js';

/** A message to queue: the rendered parts, and optionally when and under which unique key. */
export interface QueuedMessage {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
  /** Not before this time (a reminder); now by default. */
  sendAt?: Date;
  /** At most one message with this key is ever queued; `cancel(key)` withdraws it. */
  dedupeKey?: string;
}

/** `app.mail`: the e-mail queue. */
export interface Mailer {
  /** 'smtp' when SMTP_URL is configured, 'outbox' when messages are written to the outbox folder. */
  readonly mode: 'smtp' | 'outbox';
  readonly outboxDir: string;
  /** Queues a message (one INSERT) and wakes the worker; returns the job id, or null for a duplicate key. */
  enqueue(message: QueuedMessage): Promise<string | null>;
  /** Withdraws a queued message by its key; how many were withdrawn. */
  cancel(dedupeKey: string): Promise<number>;
  /** Sends every due message now, in this process (tests, and the worker's own loop). */
  drain(): Promise<number>;
}

/**
 * E-mail: a queue in the database, a worker that sends from it (SMTP, or the outbox folder when
 * no SMTP server is configured), and `app.notify`, the typed messages modules send. The worker
 * starts with the app and stops before the database closes.
 */
export default fp(
  async (app) => {
    const cfg = app.config.mail;
    const repo = mailJobsRepository(app.db);
    const transport = cfg.smtpUrl ? smtpTransport(cfg.smtpUrl, cfg.from) : outboxTransport(cfg.outboxDir, cfg.from);
    // The queue as an operator watches it: depth by status (read from the table at each scrape,
    // so every instance reports the shared queue) and this instance's failed attempts.
    app.metrics.gauge({
      name: 'clinica_mail_jobs',
      help: 'Correos en la cola por estado: queued (por enviar), sending (en envío), failed (abandonados, se guardan 30 días)',
      labelNames: ['status'] as const,
      async collect() {
        const counts = new Map((await repo.countByStatus()).map((r) => [r.status, Number(r.count)]));
        for (const status of ['queued', 'sending', 'failed'] as const) this.set({ status }, counts.get(status) ?? 0);
      },
    });
    const failures = app.metrics.counter({
      name: 'clinica_mail_send_failures_total',
      help: 'Intentos de envío de correo fallidos en esta instancia; final="true" cuando no habrá más intentos',
      labelNames: ['final'] as const,
    });
    const worker = new MailWorker({
      repo,
      transport,
      now: app.now,
      log: app.log,
      maxAttempts: cfg.maxAttempts,
      onAttemptFailed: (gaveUp) => failures.inc({ final: String(gaveUp) }),
      open: (stored) => openMailPayload(app.config.fileKeys, stored),
    });

    const mailer: Mailer = {
      mode: transport.name,
      outboxDir: cfg.outboxDir,
      async enqueue(message) {
        const now = app.now();
        const runAt = message.sendAt && message.sendAt.getTime() > now ? message.sendAt : new Date(now);
        const row = await repo.insert({
          kind: message.kind,
          recipient: message.to,
          subject: message.subject,
          payload: sealMailPayload(app.config.fileKeys, {
            text: message.text,
            html: message.html,
            attachments: message.attachments ?? [],
          }),
          runAt,
          createdAt: new Date(now),
          dedupeKey: message.dedupeKey,
        });
        if (row && runAt.getTime() <= now && cfg.worker) worker.kick();
        return row?.id ?? null;
      },
      cancel: (dedupeKey) => repo.cancelByDedupeKey(dedupeKey),
      drain: () => worker.drain(),
    };

    app.decorate('mail', mailer);
    app.decorate(
      'notify',
      createNotifier({
        mail: mailer,
        recipients: recipientsRepository(app.db),
        ctx: { clinicName: app.config.clinic.name, origin: cfg.linkOrigin, contact: clinicContact(app.config.clinic) },
        now: app.now,
        log: app.log,
        reminderHours: app.config.appointmentReminderHours,
      }),
    );

    if (cfg.worker) {
      app.addHook('onReady', async () => worker.start(cfg.pollMs));
    }
    // preClose runs before any onClose hook, so the batch in progress finishes while the
    // database is still open.
    app.addHook('preClose', async () => {
      await worker.stop();
      transport.close();
    });
  },
  { name: 'mailer', dependencies: ['config', 'db', 'metrics'] },
);
