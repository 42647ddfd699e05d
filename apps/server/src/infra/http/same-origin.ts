import type { FastifyRequest } from 'fastify';

/**
 * The one same-origin check: of state-changing calls (the sessions plugin) and of the chat's
 * WebSocket handshake (cross-site WebSocket hijacking). A request without `Origin` passes (not a
 * browser's cross-site call: browsers send it on every cross-origin POST and WebSocket).
 *
 * Compared as parsed origins: 'https://x.pa/' (a configured value with a slash) and a Host header
 * carrying the default port ('x.pa:443') are the same origin as the browser's 'https://x.pa'. With
 * `PUBLIC_ORIGIN` set, only that origin passes; without it, the origin must name the Host the
 * request came to. Anything unparseable is foreign.
 */
export function sameOriginCheck(publicOrigin: string | undefined) {
  const expected = publicOrigin ? new URL(publicOrigin).origin : undefined;
  return (request: Pick<FastifyRequest, 'headers'>): boolean => {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    try {
      const given = new URL(origin);
      if (expected) return given.origin === expected;
      return (
        request.headers.host !== undefined && given.host === new URL(`${given.protocol}//${request.headers.host}`).host
      );
    } catch {
      return false;
    }
  };
}
