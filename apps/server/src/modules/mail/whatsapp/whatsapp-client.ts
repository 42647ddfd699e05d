import { z } from 'zod';
import type { Fetch } from '../../../infra/http/inject-fetch.js';

/** A refused or failed send: HTTP status (0 for a timeout or network error) and the Graph API's error code. */
export class WhatsappError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: number,
  ) {
    super(message);
  }
}

// The Cloud API's answer to POST /{phone-number-id}/messages (Meta, "Send messages"): the contact
// as WhatsApp resolved it and the message id (wamid) that the status webhook reports on.
const sentSchema = z.object({
  messaging_product: z.literal('whatsapp'),
  contacts: z.array(z.object({ input: z.string(), wa_id: z.string() })).optional(),
  messages: z.array(z.object({ id: z.string().min(1) })).min(1),
});
const errorSchema = z.object({
  error: z.object({ message: z.string(), code: z.number().optional(), error_subcode: z.number().optional() }),
});

/** The template message's JSON (Cloud API): template name, language `es`, the body's text parameters in order. */
export function templateMessage(to: string, template: string, params: readonly string[]) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    // E.164 without the '+': the form the Cloud API documents for `to`.
    to: to.replace(/^\+/, ''),
    type: 'template',
    template: {
      name: template,
      language: { code: 'es' },
      components: [{ type: 'body', parameters: params.map((text) => ({ type: 'text', text })) }],
    },
  };
}

export interface WhatsappClient {
  /** Sends one template message; the provider's message id, or throws a WhatsappError. */
  sendTemplate(to: string, template: string, params: readonly string[]): Promise<{ id: string }>;
}

/**
 * The WhatsApp Business Cloud API, as much as the clinic uses: template messages to one number,
 * with the access token as a Bearer. The base is configuration, so the tests and the demo talk to
 * the local stand-in exactly as production talks to Meta.
 */
export function whatsappClient(opts: { apiBase: string; phoneNumberId: string; token: string; fetch?: Fetch; timeoutMs?: number }): WhatsappClient {
  // A timeout well under the mail worker's lease (10 minutes): a hung API cannot outlive the claim.
  // Raced here rather than only signalled, so a stand-in reached in-process times out the same way.
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const base: Fetch = opts.fetch ?? ((url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) }));
  const doFetch: Fetch = (url, init) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { name: 'TimeoutError' })), timeoutMs);
    });
    return Promise.race([base(url, init), timeout]).finally(() => clearTimeout(timer));
  };
  return {
    async sendTemplate(to, template, params) {
      let res: Response;
      try {
        res = await doFetch(`${opts.apiBase}/${opts.phoneNumberId}/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' },
          body: JSON.stringify(templateMessage(to, template, params)),
        });
      } catch (err) {
        throw new WhatsappError(`WhatsApp no respondió: ${err instanceof Error ? err.name : 'error de red'}`, 0);
      }
      const body: unknown = await res.json().catch(() => null);
      if (!res.ok) {
        const e = errorSchema.safeParse(body);
        const code = e.success ? e.data.error.code : undefined;
        throw new WhatsappError(`WhatsApp respondió ${res.status}${code ? ` (código ${code})` : ''}: ${e.success ? e.data.error.message.slice(0, 200) : 'sin detalle'}`, res.status, code);
      }
      const sent = sentSchema.safeParse(body);
      if (!sent.success) throw new WhatsappError('WhatsApp respondió sin identificador de mensaje', res.status);
      return { id: sent.data.messages[0]!.id };
    },
  };
}
