import fp from 'fastify-plugin';
import { mailJobsRepository } from './mail-jobs.repository.js';
import { outboxTransport, smtpTransport } from './mail-transport.js';
import { MailWorker } from './mail-worker.js';
import { openMailPayload, sealMailPayload } from './mail-payload.js';
import { createNotifier } from './notify.js';
import { clinicContact } from './mail.templates.js';
import { recipientsRepository } from './recipients.repository.js';
import { WHATSAPP_STAND_IN_PATH } from '../../infra/config.js';
import { injectFetch } from '../../infra/http/inject-fetch.js';
import { whatsappClient } from './whatsapp/whatsapp-client.js';
import { whatsappNumber } from './whatsapp/whatsapp-number.js';
import { WhatsappStandInState, whatsappStandIn } from './whatsapp/whatsapp-stand-in.plugin.js';
import type { WhatsappChannel } from './mail-worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The WhatsApp Cloud API's local stand-in, when the server mounts one (decision 0059: the demo and the tests). */
    whatsappStandIn?: WhatsappStandInState;
  }
}

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
  /** The patient it is for (decision 0059: their WhatsApp consent is read again at send time). */
  patientId?: string;
  /** Queued for WhatsApp: the template's kind and parameters; the e-mail parts are the fall-back. */
  whatsapp?: { kind: string; params: string[] };
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
  /** Whether notices may go by WhatsApp (decision 0059): configured, or the demo's stand-in. */
  readonly whatsappEnabled: boolean;
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
    const recipients = recipientsRepository(app.db);
    // WhatsApp (decision 0059): Meta's Cloud API, the local stand-in (demo, tests) or off.
    const wa = app.config.whatsapp;
    let whatsapp: WhatsappChannel | undefined;
    if (wa.mode !== 'off') {
      let fetch;
      if (wa.mode === 'stand-in') {
        const state = new WhatsappStandInState(wa.token, wa.phoneNumberId);
        await app.register(whatsappStandIn, { prefix: WHATSAPP_STAND_IN_PATH, state });
        app.decorate('whatsappStandIn', state);
        fetch = injectFetch(app);
        app.log.warn('WhatsApp en modo de demostración: se usa el sustituto local en %s', WHATSAPP_STAND_IN_PATH);
      }
      whatsapp = {
        client: whatsappClient({ apiBase: wa.apiBase, phoneNumberId: wa.phoneNumberId, token: wa.token, fetch }),
        templates: wa.templates,
        async numberOf(patientId) {
          const row = await recipients.whatsapp(patientId);
          return row ? whatsappNumber(row.country_code, row.celular) : null;
        },
      };
    }
    const worker = new MailWorker({
      repo,
      transport,
      now: app.now,
      log: app.log,
      maxAttempts: cfg.maxAttempts,
      onAttemptFailed: (gaveUp) => failures.inc({ final: String(gaveUp) }),
      open: (stored) => openMailPayload(app.config.fileKeys, stored),
      whatsapp,
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
            ...(message.whatsapp && whatsapp ? { whatsapp: message.whatsapp } : {}),
          }),
          runAt,
          createdAt: new Date(now),
          dedupeKey: message.dedupeKey,
          channel: message.whatsapp && whatsapp ? 'whatsapp' : 'email',
          patientId: message.patientId,
        });
        if (row && runAt.getTime() <= now && cfg.worker) worker.kick();
        return row?.id ?? null;
      },
      cancel: (dedupeKey) => repo.cancelByDedupeKey(dedupeKey),
      drain: () => worker.drain(),
      whatsappEnabled: whatsapp !== undefined,
    };

    app.decorate('mail', mailer);
    app.decorate(
      'notify',
      createNotifier({
        mail: mailer,
        recipients,
        whatsappNumber,
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
