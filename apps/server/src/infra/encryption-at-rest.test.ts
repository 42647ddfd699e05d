import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { files } from '../db/schema.js';
import { rotateFileKey } from '../db/rotate-file-key.js';
import { createStorage } from './storage.js';
import { PNG_1X1, createTestApp, multipart, validRegistration, type TestApp } from '../../test/harness.js';

// Encryption at rest (issue 11, item 7): identity and medical files are stored encrypted with
// AES-256-GCM; whoever copies the data directory reads no plaintext.

const MARKER = 'CEDULA-8-123-456-TEXTO-EN-CLARO';

/** A real PNG carrying a recognisable text chunk, as a photo of an ID card carries its text. */
function markedPng(extra = '') {
  const data = Buffer.from(`Comment\0${MARKER}${extra}`, 'latin1');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from('tEXt', 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  const iend = PNG_1X1.length - 12;
  return Buffer.concat([PNG_1X1.subarray(0, iend), len, body, crc, PNG_1X1.subarray(iend)]);
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('encryption at rest', () => {
  it('stores an ID image so that its raw bytes hold neither the image nor its text, and reads it back whole', async () => {
    const image = markedPng();
    const reg = validRegistration();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...multipart(reg, [{ field: 'image_cedula', filename: 'cedula.png', bytes: image }]),
    });
    expect(res.statusCode).toBe(201);

    const [row] = await t.app.db.select().from(files);
    expect(row).toMatchObject({ encrypted: true, mime: 'image/png', size: image.length });

    const stored = await filesUnder(t.dataDir);
    const raw = await Promise.all(stored.map((f) => fs.readFile(f)));
    const theImage = raw.filter((bytes) => bytes.length === image.length + 28); // iv + tag + ciphertext
    expect(theImage).toHaveLength(1);
    for (const bytes of raw) {
      expect(bytes.includes(Buffer.from(MARKER))).toBe(false);
      expect(bytes.includes(PNG_1X1.subarray(0, 8))).toBe(false); // the PNG signature
      expect(bytes.includes(Buffer.from(reg.cedula))).toBe(false);
    }
    expect((await t.app.storage.get(row!.id, { encrypted: true })).equals(image)).toBe(true);
  });

  it('refuses a stored file whose bytes were changed (GCM authentication), rather than serving altered data', async () => {
    const [row] = await t.app.db.select().from(files);
    const [file] = (await filesUnder(t.dataDir)).filter((f) => path.basename(f) === row!.id);
    const bytes = await fs.readFile(file!);
    bytes[bytes.length - 1]! ^= 0xff;
    await fs.writeFile(file!, bytes);
    await expect(t.app.storage.get(row!.id, { encrypted: true })).rejects.toThrow();
  });

  it('rotates the key: a new key reads old files through the previous key, and after the rotation needs no old key', async () => {
    const reg = validRegistration();
    const image = markedPng(' (segunda)');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...multipart(reg, [{ field: 'image_cedula', filename: 'cedula.png', bytes: image }]),
    });
    expect(res.statusCode).toBe(201);
    const mine = (await t.app.db.select().from(files)).filter((f) => f.size === image.length);
    expect(mine).toHaveLength(1);
    const id = mine[0]!.id;

    const oldKey = t.app.config.fileKeys.current;
    const newKey: Buffer = crypto.randomBytes(32);
    const at = (current: Buffer, previous: Buffer[]) =>
      createStorage({ storageDriver: 'local', dataDir: t.dataDir, fileKeys: { current, previous } }, t.app.db);

    await expect(at(newKey, []).get(id, { encrypted: true })).rejects.toThrow(); // the new key alone cannot read it yet
    expect((await at(newKey, [oldKey]).get(id, { encrypted: true })).equals(image)).toBe(true);

    const done = await rotateFileKey(t.app.db, { storageDriver: 'local', dataDir: t.dataDir, fileKeys: { current: newKey, previous: [oldKey] } });
    expect(done.files).toBe(1);
    expect(done.unreadable).toHaveLength(1); // the file altered by the test above: reported, not fatal
    expect((await at(newKey, []).get(id, { encrypted: true })).equals(image)).toBe(true);
    await expect(at(oldKey, []).get(id, { encrypted: true })).rejects.toThrow(); // the old key reads nothing any more
  });
});
