import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { YappyIpnStatus } from '@clinica/shared';
import { yappyHashKey } from '../../../infra/config.js';
import { yappyHash, yappyValue } from '../yappy-client.js';
import { STAND_IN_COMPONENT } from './stand-in-component.js';

/**
 * A local stand-in of Yappy's payment button v2 (decision 0058), for the demo of `npm start`, the
 * API tests and the browser tests: the merchant validation and order creation API with Yappy's
 * shapes, the `<btn-yappy>` web component, a demo "phone" where the patient approves, rejects or
 * cancels, and the notification to the order's ipnUrl with a correct hash. Never mounted in
 * production (config.ts refuses it).
 */

export interface StandInYappyOrder {
  transactionId: string;
  token: string;
  documentName: string;
  orderId: string;
  domain: string;
  ipnUrl: string;
  total: string;
  status: 'pendiente' | YappyIpnStatus;
}

/** What a notification the stand-in sent got back. */
export interface StandInIpnCall {
  orderId: string;
  status: YappyIpnStatus;
  forged: boolean;
  answer: number;
}

/** Calls the server's ipnUrl (in-process in the demo and the tests: Fastify's inject on its path). */
export type IpnCaller = (url: string) => Promise<{ status: number; body: string }>;

/** In-process state of the stand-in; tests read and steer it. */
export class YappyStandInState {
  readonly orders = new Map<string, StandInYappyOrder>();
  readonly tokens = new Set<string>();
  readonly ipnCalls: StandInIpnCall[] = [];
  /** A test makes the next order creation fail (Yappy down). */
  failNextOrder = false;
  private readonly hashKey: string;

  constructor(
    readonly merchantId: string,
    secretKey: string,
    readonly domain: string,
    private readonly callIpn: IpnCaller,
  ) {
    const key = yappyHashKey(secretKey);
    if (!key) throw new Error('Yappy stand-in: the secret key is not in Yappy’s form');
    this.hashKey = key;
  }

  orderByOrderId(orderId: string) {
    return [...this.orders.values()].find((o) => o.orderId === orderId);
  }

  /**
   * What Yappy does when the payer decides in their app: the notification to the order's ipnUrl.
   * `forge` (tests only) sends a wrong hash, as an impostor would.
   */
  async decide(transactionId: string, status: YappyIpnStatus, opts: { forge?: boolean } = {}) {
    const order = this.orders.get(transactionId);
    if (!order) return undefined;
    order.status = status;
    const confirmationNumber = status === 'E' ? `DEMO${crypto.randomInt(10_000_000, 99_999_999)}` : '';
    const hash = opts.forge ? crypto.randomBytes(32).toString('hex') : yappyHash(this.hashKey, order.orderId, status, order.domain);
    const url = new URL(order.ipnUrl);
    url.search = new URLSearchParams({ orderId: order.orderId, status, domain: order.domain, hash, confirmationNumber }).toString();
    const answer = await this.callIpn(url.toString());
    this.ipnCalls.push({ orderId: order.orderId, status, forged: opts.forge === true, answer: answer.status });
    return { answer: answer.status, confirmationNumber };
  }
}

const validateSchema = z.object({ merchantId: z.string(), urlDomain: z.string() });
const money = z.string().regex(/^\d{1,7}\.\d{2}$/);
const orderSchema = z.object({
  merchantId: z.string(),
  orderId: z.string().regex(/^[A-Za-z0-9]{1,15}$/),
  domain: z.string(),
  paymentDate: z.union([z.number(), z.string()]),
  aliasYappy: z.string().optional(),
  ipnUrl: z.string().url(),
  discount: money,
  taxes: money,
  subtotal: money,
  total: money,
});
// The payer's choice in the demo phone; a forged notification is only for the tests (state.decide).
const decideSchema = z.object({ status: z.enum(['E', 'R', 'C']) });

const yappyError = (reply: FastifyReply, status: number, code: string, description: string) =>
  reply.code(status).send({ status: { code, description } });

/** The stand-in's routes; mounted by the payments plugin at YAPPY_STAND_IN_PATH. */
export async function yappyStandIn(app: FastifyInstance, opts: { state: YappyStandInState }) {
  const { state } = opts;
  const cents = (v: string) => Math.round(Number(v) * 100);

  app.post('/payments/validate/merchant', async (request, reply) => {
    const body = validateSchema.safeParse(request.body);
    if (!body.success) return yappyError(reply, 400, 'YP-0400', 'Solicitud no válida');
    if (body.data.merchantId !== state.merchantId || body.data.urlDomain !== state.domain) {
      return yappyError(reply, 401, 'YP-0401', 'Comercio no válido');
    }
    const token = crypto.randomBytes(24).toString('base64url');
    state.tokens.add(token);
    return { status: { code: '0000', description: 'Correct execution' }, body: { epochTime: Math.floor(Date.now() / 1000), token } };
  });

  app.post('/payments/payment-wc', async (request, reply) => {
    const token = request.headers.authorization;
    if (!token || !state.tokens.has(token)) return yappyError(reply, 400, 'YP-0401', 'Token no válido');
    state.tokens.delete(token);
    const body = orderSchema.safeParse(request.body);
    if (!body.success) return yappyError(reply, 400, 'YP-0400', 'Orden no válida');
    const o = body.data;
    if (o.merchantId !== state.merchantId || o.domain !== state.domain) return yappyError(reply, 401, 'YP-0401', 'Comercio no válido');
    if (cents(o.total) <= 0 || cents(o.total) !== cents(o.subtotal) + cents(o.taxes) - cents(o.discount)) {
      return yappyError(reply, 400, 'YP-0402', 'Montos no válidos');
    }
    if (state.orderByOrderId(o.orderId)) return yappyError(reply, 409, 'YP-0409', 'Orden repetida');
    if (state.failNextOrder) {
      state.failNextOrder = false;
      return yappyError(reply, 503, 'YP-0503', 'Servicio no disponible');
    }
    const order: StandInYappyOrder = {
      transactionId: `DEMO-${crypto.randomBytes(6).toString('hex').toUpperCase()}`,
      token: crypto.randomBytes(24).toString('base64url'),
      documentName: `demo-${o.orderId}`,
      orderId: o.orderId,
      domain: o.domain,
      ipnUrl: o.ipnUrl,
      total: yappyValue(cents(o.total)),
      status: 'pendiente',
    };
    state.orders.set(order.transactionId, order);
    return {
      status: { code: '0000', description: 'Correct execution' },
      body: { transactionId: order.transactionId, token: order.token, documentName: order.documentName },
    };
  });

  // The demo "phone": what the payer sees in Yappy's app (the order's amount), and their decision.
  app.get<{ Params: { transactionId: string }; Querystring: { token?: string } }>('/demo/orders/:transactionId', async (request, reply) => {
    const order = state.orders.get(request.params.transactionId);
    if (!order || order.token !== request.query.token) return yappyError(reply, 404, 'YP-0404', 'Orden no encontrada');
    return { orderId: order.orderId, total: order.total, status: order.status };
  });

  app.post<{ Params: { transactionId: string }; Querystring: { token?: string } }>('/demo/orders/:transactionId/decide', async (request, reply) => {
    const order = state.orders.get(request.params.transactionId);
    // The component holds the order's token (eventPayment): nobody else decides an order.
    if (!order || order.token !== request.query.token) return yappyError(reply, 404, 'YP-0404', 'Orden no encontrada');
    const body = decideSchema.safeParse(request.body);
    if (!body.success) return yappyError(reply, 400, 'YP-0400', 'Solicitud no válida');
    if (order.status !== 'pendiente') return yappyError(reply, 409, 'YP-0409', 'La orden ya fue decidida');
    const done = await state.decide(order.transactionId, body.data.status);
    return { status: order.status, notified: done?.answer === 200 };
  });

  app.get('/v1/cdn/web-component-btn-yappy.js', async (_request, reply) =>
    reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(STAND_IN_COMPONENT),
  );
}
