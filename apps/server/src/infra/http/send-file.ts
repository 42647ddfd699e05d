import type { FastifyReply } from 'fastify';

// Raster images were content-checked on upload (magic bytes) and cannot run anything, so the pages
// may show them in an <img> and open them in a tab. Everything else (PDF receipts, fiscal invoices,
// exam files) leaves as a download: a stored file is never rendered as a document of our origin.
const SHOWN_INLINE = new Set(['image/png', 'image/jpeg', 'image/webp', 'image/gif']);

/**
 * Sends a stored medical or payment file to the person the route already authorised: its exact
 * stored type, never cached, never sniffed, and under a sandboxing policy that lets it run nothing.
 * The name is only a label (RFC 5987 encoded); files are stored under random ids, never by name.
 */
export function sendStoredFile(reply: FastifyReply, file: { bytes: Buffer; mime: string; nombre: string }) {
  const disposition = SHOWN_INLINE.has(file.mime) ? 'inline' : 'attachment';
  return reply
    .header('content-type', file.mime)
    .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.nombre)}`)
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'")
    .send(file.bytes);
}
