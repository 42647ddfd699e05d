import { eq } from 'drizzle-orm';
import type { Config } from '../infra/config.js';
import type { Db } from './client.js';
import { files } from './schema-accounts.js';
import { staffTwoFactor } from './schema-twofactor.js';
import { createStorage, decrypt, encrypt } from '../infra/storage.js';
import { useFieldKeys } from './field-crypto.js';
import { sealColumns } from './seal-columns.js';

/**
 * Re-encrypts every encrypted file and every staff TOTP secret under the current file key
 * (FILE_ENCRYPTION_KEY), reading them with the current or a previous key
 * (FILE_ENCRYPTION_PREVIOUS_KEYS). Safe to run again and while the app serves: each item is
 * rewritten whole, and every instance can read both keys while the rotation runs. The encrypted
 * columns of the database and their blind indexes move too (decision 0030).
 */
export async function rotateFileKey(db: Db, config: Pick<Config, 'storageDriver' | 'dataDir' | 'fileKeys'>) {
  const storage = createStorage(config, db);
  let fileCount = 0;
  // A file no key can read (altered on disk, or written under a key nobody kept) is left as it is
  // and reported: the rotation moves everything else rather than stopping at it.
  const unreadable: string[] = [];
  for (const { id } of await db.select({ id: files.id }).from(files).where(eq(files.encrypted, true))) {
    let plain: Buffer;
    try {
      plain = await storage.get(id, { encrypted: true });
    } catch {
      unreadable.push(id);
      continue;
    }
    await storage.put(id, plain, { encrypt: true });
    fileCount++;
  }
  let secretCount = 0;
  for (const row of await db.select().from(staffTwoFactor)) {
    const plain = decrypt(config.fileKeys, Buffer.from(row.secret_encrypted, 'base64'));
    await db
      .update(staffTwoFactor)
      .set({ secret_encrypted: encrypt(config.fileKeys, plain).toString('base64') })
      .where(eq(staffTwoFactor.staff_id, row.staff_id));
    secretCount++;
  }
  useFieldKeys(config.fileKeys);
  const { values } = await sealColumns(db, 'all');
  return { files: fileCount, secrets: secretCount, values, unreadable };
}
