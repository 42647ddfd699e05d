import fs from 'node:fs/promises';
import path from 'node:path';
import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedObjects } from '../db/schema.js';
import { createTestApp, validRegistration, type TestApp } from '../../test/harness.js';
import { registerPatient } from '../modules/auth/test-support.js';

// STORAGE_DRIVER=postgres: the files live in the database every instance shares, encrypted
// exactly as on the local disk.

describe('the postgres storage driver', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STORAGE_DRIVER: 'postgres' });
  });
  afterAll(async () => t?.close());

  const raw = async (key: string) =>
    (await t.app.db.select({ bytes: storedObjects.bytes }).from(storedObjects).where(eq(storedObjects.key, key)))[0]?.bytes;

  it('puts, gets and deletes; an encrypted file is unreadable in the table', async () => {
    const key = crypto.randomUUID();
    const plain = Buffer.from('Historia clínica de María González: alergia a la penicilina. '.repeat(40));
    await t.app.storage.put(key, plain, { encrypt: true });
    expect(await t.app.storage.get(key, { encrypted: true })).toEqual(plain);

    const stored = await raw(key);
    expect(stored).toBeInstanceOf(Buffer);
    // iv (12) + tag (16) + ciphertext of the same length; no trace of the text.
    expect(stored!.length).toBe(plain.length + 28);
    expect(stored!.includes(Buffer.from('penicilina'))).toBe(false);
    expect(stored!.includes(plain.subarray(0, 16))).toBe(false);

    await t.app.storage.delete(key);
    expect(await raw(key)).toBeUndefined();
    await expect(t.app.storage.get(key, { encrypted: true })).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('keeps public files as they are, overwrites a key, and refuses a changed byte of an encrypted one', async () => {
    const key = crypto.randomUUID();
    await t.app.storage.put(key, Buffer.from('primera'), { encrypt: false });
    await t.app.storage.put(key, Buffer.from('foto pública'), { encrypt: false });
    expect(await raw(key)).toEqual(Buffer.from('foto pública'));
    expect(await t.app.storage.get(key, { encrypted: false })).toEqual(Buffer.from('foto pública'));

    const secret = crypto.randomUUID();
    await t.app.storage.put(secret, Buffer.from('cédula 8-123-456'), { encrypt: true });
    // One bit pattern of the ciphertext flipped (XOR 255: always a change).
    await t.app.db.execute(sql`update stored_objects set bytes = set_byte(bytes, 39, get_byte(bytes, 39) # 255) where key = ${secret}`);
    await expect(t.app.storage.get(secret, { encrypted: true })).rejects.toThrow();
  });

  it("a patient's ID-card image goes to the table, encrypted, and nothing to the local disk", async () => {
    const before = await t.app.db.select({ key: storedObjects.key }).from(storedObjects);
    const res = await registerPatient(t, validRegistration());
    expect(res.statusCode, res.body).toBe(201);
    const after = await t.app.db.select({ key: storedObjects.key, bytes: storedObjects.bytes }).from(storedObjects);
    const added = after.filter((r) => !before.some((b) => b.key === r.key));
    expect(added).toHaveLength(1);
    // The PNG's signature would open a plaintext image.
    expect(added[0]!.bytes.includes(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBe(false);
    await expect(fs.readdir(path.join(t.dataDir, 'files'))).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a key that is not a uuid', async () => {
    await expect(t.app.storage.put('../../etc/passwd', Buffer.from('x'), { encrypt: false })).rejects.toThrow('invalid storage key');
  });
});
