import crypto from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { STAND_IN_SDK } from './stand-in-sdk.js';
import { newToken } from '../../../infra/token.js';

/**
 * A local stand-in of PayPal's REST API (OAuth token, create, read and capture an order, refund a
 * capture) and of
 * its JS SDK, for the browser tests, the API tests and the offline demo. It behaves like PayPal
 * where the clinic depends on it: bearer tokens, order states (CREATED -> APPROVED -> COMPLETED),
 * ORDER_NOT_APPROVED and ORDER_ALREADY_CAPTURED refusals, idempotent `PayPal-Request-Id`.
 * Never mounted in production (config.ts refuses it).
 */

export interface StandInOrder {
  id: string;
  status: 'CREATED' | 'APPROVED' | 'COMPLETED';
  reference_id: string;
  custom_id: string;
  description: string;
  amount: { currency_code: string; value: string };
  payer_id?: string;
  capture?: { id: string; status: string; custom_id: string; amount: { currency_code: string; value: string } };
}

/** A refund the stand-in performed, against a capture. */
export interface StandInRefund {
  id: string;
  capture_id: string;
  status: 'COMPLETED';
  amount: { currency_code: string; value: string };
  invoice_id?: string;
  create_time: string;
}

/** What a test makes the next capture of an order answer instead of the truth. */
export interface CaptureOverride {
  status?: string;
  value?: string;
  currency_code?: string;
  custom_id?: string;
}

/** In-process state of a stand-in; tests read it and steer it. */
export class PaypalStandInState {
  readonly orders = new Map<string, StandInOrder>();
  readonly tokens = new Set<string>();
  readonly captureOverrides = new Map<string, CaptureOverride>();
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  /** Captures PayPal really performed (a repeated request id answered from memory is not one). */
  capturesPerformed = 0;
  /** Refunds performed, in order (a repeated request id answered from memory is not one). */
  readonly refunds: StandInRefund[] = [];

  /** Cents refunded so far from a capture. */
  refundedCents(captureId: string) {
    return this.refunds.filter((r) => r.capture_id === captureId).reduce((sum, r) => sum + Math.round(Number(r.amount.value) * 100), 0);
  }

  constructor(
    readonly clientId: string,
    readonly clientSecret: string,
  ) {}

  remembered(key: string) {
    return this.idempotent.get(key);
  }
  remember(key: string, status: number, body: unknown) {
    this.idempotent.set(key, { status, body });
  }
}

const orderBodySchema = z.object({
  intent: z.literal('CAPTURE'),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().max(256),
        custom_id: z.string().max(127),
        description: z.string().max(127).optional(),
        amount: z.object({ currency_code: z.string().length(3), value: z.string().regex(/^\d+(\.\d{2})?$/) }),
      }),
    )
    .length(1),
});

const refundBodySchema = z.object({
  amount: z.object({ currency_code: z.string().length(3), value: z.string().regex(/^\d+(\.\d{2})?$/) }).optional(),
  invoice_id: z.string().max(127).optional(),
  note_to_payer: z.string().max(255).optional(),
});

const paypalError = (reply: FastifyReply, status: number, name: string, issue?: string) =>
  reply.code(status).send({ name, message: name, details: issue ? [{ issue }] : [] });

// PayPal's order ids are 17 upper-case letters and digits.
const orderId = () => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  const bytes = crypto.randomBytes(17);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
};

function orderView(o: StandInOrder) {
  return {
    id: o.id,
    status: o.status,
    intent: 'CAPTURE',
    purchase_units: [
      {
        reference_id: o.reference_id,
        custom_id: o.custom_id,
        description: o.description,
        amount: o.amount,
        ...(o.capture ? { payments: { captures: [o.capture] } } : {}),
      },
    ],
    ...(o.payer_id ? { payer: { payer_id: o.payer_id } } : {}),
  };
}

/** The stand-in's routes; register it with a prefix (the server mounts it at /paypal-sandbox in the demo). */
export async function paypalStandIn(app: FastifyInstance, opts: { state: PaypalStandInState }) {
  const { state } = opts;

  // PayPal's token endpoint takes a form body; this parser stays inside the stand-in's scope.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const bearer = (request: FastifyRequest) => {
    const h = request.headers.authorization ?? '';
    return h.startsWith('Bearer ') && state.tokens.has(h.slice(7));
  };

  app.post('/v1/oauth2/token', async (request, reply) => {
    const h = request.headers.authorization ?? '';
    const expected = `Basic ${Buffer.from(`${state.clientId}:${state.clientSecret}`).toString('base64')}`;
    if (h !== expected) return reply.code(401).send({ error: 'invalid_client', error_description: 'Client Authentication failed' });
    if (typeof request.body !== 'string' || !request.body.includes('grant_type=client_credentials')) {
      return reply.code(400).send({ error: 'unsupported_grant_type' });
    }
    const token = `A21AA${newToken(24)}`;
    state.tokens.add(token);
    return { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', expires_in: 32400 };
  });

  app.post('/v2/checkout/orders', async (request, reply) => {
    if (!bearer(request)) return paypalError(reply, 401, 'AUTHENTICATION_FAILURE');
    const requestId = request.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `create:${requestId}` : undefined;
    const again = key ? state.remembered(key) : undefined;
    if (again) return reply.code(again.status).send(again.body);
    const parsed = orderBodySchema.safeParse(request.body);
    if (!parsed.success) return paypalError(reply, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
    const unit = parsed.data.purchase_units[0]!;
    const order: StandInOrder = {
      id: orderId(),
      status: 'CREATED',
      reference_id: unit.reference_id,
      custom_id: unit.custom_id,
      description: unit.description ?? '',
      amount: unit.amount,
    };
    state.orders.set(order.id, order);
    const body = { id: order.id, status: order.status, links: [{ rel: 'approve', href: `checkoutnow?token=${order.id}` }] };
    if (key) state.remember(key, 201, body);
    return reply.code(201).send(body);
  });

  app.get<{ Params: { id: string } }>('/v2/checkout/orders/:id', async (request, reply) => {
    if (!bearer(request)) return paypalError(reply, 401, 'AUTHENTICATION_FAILURE');
    const order = state.orders.get(request.params.id);
    if (!order) return paypalError(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    return orderView(order);
  });

  app.post<{ Params: { id: string } }>('/v2/checkout/orders/:id/capture', async (request, reply) => {
    if (!bearer(request)) return paypalError(reply, 401, 'AUTHENTICATION_FAILURE');
    const requestId = request.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `capture:${request.params.id}:${requestId}` : undefined;
    const again = key ? state.remembered(key) : undefined;
    if (again) return reply.code(again.status).send(again.body);
    const order = state.orders.get(request.params.id);
    if (!order) return paypalError(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (order.status === 'COMPLETED') return paypalError(reply, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_ALREADY_CAPTURED');
    if (order.status !== 'APPROVED') return paypalError(reply, 422, 'UNPROCESSABLE_ENTITY', 'ORDER_NOT_APPROVED');
    const override = state.captureOverrides.get(order.id) ?? {};
    const captureStatus = override.status ?? 'COMPLETED';
    order.capture = {
      id: orderId(),
      status: captureStatus,
      custom_id: override.custom_id ?? order.custom_id,
      amount: { currency_code: override.currency_code ?? order.amount.currency_code, value: override.value ?? order.amount.value },
    };
    order.status = 'COMPLETED';
    state.capturesPerformed += 1;
    const body = { ...orderView(order), status: captureStatus === 'COMPLETED' ? 'COMPLETED' : captureStatus };
    if (key) state.remember(key, 201, body);
    return reply.code(201).send(body);
  });

  // POST /v2/payments/captures/{capture_id}/refund, as PayPal answers it: a full refund without a
  // body amount, a partial one with it; REFUND_AMOUNT_EXCEEDED above what remains,
  // CAPTURE_FULLY_REFUNDED once nothing remains; the capture's status then REFUNDED or
  // PARTIALLY_REFUNDED. A repeated PayPal-Request-Id is answered from memory, refunding nothing.
  app.post<{ Params: { id: string } }>('/v2/payments/captures/:id/refund', async (request, reply) => {
    if (!bearer(request)) return paypalError(reply, 401, 'AUTHENTICATION_FAILURE');
    const requestId = request.headers['paypal-request-id'];
    const key = typeof requestId === 'string' ? `refund:${request.params.id}:${requestId}` : undefined;
    const again = key ? state.remembered(key) : undefined;
    if (again) return reply.code(again.status).send(again.body);
    const order = [...state.orders.values()].find((o) => o.capture?.id === request.params.id);
    const capture = order?.capture;
    if (!capture) return paypalError(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    const parsed = refundBodySchema.safeParse(request.body ?? {});
    if (!parsed.success) return paypalError(reply, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
    const capturedCents = Math.round(Number(capture.amount.value) * 100);
    const remaining = capturedCents - state.refundedCents(capture.id);
    if (remaining <= 0) return paypalError(reply, 422, 'UNPROCESSABLE_ENTITY', 'CAPTURE_FULLY_REFUNDED');
    const amount = parsed.data.amount ?? { currency_code: capture.amount.currency_code, value: (remaining / 100).toFixed(2) };
    if (amount.currency_code !== capture.amount.currency_code) return paypalError(reply, 422, 'UNPROCESSABLE_ENTITY', 'CURRENCY_MISMATCH');
    const cents = Math.round(Number(amount.value) * 100);
    if (cents <= 0) return paypalError(reply, 400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE');
    if (cents > remaining) return paypalError(reply, 422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED');
    const refund: StandInRefund = {
      id: orderId(),
      capture_id: capture.id,
      status: 'COMPLETED',
      amount: { currency_code: amount.currency_code, value: amount.value },
      ...(parsed.data.invoice_id ? { invoice_id: parsed.data.invoice_id } : {}),
      create_time: new Date().toISOString(),
    };
    state.refunds.push(refund);
    capture.status = cents === remaining ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    const minimal = request.headers.prefer !== 'return=representation';
    const links = [{ href: `v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' }];
    const body = minimal
      ? { id: refund.id, status: refund.status, links }
      : { id: refund.id, amount: refund.amount, ...(refund.invoice_id ? { invoice_id: refund.invoice_id } : {}), status: refund.status, create_time: refund.create_time, update_time: refund.create_time, links };
    if (key) state.remember(key, 201, body);
    return reply.code(201).send(body);
  });

  // The buyer's approval, which PayPal's own window does; only the stand-in's SDK calls it.
  app.post<{ Params: { id: string } }>('/demo/orders/:id/approve', async (request, reply) => {
    const order = state.orders.get(request.params.id);
    if (!order) return paypalError(reply, 404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID');
    if (order.status === 'CREATED') {
      order.status = 'APPROVED';
      order.payer_id = `DEMO${crypto.randomBytes(5).toString('hex').toUpperCase()}`;
    }
    return { orderID: order.id, payerID: order.payer_id ?? null };
  });

  app.get<{ Querystring: Record<string, string> }>('/sdk/js', async (request, reply) => {
    // PayPal refuses a script request with an unknown client id; the page then shows its setup error.
    if (request.query['client-id'] !== state.clientId) {
      return reply.code(400).type('application/javascript').send('throw new Error("PayPal (demo): client-id no válido");');
    }
    return reply.type('application/javascript; charset=utf-8').header('cache-control', 'no-cache').send(STAND_IN_SDK);
  });
}

/** Starts a stand-in on its own port (loopback, a free port); the API tests point PAYPAL_API_BASE at it. */
export async function startPaypalStandIn(opts: { clientId?: string; clientSecret?: string } = {}) {
  const state = new PaypalStandInState(opts.clientId ?? 'test-client-id', opts.clientSecret ?? 'test-client-secret');
  const app = Fastify({ logger: false });
  await app.register(paypalStandIn, { state });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address,
    state,
    /** Approves an order as the buyer does in PayPal's window. */
    async approve(id: string) {
      const res = await app.inject({ method: 'POST', url: `/demo/orders/${id}/approve` });
      return res.json<{ orderID: string; payerID: string }>();
    },
    close: () => app.close(),
  };
}
export type PaypalStandIn = Awaited<ReturnType<typeof startPaypalStandIn>>;
