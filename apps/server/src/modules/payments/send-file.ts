import type { FastifyReply } from 'fastify';

/**
 * Sends a stored medical or payment file to the person the route already authorised: shown
 * in the browser (a fiscal PDF opens in a new tab), never cached, and under a policy that lets
 * the file run nothing.
 */
export function sendStoredFile(reply: FastifyReply, file: { bytes: Buffer; mime: string; nombre: string }) {
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', `inline; filename*=UTF-8''${encodeURIComponent(file.nombre)}`)
    .header('cache-control', 'private, no-store')
    .header('x-frame-options', 'SAMEORIGIN')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'")
    .send(file.bytes);
}
