import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { test, expect } from './fixtures';
import { COOKIE_KEYS, SESSION_KEYS } from '../apps/web/src/lib/storage-keys';

// The public content pages (issue 2, item 7): home, the two discipline pages, FAQ, privacy
// notice and the staff welcome pages. The intro loader, the footer delay and the cookie banner
// have their own spec; here the browser session is one that has already seen them.
test.beforeEach(async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: COOKIE_KEYS.consent, value: 'true', url: baseURL! }]);
  await page.addInitScript((keys) => {
    sessionStorage.setItem(keys.introShown, '1');
    sessionStorage.setItem(keys.siteLoaded, '1');
  }, SESSION_KEYS);
  // No network beyond the test server: the video host answers with a stub page.
  await page.route(/^https:\/\/(www\.)?youtube-nocookie\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>video</title><p>video</p>' }),
  );
});

const welcome = (page: Page) => page.getByRole('region', { name: 'Bienvenidos a Nuestra Clínica' });

test('home: heading, the four service cards and where they lead', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenidos a Nuestra Clínica' })).toBeVisible();

  const cards = welcome(page).getByRole('list').first().getByRole('link');
  await expect(cards).toHaveText(['Consultas Virtuales', 'Medicina General', 'Psicología', 'Otros Servicios']);
  await expect(cards.nth(0)).toHaveAttribute('href', '/consultas-virtuales');
  await expect(cards.nth(3)).toHaveAttribute('href', '/consultas-virtuales');

  await cards.nth(1).click();
  await expect(page).toHaveURL(/\/medicina-general$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Medicina General' })).toBeVisible();

  await page.goBack();
  await welcome(page).getByRole('link', { name: 'Psicología', exact: true }).click();
  await expect(page).toHaveURL(/\/psicologia$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Psicología' })).toBeVisible();

  // A visitor without a session who opens a consultation card is sent back home by the gate.
  await page.goBack();
  const requested: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) requested.push(new URL(frame.url()).pathname);
  });
  await welcome(page).getByRole('link', { name: 'Consultas Virtuales' }).click();
  await expect.poll(() => requested).toContain('/consultas-virtuales');
});

test('home: prices, hours, closing line and three sponsor placeholders', async ({ page }) => {
  await page.goto('/');
  const prices = page.getByRole('table', { name: 'Precios por hora de consulta' });
  await expect(prices.getByRole('row', { name: /Medicina General/ })).toContainText('USD 10');
  await expect(prices.getByRole('row', { name: /Psicología/ })).toContainText('USD 40');
  await expect(prices.getByRole('row', { name: /Medicina Interna/ })).toContainText('USD 40');
  await expect(page.getByRole('main').getByText('Todos los días, de 8:00 a. m. a 10:00 p. m.')).toBeVisible();
  await expect(page.getByRole('main').getByText('Sábados y domingos, de 9:00 a. m. a 5:00 p. m.')).toBeVisible();
  await expect(welcome(page).getByRole('link', { name: 'agende su cita' })).toHaveAttribute('href', '/citas');

  const sponsors = page.getByRole('complementary', { name: 'Patrocinadores' }).getByRole('listitem');
  await expect(sponsors).toHaveCount(3);
  await expect(sponsors).toHaveText(Array(3).fill('Espacio para patrocinador'));
});

test('home: each video becomes an iframe only after its own click', async ({ page }) => {
  const videoRequests: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('youtube')) videoRequests.push(req.url());
  });
  await page.goto('/');
  const videos = page.getByRole('complementary', { name: 'Conózcanos' });
  const first = videos.getByRole('button', { name: 'Ver video 1 de 2' });
  const second = videos.getByRole('button', { name: 'Ver video 2 de 2' });
  await expect(first).toBeVisible();
  await expect(second).toBeVisible();
  await expect(videos.locator('iframe')).toHaveCount(0);
  expect(videoRequests).toEqual([]);

  await first.click();
  const iframes = videos.locator('iframe');
  await expect(iframes).toHaveCount(1);
  await expect(iframes.first()).toHaveAttribute('title', /^Video 1 de /);
  await expect(iframes.first()).toHaveAttribute('src', /^https:\/\/www\.youtube-nocookie\.com\/embed\/.+autoplay=1/);
  await expect(second).toBeVisible();
  await expect.poll(() => videoRequests.length).toBe(1);

  await second.click();
  await expect(iframes).toHaveCount(2);
  await expect(iframes.nth(1)).toHaveAttribute('title', /^Video 2 de /);
  await expect(videos.getByRole('button', { name: /Ver video/ })).toHaveCount(0);
});

for (const { path, title } of [
  { path: '/medicina-general', title: 'Medicina General' },
  { path: '/psicologia', title: 'Psicología' },
]) {
  test(`${path}: services, reasons and the two ways to book`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Nuestros servicios' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /^¿Por qué elegir/ })).toBeVisible();
    const presencial = page.getByRole('link', { name: 'Consulta Presencial' });
    const virtual = page.getByRole('link', { name: 'Consulta Virtual' });
    await expect(presencial).toHaveAttribute('href', '/citas');
    await expect(virtual).toHaveAttribute('href', '/consultas-virtuales');

    const requested: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) requested.push(new URL(frame.url()).pathname);
    });
    await presencial.click();
    await expect.poll(() => requested).toContain('/citas');
  });
}

test('medicina general lists the services of the specification', async ({ page }) => {
  await page.goto('/medicina-general');
  for (const s of [
    'Consultas generales',
    'Chequeos de rutina',
    'Diagnóstico y tratamiento de enfermedades comunes',
    'Referencias a especialistas',
    'Vacunación',
    'Atención de calidad centrada en el paciente',
    'Diagnósticos precisos',
    'Ambiente amigable y seguro',
  ]) {
    await expect(page.getByText(s, { exact: true })).toBeVisible();
  }
});

test('psicologia lists its five services', async ({ page }) => {
  await page.goto('/psicologia');
  for (const s of ['Terapia individual', 'Terapia de pareja', 'Terapia familiar', 'Evaluaciones psicológicas', 'Consejería en crisis']) {
    await expect(page.getByText(s, { exact: true })).toBeVisible();
  }
});

test('FAQ and privacy notice are reachable from the footer', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/preguntas-frecuentes$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeVisible();

  // An answer opens on click and tells the real rules (urgency C goes to a hospital).
  const urgency = page.getByText('¿Qué casos se atienden por consulta virtual? ¿Y si es una emergencia?');
  const answer = page.getByText(/Tipo C/);
  await expect(answer).toBeHidden();
  await urgency.click();
  await expect(answer).toBeVisible();
  await expect(page.getByText('No se atiende en línea. Se le indica acudir al hospital más cercano.', { exact: false })).toBeVisible();

  await footer.getByRole('link', { name: /confidencialidad/i }).click();
  await expect(page).toHaveURL(/\/confidencialidad$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Aviso de privacidad y confidencialidad' })).toBeVisible();
  await expect(page.getByText(/Ley 81 de 26 de marzo de 2019/)).toBeVisible();
  for (const right of ['Acceso', 'Rectificación', 'Cancelación', 'Oposición', 'Portabilidad']) {
    await expect(page.getByRole('term').filter({ hasText: new RegExp(`^${right}$`) })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: /antai\.gob\.pa/ })).toHaveAttribute('href', 'https://www.antai.gob.pa');
});

test('a link to an FAQ answer opens it', async ({ page }) => {
  await page.goto('/preguntas-frecuentes#contacto');
  await expect(page.getByText('¿Cómo me comunico con la clínica?')).toBeVisible();
  await expect(page.locator('details#contacto')).toHaveAttribute('open', '');
});

test('staff welcome pages greet and link to login and registration', async ({ page }) => {
  await page.goto('/Admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenido, Administrador' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Iniciar sesión como administrador' })).toHaveAttribute('href', '/Login_Admin');
  await expect(page.getByRole('link', { name: 'Registrarse como administrador' })).toHaveAttribute('href', '/Registro_Admin');

  await page.goto('/AdminDoctor');
  await expect(page.getByRole('heading', { level: 1, name: 'Bienvenido', exact: true })).toBeVisible();
  await expect(page.getByText('Estamos encantados de tenerte de vuelta.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Iniciar sesión como doctor' })).toHaveAttribute('href', '/Login_Admin_Doctor');
  await expect(page.getByRole('link', { name: 'Registrarse como doctor' })).toHaveAttribute('href', '/Registro_Admin_Doctor');
});

test.describe('on a 360 px wide phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ['/', '/medicina-general', '/psicologia', '/preguntas-frecuentes', '/confidencialidad', '/Admin', '/AdminDoctor']) {
    test(`${path} does not scroll sideways`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/preguntas-frecuentes') {
        for (const summary of await page.locator('summary').all()) await summary.click();
      }
      if (path === '/') {
        await page.getByRole('button', { name: 'Ver video 1 de 2' }).click();
        await expect(page.locator('iframe')).toHaveCount(1);
      }
      const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
      expect(width).toBeLessThanOrEqual(360);
    });
  }
});

test.describe('accessibility', () => {
  for (const path of ['/', '/medicina-general', '/psicologia', '/preguntas-frecuentes', '/confidencialidad', '/Admin', '/AdminDoctor']) {
    test(`${path} content has no axe violations (WCAG A/AA)`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (path === '/') await expect(page.getByRole('button', { name: 'Ver video 1 de 2' })).toBeVisible();
      const result = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    });
  }
});
