import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type Sponsor } from '@clinica/shared';
import { CookieJar, createTestApp, multipart, type TestApp } from '../../../test/harness.js';
import { fetchImage, picture, signIn, storedObjects } from '../media/media.test-helpers.js';

let t: TestApp;
let admin: CookieJar;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin');
});
afterAll(async () => t.close());

const send = async (method: 'POST' | 'PUT', url: string, fields: Record<string, string>, image?: Buffer, jar: CookieJar = admin) => {
  const body = multipart(fields, image ? [{ field: 'imagen', filename: 'logo.png', bytes: image }] : []);
  return t.app.inject({ method, url, headers: { ...body.headers, cookie: jar.header }, payload: body.payload });
};
const list = async () => (await t.app.inject({ method: 'GET', url: '/api/sponsors' })).json<Sponsor[]>();

describe('sponsors', () => {
  it('with none, the public list is empty', async () => {
    expect(await list()).toEqual([]);
  });

  it('an administrator adds a sponsor (name, picture, link); everybody can read it', async () => {
    const res = await send('POST', '/api/admin/sponsors', { nombre: 'Farmacia Central', enlace: 'https://farmacia.example.com/' }, await picture('png', 800, 200));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, mensaje: messages.registrationOk });
    const [sponsor] = await list();
    expect(sponsor).toMatchObject({ nombre: 'Farmacia Central', enlace: 'https://farmacia.example.com/', imagen_ancho: 300, imagen_alto: 75 });
    const img = await fetchImage(t, sponsor!.imagen_url);
    expect([img.format, img.width, img.height]).toEqual(['webp', 300, 75]);
  });

  it('refuses a link that is not http(s), a missing picture and a non-image, storing nothing', async () => {
    const before = [await list(), await storedObjects(t)];
    const script = await send('POST', '/api/admin/sponsors', { nombre: 'X', enlace: 'javascript:alert(1)' }, await picture('png'));
    expect(script.json()).toMatchObject({ success: false, message: messages.invalidLink });
    const noPicture = await send('POST', '/api/admin/sponsors', { nombre: 'X', enlace: 'https://x.example.com' });
    expect(noPicture.json()).toMatchObject({ success: false, message: messages.photoRequired });
    const fake = await send('POST', '/api/admin/sponsors', { nombre: 'X', enlace: 'https://x.example.com' }, Buffer.from('GIF89a-no'));
    expect(fake.json()).toMatchObject({ success: false, message: messages.invalidImage });
    expect([await list(), await storedObjects(t)]).toEqual(before);
  });

  it('only administrators manage sponsors', async () => {
    const patient = await signIn(t, 'patient');
    const doctor = await signIn(t, 'doctor');
    const [sponsor] = await list();
    for (const jar of [patient, doctor, new CookieJar()]) {
      const res = await send('POST', '/api/admin/sponsors', { nombre: 'Y', enlace: 'https://y.example.com' }, await picture('png'), jar);
      expect(res.statusCode).toBe(401);
      const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/sponsors/${sponsor!.id}`, headers: { cookie: jar.header } });
      expect(del.statusCode).toBe(401);
    }
    expect((await list()).length).toBe(1);
  });

  it('an administrator edits and deletes a sponsor', async () => {
    const [sponsor] = await list();
    const edit = await send('PUT', `/api/admin/sponsors/${sponsor!.id}`, { nombre: 'Farmacia Norte', enlace: 'http://norte.example.com' });
    expect(edit.json()).toEqual({ success: true, mensaje: messages.recordUpdated });
    expect((await list())[0]).toMatchObject({ nombre: 'Farmacia Norte', enlace: 'http://norte.example.com', imagen_url: sponsor!.imagen_url });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/sponsors/${sponsor!.id}`, headers: { cookie: admin.header } });
    expect(del.statusCode).toBe(200);
    expect(await list()).toEqual([]);
    expect((await fetchImage(t, sponsor!.imagen_url)).res.statusCode).toBe(404);
  });
});
