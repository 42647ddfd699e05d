import AxeBuilder from '@axe-core/playwright';
import { TIMERS, messages } from '@clinica/shared';
import { test, expect, DEMO, PNG_1X1, login } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';
import type { Locator, Page } from '@playwright/test';

// Publishing (issue 7): news and blog written by administrators through their pages, the public
// /noticias carousel and blog list, the gallery's multi-image upload, the sponsor banner areas.

const png = (name: string) => ({ name, mimeType: 'image/png', buffer: PNG_1X1 });

/** Fails the test if the page ever opens a native dialog (an executed alert() would). */
const forbidNativeDialogs = (page: Page) =>
  page.on('dialog', (dialog) => {
    throw new Error(`Unexpected native dialog: ${dialog.message()}`);
  });

/** Starts and ends a swipe on `target` with pointer events of a finger. */
async function swipe(target: Locator, dx: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('swipe target not visible');
  const y = box.y + box.height / 2;
  const x0 = box.x + box.width / 2;
  const init = { pointerId: 7, pointerType: 'touch', isPrimary: true, bubbles: true, clientY: y };
  await target.dispatchEvent('pointerdown', { ...init, clientX: x0, button: 0, buttons: 1 });
  await target.dispatchEvent('pointermove', { ...init, clientX: x0 + dx / 2, buttons: 1 });
  await target.dispatchEvent('pointermove', { ...init, clientX: x0 + dx, buttons: 1 });
  await target.dispatchEvent('pointerup', { ...init, clientX: x0 + dx, button: 0, buttons: 0 });
}

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
  forbidNativeDialogs(page);
});

test('an administrator publishes a news item and a blog post through the pages; both appear on /noticias', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const newsTitle = `<script>alert('x')</script> Feria de salud ${stamp}`;
  const blogTitle = `Hidratación en verano ${stamp}`;
  await login(page, 'admin', DEMO.admin);

  await page.goto('/Noticias_Admin');
  const newsForm = page.getByRole('region', { name: 'Registro Nuevo' });
  await expect(newsForm).toBeVisible();
  // The photo is required.
  await newsForm.getByLabel('Título').fill(newsTitle);
  await newsForm.getByLabel('Descripción').fill('Chequeos gratuitos <b>el sábado</b>.');
  await newsForm.getByRole('button', { name: 'Publicar' }).click();
  await expect(newsForm.getByText(messages.photoRequired)).toBeVisible();
  await newsForm.getByLabel('Foto').setInputFiles(png('feria.png'));
  await newsForm.getByRole('button', { name: 'Publicar' }).click();
  await acceptAlert(page, 'Registro exitoso');
  await expect(newsForm.getByLabel('Título')).toHaveValue('');
  await expect(newsForm.getByLabel('Descripción')).toHaveValue('');
  await expect(page.getByRole('heading', { name: newsTitle })).toBeVisible();

  await page.goto('/Blog_Admin');
  const blogForm = page.getByRole('region', { name: 'Registro Nuevo' });
  await blogForm.getByLabel('Título').fill(blogTitle);
  await blogForm.getByLabel('Contenido').fill('Beba agua a lo largo del día.\nEvite el sol del mediodía.');
  // The blog form accepts PNG only.
  await blogForm.getByLabel('Imagen (PNG)').setInputFiles({ name: 'foto.jpg', mimeType: 'image/jpeg', buffer: Buffer.from([0xff, 0xd8, 0xff]) });
  await blogForm.getByRole('button', { name: 'Publicar' }).click();
  await expect(blogForm.getByText(messages.onlyPng)).toBeVisible();
  await blogForm.getByLabel('Imagen (PNG)').setInputFiles(png('agua.png'));
  await blogForm.getByRole('button', { name: 'Publicar' }).click();
  await acceptAlert(page, 'Registro exitoso');
  await expect(blogForm.getByLabel('Título')).toHaveValue('');

  await page.goto('/noticias');
  const carousel = page.getByRole('region', { name: 'Noticias destacadas' });
  // The newest item comes first (unless another test published meanwhile: then go to it with its
  // dot). The script tag is shown as text, never run.
  const label = await carousel.locator('[aria-roledescription="noticia"]', { hasText: newsTitle }).getAttribute('aria-label');
  const position = Number(label!.split(' ')[0]);
  if (position !== 1) await carousel.getByRole('button', { name: `Ir a la noticia ${position}`, exact: true }).click();
  const slide = carousel.getByRole('group');
  await expect(slide.getByRole('heading', { name: newsTitle })).toBeVisible();
  await expect(slide.getByText('Chequeos gratuitos <b>el sábado</b>.')).toBeVisible();
  const newsImage = slide.locator('img');
  await expect(newsImage).toHaveAttribute('src', /^\/api\/images\/[0-9a-f-]{36}\.webp$/);
  expect(await newsImage.evaluate((img: HTMLImageElement) => [img.getBoundingClientRect().width, img.naturalWidth > 0])).toEqual([150, true]);

  const post = page.getByRole('article', { name: blogTitle });
  await expect(post).toBeVisible();
  await expect(post.getByText('Beba agua a lo largo del día.')).toBeVisible();
  await expect(post.locator('time')).toHaveText(/\d{4}/);
  await expect(post.locator('img')).toHaveAttribute('src', /^\/api\/images\/.+\.webp$/);

  // Administrators edit and delete what they published.
  await page.goto('/Noticias_Admin');
  await page.getByRole('button', { name: `Editar noticia «${newsTitle}»` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar noticia' });
  await edit.getByLabel('Título').fill(`Feria de salud ${stamp} (actualizada)`);
  await edit.getByRole('button', { name: 'Guardar cambios' }).click();
  await acceptAlert(page, messages.recordUpdated);
  await expect(page.getByRole('heading', { name: `Feria de salud ${stamp} (actualizada)` })).toBeVisible();
  await page.getByRole('button', { name: `Eliminar noticia «Feria de salud ${stamp} (actualizada)»` }).click();
  await page.getByRole('alertdialog', { name: 'Eliminar' }).getByRole('button', { name: 'Eliminar' }).click();
  await acceptAlert(page, messages.recordDeleted);

  await page.goto('/Blog_Admin');
  await page.getByRole('button', { name: `Eliminar entrada «${blogTitle}»` }).click();
  await page.getByRole('alertdialog', { name: 'Eliminar' }).getByRole('button', { name: 'Eliminar' }).click();
  await acceptAlert(page, messages.recordDeleted);

  await page.goto('/noticias');
  await expect(page.getByRole('region', { name: 'Noticias destacadas' })).toBeVisible();
  await expect(page.getByText(`Feria de salud ${stamp}`)).toHaveCount(0);
  await expect(page.getByRole('article', { name: blogTitle })).toHaveCount(0);
});

test('the carousel wraps around in both directions, follows the arrow keys and moves on a swipe', async ({ page }) => {
  await page.goto('/noticias');
  const carousel = page.getByRole('region', { name: 'Noticias destacadas' });
  await expect(carousel).toHaveAttribute('aria-roledescription', 'carrusel');
  const position = carousel.getByText(/^Noticia \d+ de \d+$/);
  await expect(position).toHaveText(/^Noticia 1 de /);
  const total = Number((await position.textContent())!.match(/de (\d+)/)![1]);
  expect(total).toBeGreaterThanOrEqual(3);
  const current = carousel.getByRole('group');
  const titleAt = async () => (await current.getByRole('heading').textContent())!;
  const first = await titleAt();

  // Previous from the first wraps to the last; next from the last wraps to the first.
  await carousel.getByRole('button', { name: 'Noticia anterior' }).click();
  await expect(position).toHaveText(`Noticia ${total} de ${total}`);
  await expect(current).toHaveAccessibleName(new RegExp(`^${total} de ${total}: `));
  await carousel.getByRole('button', { name: 'Noticia siguiente' }).click();
  await expect(position).toHaveText(`Noticia 1 de ${total}`);
  expect(await titleAt()).toBe(first);

  // Keyboard: arrow keys when the carousel has the focus.
  await carousel.focus();
  await page.keyboard.press('ArrowRight');
  await expect(position).toHaveText(`Noticia 2 de ${total}`);
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(position).toHaveText(`Noticia ${total} de ${total}`);
  await page.keyboard.press('Home');
  await expect(position).toHaveText(`Noticia 1 de ${total}`);

  // A swipe to the left shows the next item, to the right the previous one (wrapping as well).
  const viewport = page.getByTestId('news-viewport');
  await swipe(viewport, -150);
  await expect(position).toHaveText(`Noticia 2 de ${total}`);
  expect(await titleAt()).not.toBe(first);
  await swipe(viewport, 150);
  await expect(position).toHaveText(`Noticia 1 de ${total}`);
  await swipe(viewport, 150);
  await expect(position).toHaveText(`Noticia ${total} de ${total}`);
  // A short movement is not a swipe.
  await swipe(viewport, -20);
  await expect(position).toHaveText(`Noticia ${total} de ${total}`);
});

test('the gallery upload ignores a file whose name was already chosen and sends one request per file', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const names = [`sala-${stamp}.png`, `recepcion-${stamp}.png`, `consultorio-${stamp}.png`];
  await login(page, 'admin', DEMO.admin);
  await page.goto('/UploadForm');
  await page.getByRole('button', { name: 'Subir imágenes' }).click();
  await acceptAlert(page, messages.selectAtLeastOneImage);

  const input = page.getByLabel('Imágenes', { exact: true });
  await input.setInputFiles([png(names[0]!), png(names[1]!)]);
  await input.setInputFiles([png(names[1]!), png(names[2]!)]);
  await expect(page.getByText(`${messages.duplicateFileIgnored}${names[1]}`)).toBeVisible();
  const chosen = page.getByRole('list', { name: 'Imágenes elegidas' }).getByRole('listitem');
  await expect(chosen).toHaveCount(3);

  const uploads: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/gallery')) uploads.push(r.url());
  });
  await page.getByRole('button', { name: 'Subir imágenes' }).click();
  await acceptAlert(page, messages.imagesUploaded);
  expect(uploads).toHaveLength(3);
  await expect(chosen).toHaveCount(0);

  // A file that is not an image is refused by the server with its reason.
  await input.setInputFiles({ name: `falsa-${stamp}.png`, mimeType: 'image/png', buffer: Buffer.from('no soy una imagen') });
  await page.getByRole('button', { name: 'Subir imágenes' }).click();
  await acceptAlert(page, `${messages.imageUploadFailedPrefix}${messages.invalidImage}`);

  await page.goto('/Gallery');
  const gallery = page.getByRole('list', { name: 'Imágenes de la galería' });
  for (const name of names) await expect(gallery.getByRole('img', { name })).toBeVisible();
  await expect(gallery.getByText(`falsa-${stamp}.png`)).toHaveCount(0);
  for (const name of names) await expect(gallery.getByText(name, { exact: true })).toHaveCount(1);
});

test('the first sponsor banner is visible 3 minutes and hidden 1 minute, and no banner shows on /Consultas_Admin', async ({ page, context, baseURL }) => {
  const name = `Farmacia Demo ${Date.now().toString(36)}`;
  await login(page, 'admin', DEMO.admin);
  await page.goto('/Patrocinadores_Admin');
  await page.getByLabel('Nombre del patrocinador').fill(name);
  await page.getByLabel('Enlace').fill('https://farmacia.example.com/');
  await page.getByLabel('Logotipo').setInputFiles(png('logo.png'));
  await page.getByRole('button', { name: 'Agregar patrocinador' }).click();
  await acceptAlert(page, 'Registro exitoso');
  // No banner on the administrators' pages.
  await expect(page.getByRole('complementary', { name: 'Anuncio destacado', exact: true })).toHaveCount(0);

  try {
    const visitor = await context.newPage();
    await visitedBefore(visitor, context, baseURL!);
    await visitor.clock.install();
    await visitor.goto('/noticias');
    const first = visitor.getByRole('complementary', { name: 'Anuncio destacado', exact: true });
    const second = visitor.getByRole('complementary', { name: 'Anuncios', exact: true });
    await expect(first.getByRole('link', { name })).toHaveAttribute('href', 'https://farmacia.example.com/');
    await expect(second.getByRole('img', { name })).toBeVisible();

    await visitor.clock.fastForward(TIMERS.sponsorVisibleMs - 5_000);
    await expect(first).toBeVisible();
    await visitor.clock.fastForward(5_000);
    await expect(first).toHaveCount(0);
    await expect(second).toBeVisible();
    await visitor.clock.fastForward(TIMERS.sponsorHiddenMs - 5_000);
    await expect(first).toHaveCount(0);
    await visitor.clock.fastForward(5_000);
    await expect(first).toBeVisible();
    // And again: the cycle repeats.
    await visitor.clock.fastForward(TIMERS.sponsorVisibleMs);
    await expect(first).toHaveCount(0);

    // Both areas are absent on an administrator page of the specification's list.
    await visitor.goto('/Consultas_Admin');
    await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(visitor.getByRole('complementary', { name: 'Anuncio destacado', exact: true })).toHaveCount(0);
    await expect(visitor.getByRole('complementary', { name: 'Anuncios', exact: true })).toHaveCount(0);
    await visitor.close();
  } finally {
    // Leave the site without sponsors for the other specs: with none, the areas render nothing.
    await page.goto('/Patrocinadores_Admin');
    await page.getByRole('button', { name: `Eliminar patrocinador «${name}»` }).click();
    await page.getByRole('alertdialog', { name: 'Eliminar' }).getByRole('button', { name: 'Eliminar' }).click();
    await acceptAlert(page, messages.recordDeleted);
  }
  await page.goto('/noticias');
  await expect(page.getByRole('heading', { name: 'Noticias', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name })).toHaveCount(0);
});

test('/noticias and the publishing pages have no axe violations (WCAG A/AA)', async ({ page }) => {
  await login(page, 'admin', DEMO.admin);
  for (const path of ['/noticias', '/Noticias_Admin', '/Blog_Admin', '/Gallery', '/UploadForm', '/Patrocinadores_Admin']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByText(messages.loading)).toHaveCount(0);
    const result = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(result.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
});

test('with no sponsors the banner areas render nothing', async ({ page }) => {
  await page.route('**/api/sponsors', (route) => route.fulfill({ json: [] }));
  const answered = page.waitForResponse('**/api/sponsors');
  await page.goto('/noticias');
  await answered;
  await expect(page.getByRole('heading', { name: 'Noticias', level: 1 })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Anuncio destacado', exact: true })).toHaveCount(0);
  await expect(page.getByRole('complementary', { name: 'Anuncios', exact: true })).toHaveCount(0);
});
