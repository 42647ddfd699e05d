import fp from 'fastify-plugin';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Config } from './config.js';
import type { Db } from '../db/client.js';
import { storedObjects } from '../db/schema.js';
import { decrypt, encrypt, type Keyring } from './keyring.js';

// The keyring's AES-256-GCM lives in infra/keyring.ts (the database's encrypted columns use it too, and
// the schema must not import this plugin); re-exported for the callers that always found it here.
export { decrypt, encrypt, type Keyring };

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
