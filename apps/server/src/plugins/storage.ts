import fp from 'fastify-plugin';
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';

/**
 * Where file bytes live. Local disk by default; a store shared by instances can implement the
 * same interface. Medical and identity files are encrypted with AES-256-GCM: the stored object is
 * iv (12 bytes) + auth tag (16 bytes) + ciphertext, so a copied disk reveals nothing.
 */
export interface Storage {
  put(key: string, bytes: Buffer, opts: { encrypt: boolean }): Promise<void>;
  get(key: string, opts: { encrypted: boolean }): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[0-9a-f-]{36}$/;

/** Encrypts with AES-256-GCM under the given 32-byte key. */
export function encrypt(key: Buffer, plain: Buffer): Buffer {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** Decrypts what `encrypt` wrote; throws if a byte was changed. */
export function decrypt(key: Buffer, stored: Buffer): Buffer {
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, stored.subarray(0, 12));
  decipher.setAuthTag(stored.subarray(12, 28));
  return Buffer.concat([decipher.update(stored.subarray(28)), decipher.final()]);
}

/** Files on local disk under `<dataDir>/files`; keys are uuids, never names a user chose. */
export function localDiskStorage(dir: string, key: Buffer): Storage {
  const pathOf = (k: string) => {
    if (!SAFE_KEY.test(k)) throw new Error('invalid storage key');
    return path.join(dir, k.slice(0, 2), k);
  };
  return {
    async put(k, bytes, opts) {
      const file = pathOf(k);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = `${file}.tmp-${process.pid}`;
      await fs.writeFile(tmp, opts.encrypt ? encrypt(key, bytes) : bytes, { flush: true });
      await fs.rename(tmp, file);
    },
    async get(k, opts) {
      const stored = await fs.readFile(pathOf(k));
      return opts.encrypted ? decrypt(key, stored) : stored;
    },
    async delete(k) {
      await fs.rm(pathOf(k), { force: true });
    },
  };
}

export default fp(
  async (app) => {
    app.decorate('storage', localDiskStorage(path.join(app.config.dataDir, 'files'), app.config.fileEncryptionKey));
  },
  { name: 'storage', dependencies: ['config'] },
);
