import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { createTestApp, type TestApp } from '../test/harness.js';

/** Every error in the product's format, the framework's early ones included (issue 19). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(async () => t.close());

describe('errors Fastify and Node answer before a route runs', () => {
  it('a parameter over the length limit is 414 with the catalogue message', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/doctor/chats/${'A'.repeat(300)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ success: false, message: messages.urlTooLong });
  });

  it('a URL that does not decode, bad JSON and a foreign content type answer in the product format', async () => {
    const badUrl = await t.app.inject({ method: 'GET', url: '/api/%E0%A4%A' });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json()).toEqual({ success: false, message: messages.invalidRequest });
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ success: false, message: messages.invalidRequest });
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ success: false, message: messages.unsupportedContentType });
  });

  it("headers over Node's limit get 431 with the catalogue message on the socket", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(`GET /api/site HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
      });
      let data = '';
      socket.on('data', (d: Buffer) => (data += d.toString('utf8')));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 431 /);
    const body = raw.slice(raw.indexOf('\r\n\r\n') + 4);
    expect(JSON.parse(body)).toEqual({ success: false, message: messages.headersTooLarge });
  });
});
