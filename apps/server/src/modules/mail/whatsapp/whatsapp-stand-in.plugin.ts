import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/**
 * A local stand-in of the WhatsApp Business Cloud API's message sending (decision 0059), for the
 * API tests, the browser tests and the offline demo: `POST /<version>/<phone-number-id>/messages`
 * with a Bearer token and a template message, answered as Meta answers (`messaging_product`,
 * `contacts`, `messages[0].id` = a 'wamid.' id; errors as `{ error: { message, type, code } }`).
 * It records what it received so a test can read it, and a switch makes it fail. Never mounted in
 * production (config.ts refuses WHATSAPP_STAND_IN there).
 */

/** One template message the stand-in accepted. */
export interface StandInWhatsappMessage {
  id: string;
  to: string;
  template: string;
  language: string;
  params: string[];
  /** The request's whole JSON body as received (a test checks that no clinical field is in it). */
  body: string;
  at: Date;
}

/** How the next sends fail: an HTTP 500, an answer that never comes, or Meta's 'undeliverable' for the number. */
export type StandInFailure = 'http' | 'timeout' | 'invalid-number';

/** In-process state of the stand-in: what it received and the failure switch. */
export class WhatsappStandInState {
  readonly received: StandInWhatsappMessage[] = [];
  /** Every request body, accepted or not. */
  readonly requests: string[] = [];
  failure: StandInFailure | null = null;
  constructor(
    readonly token: string,
    readonly phoneNumberId: string,
  ) {}
  /** Turns the failure switch (null: answer normally again). */
  fail(mode: StandInFailure | null) {
    this.failure = mode;
  }
}

const messageSchema = z.object({
  messaging_product: z.literal('whatsapp'),
  recipient_type: z.literal('individual').optional(),
  to: z.string().regex(/^\d{7,15}$/),
  type: z.literal('template'),
  template: z.object({
    name: z.string().regex(/^[a-z0-9_]{1,512}$/),
    language: z.object({ code: z.string().min(2) }),
    components: z
      .array(z.object({ type: z.literal('body'), parameters: z.array(z.object({ type: z.literal('text'), text: z.string().max(1024) })) }))
      .optional(),
  }),
});

const graphError = (reply: FastifyReply, status: number, code: number, message: string, type = 'OAuthException') =>
  reply.code(status).send({ error: { message, type, code, fbtrace_id: crypto.randomBytes(8).toString('base64url') } });

function authorised(request: FastifyRequest, state: WhatsappStandInState) {
  const given = Buffer.from(request.headers.authorization ?? '');
  const expected = Buffer.from(`Bearer ${state.token}`);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

export async function whatsappStandIn(app: FastifyInstance, opts: { state: WhatsappStandInState; hangMs?: number }) {
  const { state } = opts;

  app.post<{ Params: { version: string; phoneNumberId: string } }>('/:version/:phoneNumberId/messages', {
    handler: async (request, reply) => {
      if (!authorised(request, state)) return graphError(reply, 401, 190, 'Invalid OAuth access token.');
      if (request.params.phoneNumberId !== state.phoneNumberId) {
        return graphError(reply, 400, 100, 'Unsupported post request. Object does not exist.', 'GraphMethodException');
      }
      const raw = JSON.stringify(request.body ?? null);
      state.requests.push(raw);
      const parsed = messageSchema.safeParse(request.body);
      if (!parsed.success) return graphError(reply, 400, 100, '(#100) Invalid parameter');
      if (state.failure === 'http') return graphError(reply, 500, 1, 'An unknown error occurred', 'OAuthException');
      if (state.failure === 'timeout') {
        await new Promise((resolve) => setTimeout(resolve, opts.hangMs ?? 30_000).unref());
        return graphError(reply, 504, 2, 'Service temporarily unavailable');
      }
      if (state.failure === 'invalid-number') return graphError(reply, 400, 131026, '(#131026) Message undeliverable');
      const id = `wamid.${crypto.randomBytes(24).toString('base64url')}`;
      const body = parsed.data;
      state.received.push({
        id,
        to: body.to,
        template: body.template.name,
        language: body.template.language.code,
        params: (body.template.components ?? []).flatMap((c) => c.parameters.map((p) => p.text)),
        body: raw,
        at: new Date(),
      });
      return { messaging_product: 'whatsapp', contacts: [{ input: body.to, wa_id: body.to }], messages: [{ id, message_status: 'accepted' }] };
    },
  });

  // The demo's switch, like the PayPal stand-in's demo routes (never mounted in production): make the next sends fail, or not.
  app.post('/demo/fail', {
    handler: async (request, reply) => {
      const mode = z.object({ mode: z.enum(['http', 'timeout', 'invalid-number']).nullable() }).safeParse(request.body);
      if (!mode.success) return graphError(reply, 400, 100, '(#100) Invalid parameter');
      state.fail(mode.data.mode);
      return { failure: state.failure };
    },
  });
}
