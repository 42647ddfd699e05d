import fs from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, messages } from '@clinica/shared';
import { files, patients } from '../../db/schema.js';
import { PNG_1X1, createTestApp, multipart, validRegistration, type TestApp } from '../../../test/harness.js';

// The upload limits (issue 11, item 4): a body that cannot fit is answered 413 before it is read,
// and a form never brings more files than it has fields for.

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t.close());

const rows = async () => ({
  patients: (await t.app.db.select({ n: count() }).from(patients))[0]!.n,
  files: (await t.app.db.select({ n: count() }).from(files))[0]!.n,
});

/**
 * Declares a body of `declared` bytes, sends only the first `sent`, and waits for the answer
 * without sending more: what comes back came before the body was read.
 */
function partialUpload(declared: number, sent: number) {
  return new Promise<{ head: string; body: string; closed: boolean; sentBytes: number }>((resolve, reject) => {
    const boundary = '----clinica413';
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    let sentBytes = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(
          `no answer while the body was incomplete (got: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)})`,
        ),
      );
    }, 5000);
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', () => {}); // the server may reset a connection it no longer reads
    socket.on('close', () => {
      clearTimeout(timer);
      const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
      resolve({ head, body, closed: true, sentBytes });
    });
    socket.write(
      `POST /api/auth/register HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${declared}\r\n\r\n`,
    );
    const part = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image_cedula"; filename="cedula.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.alloc(sent),
    ]);
    sentBytes = part.length;
    socket.write(part);
  });
}

describe('upload limits', () => {
  it('answers 413 to a body declared over the limit before reading it, and closes the connection', async () => {
    const before = await rows();
    const declared = 60 * 1024 * 1024;
    const res = await partialUpload(declared, 64 * 1024);
    expect(res.head).toMatch(/^HTTP\/1\.1 413/);
    expect(res.head.toLowerCase()).toContain('connection: close');
    expect(JSON.parse(res.body)).toEqual({ success: false, message: messages.fileTooLarge });
    expect(res.sentBytes).toBeLessThan(declared / 100);
    expect(await rows()).toEqual(before);
  });

  it('still answers a file streamed over the limit with 413 (no declared length to trust)', async () => {
    const before = await rows();
    const reg = validRegistration();
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(MAX_UPLOAD_BYTES)]);
    const { payload, headers } = multipart(reg, [{ field: 'image_cedula', filename: 'cedula.png', bytes: big }]);
    const res = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
      method: 'POST',
      headers,
      // A stream has no Content-Length: the body arrives chunked.
      body: new Blob([payload]).stream(),
      duplex: 'half',
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ success: false, message: messages.fileTooLarge });
    expect(await rows()).toEqual(before);
  });

  it('refuses a second file for a field that takes one, writing nothing', async () => {
    const before = await rows();
    const reg = validRegistration();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...multipart(reg, [
        { field: 'image_cedula', filename: 'a.png', bytes: PNG_1X1 },
        { field: 'image_cedula', filename: 'b.png', bytes: PNG_1X1 },
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: messages.invalidRequest });
    expect(await rows()).toEqual(before);
  });

  it('never uses the file name as a path: a traversal name is stored under a random id', async () => {
    const reg = validRegistration();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...multipart(reg, [{ field: 'image_cedula', filename: '../../../../etc/passwd', bytes: PNG_1X1 }]),
    });
    expect(res.statusCode).toBe(201);
    for (const row of await t.app.db.select().from(files)) {
      expect(row.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(row.nombre).not.toMatch(/[\\/]|\.\./);
    }
    // On disk only random ids exist, all inside the data directory.
    const onDisk = (await fs.readdir(t.dataDir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
    expect(onDisk.length).toBeGreaterThan(0);
    for (const e of onDisk) expect(e.name).not.toContain('passwd');
  });
});
