import fp from 'fastify-plugin';
import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { storedObjects } from '../db/schema.js';

/**
 * Where file bytes live: local disk by default, or a table of the database shared by every
 * instance (STORAGE_DRIVER=postgres), behind the same interface. Medical and identity files are encrypted with AES-256-GCM: the stored object is
 * iv (12 bytes) + auth tag (16 bytes) + ciphertext, so a copied disk reveals nothing.
 */
export interface Storage {
  put(key: string, bytes: Buffer, opts: { encrypt: boolean }): Promise<void>;
  get(key: string, opts: { encrypted: boolean }): Promise<Buffer>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^[0-9a-f-]{36}$/;

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

/** Files on local disk under `<dataDir>/files`; keys are uuids, never names a user chose. */
export function localDiskStorage(dir: string, key: Buffer | Keyring): Storage {
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

/**
 * Files in the database's `stored_objects` table (STORAGE_DRIVER=postgres), so every instance
 * reads what any instance wrote. The bytes are exactly what the local driver would write to disk.
 */
export function postgresStorage(db: Db, key: Buffer | Keyring): Storage {
  const checked = (k: string) => {
    if (!SAFE_KEY.test(k)) throw new Error('invalid storage key');
    return k;
  };
  return {
    async put(k, bytes, opts) {
      const stored = opts.encrypt ? encrypt(key, bytes) : bytes;
      await db
        .insert(storedObjects)
        .values({ key: checked(k), bytes: stored })
        .onConflictDoUpdate({ target: storedObjects.key, set: { bytes: stored } });
    },
    async get(k, opts) {
      const [row] = await db.select({ bytes: storedObjects.bytes }).from(storedObjects).where(eq(storedObjects.key, checked(k)));
      // The same error as a missing file on disk, for callers that tell "absent" from "broken".
      if (!row) throw Object.assign(new Error(`stored object not found: ${k}`), { code: 'ENOENT' });
      return opts.encrypted ? decrypt(key, row.bytes) : row.bytes;
    },
    async delete(k) {
      await db.delete(storedObjects).where(eq(storedObjects.key, checked(k)));
    },
  };
}

/** The storage driver the configuration names (STORAGE_DRIVER). */
export function createStorage(config: Pick<Config, 'storageDriver' | 'dataDir' | 'fileKeys'>, db: Db): Storage {
  return config.storageDriver === 'postgres'
    ? postgresStorage(db, config.fileKeys)
    : localDiskStorage(path.join(config.dataDir, 'files'), config.fileKeys);
}

export default fp(
  async (app) => {
    app.decorate('storage', createStorage(app.config, app.db));
  },
  { name: 'storage', dependencies: ['config', 'db'] },
);
