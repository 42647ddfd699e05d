import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, messages, type GalleryImage } from '@clinica/shared';
import { CookieJar, createTestApp, multipart, type TestApp } from '../../../test/harness.js';
import { fetchImage, picture, signIn, storedObjects } from '../media/media.test-helpers.js';

let t: TestApp;
let admin: CookieJar;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin');
});
afterAll(async () => t.close());

const upload = (filename: string, bytes: Buffer, jar: CookieJar = admin) => {
  t.clock.advance(60_000);
  const body = multipart({}, [{ field: 'image', filename, bytes }]);
  return t.app.inject({ method: 'POST', url: '/api/gallery', headers: { ...body.headers, cookie: jar.header }, payload: body.payload });
};
const list = async (jar: CookieJar = admin) =>
  (await t.app.inject({ method: 'GET', url: '/api/gallery', headers: { cookie: jar.header } })).json<GalleryImage[]>();

describe('gallery', () => {
  it('an administrator uploads images one request per file and sees them listed by name', async () => {
    const first = await upload('consultorio.png', await picture('png', 900, 600));
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ success: true, message: messages.imagesUploaded });
    expect((await upload('recepción.jpg', await picture('jpeg', 600, 900))).statusCode).toBe(201);

    const images = await list();
    expect(images.map((i) => i.nombre)).toEqual(['recepción.jpg', 'consultorio.png']);
    expect(images.map((i) => [i.ancho, i.alto])).toEqual([
      [200, 300],
      [300, 200],
    ]);
    const img = await fetchImage(t, images[0]!.url);
    expect([img.format, img.width, img.height]).toEqual(['webp', 200, 300]);
    expect((await fetchImage(t, images[0]!.url_2x)).width).toBe(400);
  });

  it('refuses a non-image, an empty request and a file over the limit, storing nothing', async () => {
    const before = [await list(), await storedObjects(t)];
    const fake = await upload('foto.png', Buffer.from('<html>no</html>'));
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({ message: messages.invalidImage });
    const none = multipart({});
    const empty = await t.app.inject({ method: 'POST', url: '/api/gallery', headers: { ...none.headers, cookie: admin.header }, payload: none.payload });
    expect(empty.json()).toMatchObject({ message: messages.photoRequired });
    const big = await upload('big.png', Buffer.concat([await picture('png', 4, 4), Buffer.alloc(MAX_UPLOAD_BYTES)]));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ message: messages.fileTooLarge });
    expect([await list(), await storedObjects(t)]).toEqual(before);
  });

  it('is for administrators only', async () => {
    const patient = await signIn(t, 'patient');
    const doctor = await signIn(t, 'doctor');
    for (const jar of [patient, doctor, new CookieJar()]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/gallery', headers: { cookie: jar.header } })).statusCode).toBe(401);
      expect((await upload('x.png', await picture('png'), jar)).statusCode).toBe(401);
    }
    expect((await list()).length).toBe(2);
  });

  it('an administrator deletes an image', async () => {
    const [first] = await list();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/gallery/${first!.id}`, headers: { cookie: admin.header } });
    expect(res.statusCode).toBe(200);
    expect((await list()).map((i) => i.id)).not.toContain(first!.id);
    expect((await fetchImage(t, first!.url)).res.statusCode).toBe(404);
  });
});
