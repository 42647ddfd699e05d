import crypto from 'node:crypto';

/**
 * The file keys: `current` encrypts everything new; `previous` keys (FILE_ENCRYPTION_PREVIOUS_KEYS)
 * still decrypt what they wrote until `npm run rotate-file-key -w @clinica/server` has re-encrypted
 * it under the current key (docs/security.md, "Key rotation").
 */
export interface Keyring {
  current: Buffer;
  previous: readonly Buffer[];
}
const keysOf = (key: Buffer | Keyring): readonly Buffer[] => (Buffer.isBuffer(key) ? [key] : [key.current, ...key.previous]);

/** Encrypts with AES-256-GCM under the given 32-byte key (a keyring's current key). */
export function encrypt(key: Buffer | Keyring, plain: Buffer): Buffer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', keysOf(key)[0]!, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function decryptUnder(key: Buffer, stored: Buffer): Buffer {
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, stored.subarray(0, 12));
  decipher.setAuthTag(stored.subarray(12, 28));
  return Buffer.concat([decipher.update(stored.subarray(28)), decipher.final()]);
}

/**
 * Decrypts what `encrypt` wrote, under the current key or a previous one; throws if a byte was
 * changed (GCM authentication fails under every key).
 */
export function decrypt(key: Buffer | Keyring, stored: Buffer): Buffer {
  const keys = keysOf(key);
  for (const [i, k] of keys.entries()) {
    try {
      return decryptUnder(k, stored);
    } catch (err) {
      if (i === keys.length - 1) throw err;
    }
  }
  throw new Error('no file key');
}

