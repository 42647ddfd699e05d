import { z } from 'zod';

/**
 * PayPal's REST API, as much of it as the clinic uses: an OAuth token, order creation and
 * capture, reading an order, and refunding a capture. The base URL is configuration, so tests and the demo talk to
 * the local stand-in (./paypal-stand-in) exactly as production talks to PayPal.
 */

import type { Fetch } from '../../infra/http/inject-fetch.js';
export type { Fetch };

export interface PaypalClientOptions {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  fetch?: Fetch;
  now?: () => number;
}

const tokenSchema = z.object({ access_token: z.string().min(1), expires_in: z.number().optional() });
const createdSchema = z.object({ id: z.string().min(1), status: z.string() });

const captureSchema = z.object({
  id: z.string(),
  status: z.string().optional(),
  purchase_units: z
    .array(
      z.object({
        reference_id: z.string().optional(),
        custom_id: z.string().optional(),
        payments: z
          .object({
            captures: z
              .array(
                z.object({
                  id: z.string(),
                  status: z.string(),
                  custom_id: z.string().optional(),
                  amount: z.object({ currency_code: z.string(), value: z.string() }),
                }),
              )
              .optional(),
          })
          .optional(),
      }),
    )
    .optional(),
});
export type PaypalCapture = z.infer<typeof captureSchema>;

const refundSchema = z.object({
  id: z.string().min(1),
  status: z.string(),
  amount: z.object({ currency_code: z.string(), value: z.string() }).optional(),
});
export type PaypalRefund = z.infer<typeof refundSchema>;

/** PayPal answered with an error status (its `name` and first `issue`, when it gave them). */
export class PaypalApiError extends Error {
  constructor(
    readonly status: number,
    readonly issue: string | undefined,
  ) {
    super(`PayPal answered ${status}${issue ? ` (${issue})` : ''}`);
  }
}

const errorBodySchema = z.object({
  name: z.string().optional(),
  details: z.array(z.object({ issue: z.string().optional() })).optional(),
});

/** Amount as PayPal writes it: '10.00'. */
export const paypalValue = (cents: number) => (cents / 100).toFixed(2);

/** Creates a PayPal REST client; exported functions never trust an answer's shape without parsing it. */
export function paypalClient(opts: PaypalClientOptions) {
  const doFetch: Fetch = opts.fetch ?? ((url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(20_000) }));
  const now = opts.now ?? Date.now;
  let token: { value: string; expiresAt: number } | null = null;

  async function call(path: string, init: { method: string; headers?: Record<string, string>; body?: string }, auth: string) {
    const res = await doFetch(`${opts.apiBase}${path}`, {
      method: init.method,
      headers: { accept: 'application/json', authorization: auth, ...init.headers },
      body: init.body,
    });
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const parsed = errorBodySchema.safeParse(json);
      const issue = parsed.success ? (parsed.data.details?.[0]?.issue ?? parsed.data.name) : undefined;
      throw new PaypalApiError(res.status, issue);
    }
    return json;
  }

  async function accessToken() {
    if (token && token.expiresAt > now()) return token.value;
    const basic = Buffer.from(`${opts.clientId}:${opts.clientSecret}`).toString('base64');
    const body = tokenSchema.parse(
      await call(
        '/v1/oauth2/token',
        { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' },
        `Basic ${basic}`,
      ),
    );
    // Renewed a minute early so a token never expires between two calls.
    token = { value: body.access_token, expiresAt: now() + Math.max(0, (body.expires_in ?? 300) - 60) * 1000 };
    return token.value;
  }

  async function authorised(path: string, init: { method: string; headers?: Record<string, string>; body?: string }) {
    const bearer = `Bearer ${await accessToken()}`;
    try {
      return await call(path, init, bearer);
    } catch (err) {
      // A token revoked early is renewed once.
      if (err instanceof PaypalApiError && err.status === 401) {
        token = null;
        return call(path, init, `Bearer ${await accessToken()}`);
      }
      throw err;
    }
  }

  return {
    /** Creates an order for the server's amount, carrying the server's reference; returns PayPal's order id. */
    async createOrder(input: { reference: string; amountCents: number; description: string }) {
      const body = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.reference,
            custom_id: input.reference,
            description: input.description.slice(0, 127),
            amount: { currency_code: 'USD', value: paypalValue(input.amountCents) },
          },
        ],
      };
      const created = createdSchema.parse(
        await authorised('/v2/checkout/orders', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'paypal-request-id': `order-${input.reference}` },
          body: JSON.stringify(body),
        }),
      );
      return { id: created.id };
    },

    /**
     * Captures an approved order. The request id makes a retry idempotent: PayPal answers a
     * repeated capture with the first one's result instead of charging twice.
     */
    async captureOrder(orderId: string, reference: string): Promise<PaypalCapture> {
      return captureSchema.parse(
        await authorised(`/v2/checkout/orders/${encodeURIComponent(orderId)}/capture`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'paypal-request-id': `capture-${reference}` },
          body: '{}',
        }),
      );
    },

    /**
     * Refunds (part of) a capture: POST /v2/payments/captures/{capture_id}/refund. The request id
     * makes a retry idempotent (PayPal answers the first refund again instead of refunding twice);
     * PayPal itself refuses a refund above what remains of the capture (REFUND_AMOUNT_EXCEEDED,
     * CAPTURE_FULLY_REFUNDED).
     */
    async refundCapture(captureId: string, input: { amountCents: number; requestId: string; invoiceId: string }): Promise<PaypalRefund> {
      return refundSchema.parse(
        await authorised(`/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'paypal-request-id': `refund-${input.requestId}`,
            prefer: 'return=representation',
          },
          body: JSON.stringify({
            amount: { currency_code: 'USD', value: paypalValue(input.amountCents) },
            invoice_id: input.invoiceId,
            note_to_payer: 'Reembolso de la clínica',
          }),
        }),
      );
    },

    /** Reads an order (its captures included) as PayPal has it now. */
    async getOrder(orderId: string): Promise<PaypalCapture> {
      return captureSchema.parse(await authorised(`/v2/checkout/orders/${encodeURIComponent(orderId)}`, { method: 'GET' }));
    },
  };
}
export type PaypalClient = ReturnType<typeof paypalClient>;
