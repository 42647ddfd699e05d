import crypto from 'node:crypto';

/** An unguessable token for a link, cookie or public id: `bytes` random bytes, base64url. */
export const newToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
