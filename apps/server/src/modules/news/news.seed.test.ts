import { afterAll, beforeAll, expect, it } from 'vitest';
import type { BlogPost, NewsItem } from '@clinica/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { fetchImage } from '../media/media.test-helpers.js';
import { seedDemoPublishing } from './news.seed.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

it('the demo clinic has a few news items and blog posts, with pictures drawn in code', async () => {
  await seedDemoPublishing(t.app.db, t.app.storage, t.clock.now());
  const news = (await t.app.inject({ method: 'GET', url: '/api/news' })).json<NewsItem[]>();
  const blog = (await t.app.inject({ method: 'GET', url: '/api/blog' })).json<BlogPost[]>();
  expect(news.map((n) => n.titulo)).toEqual([
    'Nuevo servicio de Medicina Interna',
    'Jornada de vacunación contra la influenza',
    'Consultas virtuales todos los días',
  ]);
  expect(blog).toHaveLength(2);
  for (const url of [...news.map((n) => n.imagen_url), ...blog.map((b) => b.imagen_url_2x)]) {
    const img = await fetchImage(t, url);
    expect(img.format).toBe('webp');
  }
  expect(news[0]).toMatchObject({ imagen_ancho: 150, imagen_alto: 94 });
});
