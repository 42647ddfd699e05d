import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, messages, type BlogPost, type NewsItem } from '@clinica/shared';
import { CookieJar, createTestApp, multipart, type TestApp } from '../../../test/harness.js';
import { fetchImage, picture, signIn, storedObjects } from '../media/media.test-helpers.js';

let t: TestApp;
let admin: CookieJar;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signIn(t, 'admin');
});
afterAll(async () => t.close());

const form = (fields: Record<string, string>, file?: { filename: string; bytes: Buffer; type?: string }) =>
  multipart(fields, file ? [{ field: 'imagenNoticia', ...file }] : []);

const publish = async (
  kind: 'news' | 'blog',
  fields: Record<string, string>,
  file?: { filename: string; bytes: Buffer; type?: string },
  jar: CookieJar = admin,
) => {
  // A minute between publications, so 'newest first' is a defined order.
  t.clock.advance(60_000);
  const body = form(fields, file);
  return t.app.inject({ method: 'POST', url: `/api/admin/${kind}`, headers: { ...body.headers, cookie: jar.header }, payload: body.payload });
};

const send = (method: 'POST' | 'PUT', url: string, body: ReturnType<typeof multipart>, jar: CookieJar = admin) =>
  t.app.inject({ method, url, headers: { ...body.headers, cookie: jar.header }, payload: body.payload });

const listNews = async () => (await t.app.inject({ method: 'GET', url: '/api/news' })).json<NewsItem[]>();
const listBlog = async () => (await t.app.inject({ method: 'GET', url: '/api/blog' })).json<BlogPost[]>();

/** Runs a refused publication and checks that nothing was written: no record, no stored file. */
async function expectRefusedWithNothingStored(run: () => Promise<{ statusCode: number; json: () => unknown }>, status: number, message: string) {
  const [newsBefore, blogBefore, filesBefore] = [await listNews(), await listBlog(), await storedObjects(t)];
  const res = await run();
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ success: false, message });
  expect(await listNews()).toEqual(newsBefore);
  expect(await listBlog()).toEqual(blogBefore);
  expect(await storedObjects(t)).toBe(filesBefore);
}

describe('news items', () => {
  it('an administrator publishes a news item; /noticias lists it with a 150 px WebP image URL, never base64', async () => {
    const png = await picture('png', 1200, 800);
    const res = await publish('news', { tituloNoticia: 'Vacunación', descripcionNoticia: 'Este sábado vacunamos.' }, {
      filename: 'foto.png',
      bytes: png,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, mensaje: 'Registro exitoso' });

    const [item] = await listNews();
    expect(item).toMatchObject({ titulo: 'Vacunación', descripcion: 'Este sábado vacunamos.', imagen_ancho: 150, imagen_alto: 100 });
    expect(new Date(item!.fecha).getTime()).toBe(t.clock.now());
    expect(JSON.stringify(item)).not.toMatch(/base64|data:image/);

    const one = await fetchImage(t, item!.imagen_url);
    expect(one.res.statusCode).toBe(200);
    expect(one.res.headers['content-type']).toBe('image/webp');
    expect(one.res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect([one.format, one.width, one.height]).toEqual(['webp', 150, 100]);
    const two = await fetchImage(t, item!.imagen_url_2x);
    expect([two.format, two.width, two.height]).toEqual(['webp', 300, 200]);

    // A browser that has it already gets a 304.
    const again = await t.app.inject({ method: 'GET', url: item!.imagen_url, headers: { 'if-none-match': String(one.res.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('refuses a news item without a photo', async () => {
    await expectRefusedWithNothingStored(
      () => publish('news', { tituloNoticia: 'Sin foto', descripcionNoticia: 'Texto' }),
      400,
      messages.photoRequired,
    );
  });

  it('refuses a file that is not an image even when it is named .png', async () => {
    await expectRefusedWithNothingStored(
      () =>
        publish('news', { tituloNoticia: 'Falsa', descripcionNoticia: 'Texto' }, {
          filename: 'foto.png',
          type: 'image/png',
          bytes: Buffer.from('#!/bin/sh\necho esto no es una imagen\n'),
        }),
      400,
      messages.invalidImage,
    );
  });

  it('refuses a photo over the size limit', async () => {
    const big = Buffer.concat([await picture('png', 10, 10), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    await expectRefusedWithNothingStored(
      () => publish('news', { tituloNoticia: 'Grande', descripcionNoticia: 'Texto' }, { filename: 'grande.png', bytes: big }),
      413,
      messages.fileTooLarge,
    );
  });

  it('refuses a missing title with the mandatory-fields message', async () => {
    await expectRefusedWithNothingStored(
      async () => publish('news', { tituloNoticia: '  ', descripcionNoticia: 'Texto' }, { filename: 'a.png', bytes: await picture('png') }),
      400,
      messages.missingFields,
    );
  });

  it('a patient, a doctor or a visitor cannot publish', async () => {
    const patient = await signIn(t, 'patient');
    const doctor = await signIn(t, 'doctor');
    for (const jar of [patient, doctor, new CookieJar()]) {
      for (const kind of ['news', 'blog'] as const) {
        await expectRefusedWithNothingStored(
          async () =>
            publish(kind, { tituloNoticia: 'Intruso', descripcionNoticia: 'Texto' }, { filename: 'a.png', bytes: await picture('png') }, jar),
          401,
          messages.unauthenticated,
        );
      }
      const [item] = await listNews();
      const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/news/${item!.id}`, headers: { cookie: jar.header } });
      expect(del.statusCode).toBe(401);
    }
    expect((await listNews()).length).toBe(1);
  });

  it('keeps a script tag in a title as text: stored and answered exactly as written, as JSON', async () => {
    const titulo = '<script>alert("x")</script> & <b>Aviso</b>';
    const res = await publish('news', { tituloNoticia: titulo, descripcionNoticia: '<img src=x onerror=alert(1)>' }, {
      filename: 'a.webp',
      bytes: await picture('webp'),
    });
    expect(res.statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: '/api/news' });
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    expect(list.headers['x-content-type-options']).toBe('nosniff');
    const item = list.json<NewsItem[]>().find((n) => n.id === res.json<{ id: string }>().id);
    expect(item).toMatchObject({ titulo, descripcion: '<img src=x onerror=alert(1)>' });
  });

  it('an administrator edits a news item (text only, then a new photo) and deletes it; its images go with it', async () => {
    const created = await publish('news', { tituloNoticia: 'Original', descripcionNoticia: 'Uno' }, {
      filename: 'a.jpg',
      bytes: await picture('jpeg', 600, 600),
    });
    const { id } = created.json<{ id: string }>();
    const first = (await listNews()).find((n) => n.id === id)!;
    expect([first.imagen_ancho, first.imagen_alto]).toEqual([150, 150]);

    const textOnly = await send('PUT', `/api/admin/news/${id}`, form({ tituloNoticia: 'Editada', descripcionNoticia: 'Dos' }));
    expect(textOnly.json()).toEqual({ success: true, mensaje: messages.recordUpdated });
    const edited = (await listNews()).find((n) => n.id === id)!;
    expect(edited).toMatchObject({ titulo: 'Editada', descripcion: 'Dos', imagen_url: first.imagen_url });

    const withPhoto = await send(
      'PUT',
      `/api/admin/news/${id}`,
      form({ tituloNoticia: 'Editada', descripcionNoticia: 'Dos' }, { filename: 'b.png', bytes: await picture('png', 300, 600) }),
    );
    expect(withPhoto.statusCode).toBe(200);
    const replaced = (await listNews()).find((n) => n.id === id)!;
    expect(replaced.imagen_url).not.toBe(first.imagen_url);
    expect([replaced.imagen_ancho, replaced.imagen_alto]).toEqual([150, 300]);
    expect((await fetchImage(t, first.imagen_url)).res.statusCode).toBe(404);

    const filesBefore = await storedObjects(t);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/news/${id}`, headers: { cookie: admin.header } });
    expect(del.json()).toEqual({ success: true, mensaje: messages.recordDeleted });
    expect((await listNews()).some((n) => n.id === id)).toBe(false);
    expect((await fetchImage(t, replaced.imagen_url)).res.statusCode).toBe(404);
    expect(await storedObjects(t)).toBe(filesBefore - 2);

    const gone = await t.app.inject({ method: 'DELETE', url: `/api/admin/news/${id}`, headers: { cookie: admin.header } });
    expect(gone.statusCode).toBe(404);
  });

  it('an edit with a bad photo changes nothing', async () => {
    const [item] = await listNews();
    const res = await send(
      'PUT',
      `/api/admin/news/${item!.id}`,
      form({ tituloNoticia: 'Cambio', descripcionNoticia: 'Cambio' }, { filename: 'x.png', bytes: Buffer.from('not an image') }),
    );
    expect(res.json()).toMatchObject({ success: false, message: messages.invalidImage });
    expect((await listNews())[0]).toEqual(item);
  });
});

describe('blog posts', () => {
  it('an administrator publishes a PNG blog post; the blog list shows title, date, image URL and text', async () => {
    const res = await publish('blog', { tituloNoticia: 'Dormir bien', descripcionNoticia: 'Siete horas al menos.' }, {
      filename: 'sueño.png',
      bytes: await picture('png', 1600, 900),
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ success: true, mensaje: 'Registro exitoso' });
    const [post] = await listBlog();
    expect(post).toMatchObject({ titulo: 'Dormir bien', contenido: 'Siete horas al menos.', imagen_ancho: 640, imagen_alto: 360 });
    expect(new Date(post!.fecha_creacion).getTime()).toBe(t.clock.now());
    const img = await fetchImage(t, post!.imagen_url);
    expect([img.format, img.width]).toEqual(['webp', 640]);
  });

  it('refuses a JPEG on the PNG-only form', async () => {
    await expectRefusedWithNothingStored(
      async () =>
        publish('blog', { tituloNoticia: 'Foto JPEG', descripcionNoticia: 'Texto' }, { filename: 'foto.png', bytes: await picture('jpeg') }),
      400,
      messages.onlyPng,
    );
  });

  it('refuses a non-image named .png and a missing picture', async () => {
    await expectRefusedWithNothingStored(
      () =>
        publish('blog', { tituloNoticia: 'Texto', descripcionNoticia: 'Texto' }, { filename: 'foto.png', bytes: Buffer.from('%PDF-1.4\n') }),
      400,
      messages.onlyPng,
    );
    await expectRefusedWithNothingStored(
      () => publish('blog', { tituloNoticia: 'Texto', descripcionNoticia: 'Texto' }),
      400,
      messages.photoRequired,
    );
  });

  it('refuses a picture over the size limit', async () => {
    const big = Buffer.concat([await picture('png', 10, 10), Buffer.alloc(MAX_UPLOAD_BYTES)]);
    await expectRefusedWithNothingStored(
      () => publish('blog', { tituloNoticia: 'Grande', descripcionNoticia: 'Texto' }, { filename: 'g.png', bytes: big }),
      413,
      messages.fileTooLarge,
    );
  });

  it('refuses a PNG header over undecodable bytes, and a picture of too many pixels', async () => {
    const png = await picture('png', 50, 50);
    const truncated = png.subarray(0, 60);
    await expectRefusedWithNothingStored(
      () => publish('blog', { tituloNoticia: 'Rota', descripcionNoticia: 'Texto' }, { filename: 'rota.png', bytes: truncated }),
      400,
      messages.invalidImage,
    );
    // A 10000 x 6000 PNG of one colour is small on disk but 60 megapixels decoded.
    const huge = await picture('png', 10_000, 6_000);
    expect(huge.length).toBeLessThan(MAX_UPLOAD_BYTES);
    await expectRefusedWithNothingStored(
      () => publish('blog', { tituloNoticia: 'Enorme', descripcionNoticia: 'Texto' }, { filename: 'enorme.png', bytes: huge }),
      400,
      messages.imageTooManyPixels,
    );
  });

  it('an administrator edits (PNG only) and deletes a blog post', async () => {
    const [post] = await listBlog();
    const jpeg = await send(
      'PUT',
      `/api/admin/blog/${post!.id}`,
      form({ tituloNoticia: 'Nuevo', descripcionNoticia: 'Nuevo' }, { filename: 'x.png', bytes: await picture('jpeg') }),
    );
    expect(jpeg.json()).toMatchObject({ success: false, message: messages.onlyPng });
    expect((await listBlog())[0]).toEqual(post);

    const ok = await send('PUT', `/api/admin/blog/${post!.id}`, form({ tituloNoticia: 'Dormir mejor', descripcionNoticia: 'Ocho horas.' }));
    expect(ok.statusCode).toBe(200);
    expect((await listBlog())[0]).toMatchObject({ titulo: 'Dormir mejor', contenido: 'Ocho horas.', imagen_url: post!.imagen_url });

    const patient = await signIn(t, 'patient');
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/admin/blog/${post!.id}`, headers: { cookie: patient.header } });
    expect(refused.statusCode).toBe(401);

    const del = await t.app.inject({ method: 'DELETE', url: `/api/admin/blog/${post!.id}`, headers: { cookie: admin.header } });
    expect(del.statusCode).toBe(200);
    expect(await listBlog()).toEqual([]);
    expect((await fetchImage(t, post!.imagen_url)).res.statusCode).toBe(404);
  });
});

describe('image URLs', () => {
  it('serve only public images: an unknown key and an ID-card file answer 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${crypto.randomUUID()}.webp` })).statusCode).toBe(404);
    const { files } = await import('../../db/schema.js');
    const [idCard] = await t.app.db.select({ id: files.id }).from(files);
    expect(idCard).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${idCard!.id}.webp` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/images/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(400);
  });
});
