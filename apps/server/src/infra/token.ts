import crypto from 'node:crypto';

/** An unguessable token for a link, cookie or public id: `bytes` random bytes, base64url. */
export const newToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');

/**
 * SHA-256 of a token (as UTF-8) or of a file's bytes. The encoding is always named by the caller:
 * each table keeps the format it was written with, and a hash compared in another encoding would
 * silently never match (sessions, recovery and verification links and throttle keys: base64url;
 * invitations, challenges, recovery codes, file checksums: hex; the registration keys compared in
 * constant time: the raw bytes).
 */
export function sha256(data: string | Buffer, encoding: 'hex' | 'base64url'): string;
export function sha256(data: string | Buffer, encoding: 'buffer'): Buffer;
export function sha256(data: string | Buffer, encoding: 'hex' | 'base64url' | 'buffer'): string | Buffer {
  // One-shot crypto.hash where it can: the session polls hash a token per request, and
  // createHash costs about 3x more. Node 20's crypto.hash cannot answer a Buffer.
  if (encoding === 'buffer') return crypto.createHash('sha256').update(data).digest();
  return crypto.hash('sha256', data, encoding);
}
