import fp from 'fastify-plugin';
import { YAPPY_API } from '@clinica/shared';
import { PAYPAL_STAND_IN_PATH, YAPPY_STAND_IN_PATH, yappyHashKey } from '../../infra/config.js';
import { injectFetch } from '../../infra/http/inject-fetch.js';
import { paypalClient } from './paypal-client.js';
import { PaypalStandInState, paypalStandIn } from './paypal-stand-in/stand-in.plugin.js';
import { paymentsRepository } from './payments.repository.js';
import { paymentsService, type PaymentsService } from './payments.service.js';
import paymentsRoutes from './payments.routes.js';
import yappyRoutes from './yappy.routes.js';
import { yappyClient } from './yappy-client.js';
import { yappyRepository } from './yappy.repository.js';
import { YappyStandInState, yappyStandIn } from './yappy-stand-in/stand-in.plugin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The payments module's service: features record what a payment pays for through it. */
    payments: PaymentsService;
    /** The demo's PayPal stand-in state, when the server mounts one (no PayPal credentials, not production). */
    paypalStandIn?: PaypalStandInState;
    /** The demo's Yappy stand-in state, when the server mounts one (no Yappy credentials, not production). */
    yappyStandIn?: YappyStandInState;
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
    // Yappy's button (decision 0058): the real API, or the stand-in at /yappy-sandbox in the demo,
    // whose notifications reach this server's IPN route in-process (whatever port it listens on).
    const { yappy } = app.config;
    const ipnUrl = `${yappy.domain}${YAPPY_API.ipn}`;
    let yappyApi;
    if (yappy.mode === 'stand-in') {
      const state = new YappyStandInState(yappy.merchantId, yappy.secretKey, yappy.domain, async (url) => {
        const target = new URL(url);
        const res = await app.inject({ method: 'GET', url: `${target.pathname}${target.search}` });
        return { status: res.statusCode, body: res.body };
      });
      await app.register(yappyStandIn, { prefix: YAPPY_STAND_IN_PATH, state });
      app.decorate('yappyStandIn', state);
      yappyApi = yappyClient({ ...yappy, fetch: injectFetch(app) });
      app.log.warn('Yappy en modo de demostración: se usa el sustituto local en %s', YAPPY_STAND_IN_PATH);
    } else {
      yappyApi = yappyClient(yappy);
    }
    const hashKey = yappyHashKey(yappy.secretKey);
    // parseYappy refuses such a key at start-up; this only narrows the type.
    if (!hashKey) throw new Error('YAPPY_SECRET_KEY no tiene la forma de la clave secreta de Yappy');

    const repo = paymentsRepository(app.db);
    const service = paymentsService({
        db: app.db,
        repo,
        storage: app.storage,
        paypal: client,
        now: app.now,
        log: app.log,
        notify: app.notify,
        yappy: {
          client: yappyApi,
          orders: yappyRepository(app.db),
          config: { domain: yappy.domain, hashKey, ipnUrl, orderMinutes: yappy.orderMinutes },
        },
      });
    app.decorate('payments', service);
    app.addHook('onReady', async () => service.assertEffectsComplete());
    await app.register(paymentsRoutes);
    await app.register(yappyRoutes);

    // Yappy orders past their time close unpaid and release their holds, every minute (one
    // conditional UPDATE each: safe on several instances). The page's poll closes its own at once.
    const sweep = setInterval(() => {
      service.yappy.expireLapsed().catch((err: unknown) => app.log.warn({ err }, 'Yappy order sweep failed'));
    }, 60_000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  },
  { name: 'payments', dependencies: ['config', 'db', 'storage', 'mailer', 'sessions', 'two-factor', 'audit'] },
);
