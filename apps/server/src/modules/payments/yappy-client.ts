import crypto from 'node:crypto';
import { z } from 'zod';
import type { Fetch } from './paypal-client.js';

/**
 * Yappy's payment button API, version 2 (decision 0058): validate the merchant (a token for the
 * next call) and create the order for the server's amount. The base URL is configuration, so the
 * tests and the demo talk to the local stand-in (./yappy-stand-in) exactly as production talks to
 * Yappy. Also the notification's hash, which the stand-in makes and the IPN route checks.
 */

export interface YappyClientOptions {
  apiBase: string;
  merchantId: string;
  /** The site's domain registered with Yappy (an origin: https://clinica.example.pa). */
  domain: string;
  fetch?: Fetch;
}

/** Yappy answered with an error (HTTP status, or its own `status.code` when the HTTP status was 200). */
export class YappyApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
  ) {
    super(`Yappy answered ${status}${code ? ` (${code})` : ''}`);
  }
}

const statusShape = z.object({ code: z.string().optional(), description: z.string().optional() }).optional();
const validateSchema = z.object({
  status: statusShape,
  body: z.object({ token: z.string().min(1), epochTime: z.union([z.number(), z.string()]) }),
});
const orderSchema = z.object({
  status: statusShape,
  body: z.object({ transactionId: z.string().min(1), token: z.string().min(1), documentName: z.string().min(1) }),
});
export type YappyOrderCreated = z.infer<typeof orderSchema>['body'];

/** Amount as Yappy writes it: '10.00'. */
export const yappyValue = (cents: number) => (cents / 100).toFixed(2);

/** The part of a domain the notification compares: the host, lower case, whatever scheme or trailing slash. */
export const domainHost = (domain: string) => {
  const d = domain.trim().toLowerCase();
  try {
    return new URL(d.includes('://') ? d : `https://${d}`).host;
  } catch {
    return d.replace(/\/+$/, '');
  }
};

/** The notification's hash: HMAC-SHA256 (hex) of orderId + status + domain, keyed with the secret key's first part. */
export function yappyHash(hashKey: string, orderId: string, status: string, domain: string) {
  return crypto.createHmac('sha256', hashKey).update(`${orderId}${status}${domain}`).digest('hex');
}

/**
 * Whether `received` is the hash of these values, compared in constant time: both sides are
 * hashed again with SHA-256 first, so the comparison never depends on the received length.
 */
export function yappyHashMatches(hashKey: string, orderId: string, status: string, domain: string, received: string) {
  const expected = crypto.createHash('sha256').update(yappyHash(hashKey, orderId, status, domain)).digest();
  const given = crypto.createHash('sha256').update(received.trim().toLowerCase()).digest();
  return crypto.timingSafeEqual(expected, given);
}

export function yappyClient(opts: YappyClientOptions) {
  const doFetch: Fetch = opts.fetch ?? ((url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(20_000) }));

  async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await doFetch(`${opts.apiBase}${path}`, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    let json: unknown = undefined;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    const code = statusShape.safeParse((json as { status?: unknown } | undefined)?.status).data?.code;
    if (!res.ok) throw new YappyApiError(res.status, code);
    return json;
  }

  return {
    /** Validates the merchant: Yappy's token for the order and its time (paymentDate). */
    async validateMerchant() {
      const answer = validateSchema.safeParse(await post('/payments/validate/merchant', { merchantId: opts.merchantId, urlDomain: opts.domain }));
      if (!answer.success) throw new YappyApiError(200, 'invalid-answer');
      return { token: answer.data.body.token, epochTime: Number(answer.data.body.epochTime) };
    },

    /**
     * Creates the order at Yappy for the server's amount (no taxes, no discount), with the IPN
     * address Yappy will call. Returns what `<btn-yappy>`'s eventPayment takes.
     */
    async createOrder(input: { orderId: string; amountCents: number; ipnUrl: string }): Promise<YappyOrderCreated> {
      const { token, epochTime } = await this.validateMerchant();
      const total = yappyValue(input.amountCents);
      const answer = orderSchema.safeParse(
        await post(
          '/payments/payment-wc',
          {
            merchantId: opts.merchantId,
            orderId: input.orderId,
            domain: opts.domain,
            paymentDate: epochTime,
            // The payer's phone is typed in Yappy's own window; the clinic never asks for it here.
            aliasYappy: '',
            ipnUrl: input.ipnUrl,
            discount: '0.00',
            taxes: '0.00',
            subtotal: total,
            total,
          },
          { authorization: token },
        ),
      );
      if (!answer.success) throw new YappyApiError(200, 'invalid-answer');
      return answer.data.body;
    },
  };
}
export type YappyClient = ReturnType<typeof yappyClient>;
