import type { FastifyInstance, InjectOptions } from 'fastify';

/** The part of `fetch` the provider clients use (PayPal, WhatsApp): one call with a method, headers and a text body. */
export type Fetch = (url: string, init: { method: string; headers: Record<string, string>; body?: string }) => Promise<Response>;

/**
 * Calls a stand-in mounted on this app in-process, through Fastify's inject, as if over HTTP: the
 * demo and the tests talk to the local stand-ins (PayPal, WhatsApp) exactly as production talks to
 * the provider, without listening on a port.
 */
export function injectFetch(app: FastifyInstance): Fetch {
  return async (url, init) => {
    const res = await app.inject({
      method: init.method as InjectOptions['method'],
      url,
      headers: init.headers,
      payload: init.body,
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(res.headers)) {
      if (v !== undefined) headers.set(k, Array.isArray(v) ? v.join(', ') : String(v));
    }
    return new Response(res.rawPayload, { status: res.statusCode, headers });
  };
}
