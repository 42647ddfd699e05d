import type { Access, Role } from '@clinica/shared';
import type { Config } from './infra/config.js';
import type { Database, Db } from './db/client.js';
import type { Storage } from './infra/storage.js';
import type { SessionStore, SessionAccount } from './modules/auth/sessions.plugin.js';
import type { Mailer } from './modules/mail/mailer.plugin.js';
import type { Notifier } from './modules/mail/notify.js';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    /** Milliseconds since the epoch; tests inject a clock they can move. */
    now: () => number;
    storage: Storage;
    sessions: SessionStore;
    /** The e-mail queue (modules/mail/mailer.plugin.ts). */
    mail: Mailer;
    /** The typed messages modules send: `await app.notify.paymentApproved({ paymentId })`. */
    notify: Notifier;
  }
  interface FastifyContextConfig {
    /** Who may call the route. Every /api route must say it (deny by default). */
    access?: Access | readonly Access[];
  }
  interface FastifyRequest {
    /** The signed-in accounts of this browser that the route's access allows, by role. */
    accounts: Partial<Record<Role, SessionAccount>>;
  }
}
