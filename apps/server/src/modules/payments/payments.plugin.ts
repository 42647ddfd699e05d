import fp from 'fastify-plugin';
import { PAYPAL_STAND_IN_PATH } from '../../infra/config.js';
import { injectFetch } from '../../infra/http/inject-fetch.js';
import { paypalClient } from './paypal-client.js';
import { PaypalStandInState, paypalStandIn } from './paypal-stand-in/stand-in.plugin.js';
import { paymentsRepository } from './payments.repository.js';
import { paymentsService, type PaymentsService } from './payments.service.js';
import paymentsRoutes from './payments.routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments module's service: features record what a payment pays for through it. */
    payments: PaymentsService;
    /** The demo's PayPal stand-in state, when the server mounts one (no PayPal credentials, not production). */
    paypalStandIn?: PaypalStandInState;
  }
}

/**
 * The payments module: PayPal's client (real, or the local stand-in mounted at /paypal-sandbox in
 * the demo), the payments service every feature uses (`app.payments`, built once) and the routes.
 * Consultations, appointments and the chat register what their payments' decisions do
 * (payment-effects.ts) when their own plugins are built; when the app is ready every purpose
 * must have its effects, or the server does not start.
 */
export default fp(
  async (app) => {
    const { paypal } = app.config;
    let client;
    if (paypal.mode === 'stand-in') {
      const state = new PaypalStandInState(paypal.clientId, paypal.clientSecret);
      await app.register(paypalStandIn, { prefix: PAYPAL_STAND_IN_PATH, state });
      app.decorate('paypalStandIn', state);
      client = paypalClient({ ...paypal, fetch: injectFetch(app), now: app.now });
      app.log.warn('PayPal en modo de demostración: se usa el sustituto local en %s', PAYPAL_STAND_IN_PATH);
    } else {
      client = paypalClient({ ...paypal, now: app.now });
    }
    const repo = paymentsRepository(app.db);
    const service = paymentsService({
        db: app.db,
        repo,
        storage: app.storage,
        paypal: client,
        now: app.now,
        log: app.log,
        notify: app.notify,
      });
    app.decorate('payments', service);
    app.addHook('onReady', async () => service.assertEffectsComplete());
    await app.register(paymentsRoutes);
  },
  { name: 'payments', dependencies: ['config', 'db', 'storage', 'mailer', 'sessions', 'two-factor', 'audit'] },
);
