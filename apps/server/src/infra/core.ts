import fp from 'fastify-plugin';
import type { Config } from './config.js';
import type { Database } from '../db/client.js';

/** Configuration, clock and database as decorators every other plugin depends on. */
export const configPlugin = fp(
  async (app, opts: { config: Config; now: () => number }) => {
    app.decorate('config', opts.config);
    app.decorate('now', opts.now);
  },
  { name: 'config' },
);

export const dbPlugin = fp(
  async (app, opts: { database: Database }) => {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    app.addHook('onClose', async () => opts.database.close());
  },
  { name: 'db' },
);
