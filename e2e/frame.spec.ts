import type { Page } from '@playwright/test';
import { PAGE_ROUTES, TIMERS, messages } from '@clinica/shared';
import { test, expect, DEMO, login, registerPatient } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';
import { COOKIE_KEYS, SESSION_KEYS } from '../apps/web/src/lib/storage-keys';

// The site's frame (issue 2, item 6): gates, header, session countdown and idle logout, cookie
// banner, intro loader, footer.

const gated = PAGE_ROUTES.filter((r) => r.access !== 'anonymous');

test.describe('gates', () => {
  test.beforeEach(async ({ page, context, baseURL }) => {
    await visitedBefore(page, context, baseURL!);
  });

  test('every protected page, opened without its session, shows its alert and goes to its redirect', async ({ page }) => {
    test.slow();
    for (const route of gated) {
      await page.goto(route.path);
      await acceptAlert(page, messages[route.deniedMessage!]);
      await expect(page, route.path).toHaveURL(new RegExp(`${route.deniedRedirect!}$`));
    }
  });

  test('the specification\'s own messages: /consultas-virtuales, /ConsultaChat, /Sugerencias, an admin and a doctor page', async ({ page }) => {
    const cases = [
      ['/consultas-virtuales', 'Inicie sesión para acceder al área de consultas virtuales', '/'],
      ['/ConsultaChat', 'No ha iniciado sesión o aún no tiene permiso para entrar en esta página.', '/'],
      ['/Sugerencias', 'Inicie sesión para acceder al área de sugerencias', '/'],
      ['/sugerencias', 'Inicie sesión para acceder al área de sugerencias', '/'],
      ['/Consultas_Admin', 'Inicie sesión para acceder al área de consultas virtuales', '/Admin'],
      ['/Citas_Admin_Doctor', 'Inicie sesión para acceder al área de consultas virtuales', '/AdminDoctor'],
    ] as const;
    for (const [path, message, redirect] of cases) {
      await page.goto(path);
      await acceptAlert(page, message);
      await expect(page).toHaveURL(new RegExp(`${redirect}$`));
    }
  });

  test('a protected page shows nothing before its check and its content with the session; other roles are refused', async ({ page, request }) => {
    // Hold the session check: the page must stay empty meanwhile.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/session*', async (route) => {
      await held;
      await route.continue();
    });
    const patient = await registerPatient(request);
    await login(page, 'patient', patient);
    await page.goto('/Consultas');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('main')).toBeEmpty();
    release();
    await expect(page.getByRole('main')).not.toBeEmpty();
    await page.unroute('**/api/auth/session*');

    // A patient session does not open the administrators' or the doctors' pages.
    await page.goto('/Recibo_Admin');
    await acceptAlert(page, messages.loginRequiredConsultations);
    await expect(page).toHaveURL(/\/Admin$/);
    await page.goto('/Recetarios');
    await acceptAlert(page, messages.loginRequiredConsultations);
    await expect(page).toHaveURL(/\/AdminDoctor$/);
  });
});

test.describe('header', () => {
  test.beforeEach(async ({ page, context, baseURL }) => {
    await visitedBefore(page, context, baseURL!);
  });

  const background = (page: Page) =>
    page.getByRole('banner').evaluate((el) => getComputedStyle(el).backgroundColor);

  test('navy for the public, yellow for administrators, orange for doctors; menu per area', async ({ page }) => {
    await page.goto('/psicologia');
    expect(await background(page)).toBe('rgb(11, 42, 91)');
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(nav.getByRole('link', { name: 'Consultas Virtuales' })).toBeVisible();

    await page.goto('/Admin');
    expect(await background(page)).toBe('rgb(250, 204, 21)');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/Login_Admin');

    await page.goto('/AdminDoctor');
    expect(await background(page)).toBe('rgb(194, 65, 12)');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Registrarse' })).toHaveAttribute('href', '/Registro_Admin_Doctor');
  });

  test('hidden on /pagos, only the logo on /ConsultaChat, no footer on either', async ({ page }) => {
    // The session check is held, so the pages' own logic never runs: this is the frame alone.
    await page.route('**/api/auth/session*', () => {});
    await page.goto('/pagos');
    await expect(page.getByRole('main')).toBeAttached();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    await page.goto('/ConsultaChat');
    await expect(page.getByRole('main')).toBeAttached();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link')).toHaveCount(1);
    await expect(header.getByRole('navigation')).toHaveCount(0);
    await expect(header.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);

    // For comparison, a patient page with the full header and the footer.
    await page.goto('/Citas_usuario');
    await expect(page.getByRole('banner').getByRole('navigation')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
  });

  test('at 360 px the menu opens and closes with its toggle and nothing overflows sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/medicina-general');
    const toggle = page.getByRole('button', { name: 'Menú' });
    const nav = page.getByRole('navigation', { name: 'Menú principal' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(nav).toBeHidden();
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Psicología' })).toBeVisible();
    await nav.getByRole('link', { name: 'Psicología' }).click();
    await expect(page).toHaveURL(/\/psicologia$/);
    await expect(nav).toBeHidden();
    for (const path of ['/', '/psicologia', '/Login_Admin', '/Registro_Admin_Doctor', '/Registro']) {
      await page.goto(path);
      await expect(page.getByRole('main')).not.toBeEmpty();
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width, path).toBeLessThanOrEqual(360);
    }
  });
});

test.describe('session countdown and idle logout', () => {
  test.beforeEach(async ({ page, context, baseURL }) => {
    await visitedBefore(page, context, baseURL!);
    await page.clock.install();
  });

  test('patient: floating timer for 5 s, warning at 300 s, activity resets, logout after 30 idle minutes', async ({ page, request }) => {
    const patient = await registerPatient(request);
    await login(page, 'patient', patient);
    await page.goto('/Usuarios');
    const header = page.getByRole('banner');
    const floating = page.getByRole('timer', { name: 'Tiempo restante de la sesión' });
    await expect(floating).toBeVisible();
    // One countdown at a time (issue 23, item 8): the header's pill waits for the floating timer.
    await expect(header.getByRole('timer')).toHaveCount(0);
    await page.clock.runFor(TIMERS.floatingTimerVisibleMs);
    await expect(floating).toBeHidden();
    await expect(header.getByRole('timer')).toContainText(/(30:00|29:5\d)/);

    // Twenty idle minutes, then a mouse move: the countdown starts again and nothing expires.
    await page.clock.fastForward('20:00');
    await expect(header.getByRole('timer')).toContainText(/^.*(0\d|10):\d\d$/);
    await page.mouse.move(200, 300);
    await page.mouse.move(220, 320);
    await page.clock.fastForward('15:00');
    await expect(page).toHaveURL(/\/Usuarios$/);
    await expect(page.getByText(messages.sessionExpiringTitle)).toHaveCount(0);

    // 25 idle minutes: the closable warning with 5 minutes left.
    await page.clock.fastForward('10:01');
    const warning = page.getByRole('alert').filter({ hasText: messages.sessionExpiringTitle });
    await expect(warning).toBeVisible();
    await expect(warning).toContainText(/0[0-4]:\d\d/);
    await expect(header.getByRole('timer')).toContainText(/0[0-4]:\d\d/);
    await page.keyboard.press('Tab');
    await expect(warning).toBeHidden();

    // Thirty idle minutes: logout, the alert, and the home page.
    await page.clock.fastForward('25:01');
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Cerrar aviso' }).click();
    await expect(warning).toBeHidden();
    await page.clock.fastForward('30:01');
    await acceptAlert(page, messages.sessionExpired);
    await expect(page).toHaveURL(/\/$/);
    expect((await (await page.request.get('/api/auth/session')).json()).loggedIn).toBe(false);
  });

  test('administrator: the shorter alert and /Admin', async ({ page }) => {
    await login(page, 'admin', DEMO.admin);
    await page.goto('/Sugerencias_Admin');
    await expect(page.getByRole('banner').getByRole('timer')).toBeVisible();
    await page.clock.fastForward('30:01');
    await acceptAlert(page, messages.adminSessionExpired);
    await expect(page).toHaveURL(/\/Admin$/);
    expect((await (await page.request.get('/api/admin/session')).json()).loggedInAdmin).toBe(false);
  });

  test('doctor: the expired alert and /AdminDoctor', async ({ page }) => {
    await login(page, 'doctor', DEMO.doctor);
    await page.goto('/HistoriaClinica');
    await expect(page.getByRole('banner').getByRole('timer')).toBeVisible();
    await page.clock.fastForward('30:01');
    await acceptAlert(page, messages.sessionExpired);
    await expect(page).toHaveURL(/\/AdminDoctor$/);
    expect((await (await page.request.get('/api/doctor/session')).json()).loggedInAdmin).toBe(false);
  });

  test('patient on a public page (psicologia): logged out and sent to / as well', async ({ page, request }) => {
    const patient = await registerPatient(request);
    await login(page, 'patient', patient);
    await page.goto('/psicologia');
    await expect(page.getByRole('banner').getByRole('timer')).toBeVisible();
    await page.clock.fastForward('30:01');
    await acceptAlert(page, messages.sessionExpired);
    await expect(page).toHaveURL(/\/$/);
    expect((await (await page.request.get('/api/auth/session')).json()).loggedIn).toBe(false);
  });
});

test.describe('first visit of a browser session', () => {
  test('cookie banner until accepted; consent kept for 365 days and after a reload', async ({ page, context }) => {
    await page.addInitScript((keys) => sessionStorage.setItem(keys.introShown, '1'), SESSION_KEYS);
    await page.goto('/medicina-general');
    const banner = page.getByRole('region', { name: 'Aviso de cookies' });
    await expect(banner).toBeVisible();
    await banner.getByRole('button', { name: 'Aceptar cookies' }).click();
    await expect(banner).toHaveCount(0);
    const consent = (await context.cookies()).find((c) => c.name === COOKIE_KEYS.consent);
    expect(consent?.value).toBe('true');
    const days = (consent!.expires - Date.now() / 1000) / 86_400;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.goto('/Admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(banner).toHaveCount(0);
  });

  test('intro loader: shown once per session on the home page, fading at 6 s, gone at 9 s', async ({ page }) => {
    // Paused before the page opens: the loader counts from navigation start, so on a busy machine a
    // flowing clock had already passed 6 s by the time the page first painted (CI, session 12).
    await pausedClock(page);
    await page.goto('/');
    const loader = page.getByRole('status', { name: 'Cargando el sitio de la clínica' });
    await expect(loader).toBeVisible();
    await expect(loader).toHaveAttribute('data-state', 'visible');
    await page.clock.runFor(TIMERS.introFadeMs);
    await expect(loader).toHaveAttribute('data-state', 'fading');
    await page.clock.runFor(TIMERS.introEndMs - TIMERS.introFadeMs);
    await expect(loader).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Bienvenidos a Nuestra Clínica' })).toBeVisible();
    await expect(loader).toHaveCount(0);
    // A new browser session sees it again.
    const other = await page.context().browser()!.newPage({ baseURL: new URL(page.url()).origin });
    await other.goto('/');
    await expect(other.getByRole('status', { name: 'Cargando el sitio de la clínica' })).toBeVisible();
    await other.close();
  });

  test('footer: after 10 s on a first visit, at once on the next page load; its links; hidden on staff pages', async ({ page }) => {
    await page.addInitScript((keys) => sessionStorage.setItem(keys.introShown, '1'), SESSION_KEYS);
    // Paused: only runFor moves the page's time, so a slow first paint cannot eat the 10 s.
    await pausedClock(page);
    await page.goto('/psicologia');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toHaveCount(0);
    await page.clock.runFor(TIMERS.footerDelayMs - 1000);
    await expect(footer).toHaveCount(0);
    await page.clock.runFor(1000);
    // Flowing again: React reveals the footer's lazy chunk after a short timer of its own.
    await page.clock.resume();
    await expect(footer).toBeVisible();
    await expect(footer.getByRole('link', { name: 'Sugerencias' })).toHaveAttribute('href', '/Sugerencias');
    await expect(footer.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/preguntas-frecuentes');
    await expect(footer.getByRole('link', { name: 'Acuerdo de confidencialidad' })).toHaveAttribute('href', '/confidencialidad');
    await expect(footer.getByRole('link', { name: /Ministerio de Salud/ })).toHaveAttribute('href', 'https://www.minsa.gob.pa/');

    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(footer).toBeVisible();
    await footer.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/preguntas-frecuentes$/);
    await expect(footer).toBeVisible();

    await page.goto('/Admin');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(footer).toHaveCount(0);
  });
});

/** Installs the page's fake clock and pauses it before the page opens: time moves only by runFor. */
async function pausedClock(page: Page) {
  const start = new Date('2026-11-27T09:00:00-05:00');
  await page.clock.install({ time: start });
  await page.clock.pauseAt(new Date(start.getTime() + 1_000));
}
