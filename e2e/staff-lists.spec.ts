import type { Browser } from '@playwright/test';
import { test, expect, DEMO, DEMO_GENERAL_DOCTOR, login, payConsultationByPaypal, registerPatient } from './fixtures';
import { visitedBefore } from './frame-helpers';

// The staff lists (issue 21, decision 0039): /Recibo_Admin and /Consultas_Admin page past twenty
// rows instead of stopping silently, and their first-name search folds accents like the others:
// 'maria' typed finds 'María'.

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const suffix = () => Array.from({ length: 7 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('');
const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

async function adminPage(browser: Browser, baseURL: string, options: Parameters<Browser['newContext']>[0] = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL);
  await login(page, 'admin', DEMO.admin);
  return page;
}

test('Recibo_Admin and Consultas_Admin page a first-name search typed without accents, on a computer and on a phone', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const tail = suffix();
  // 21 consultations paid by one patient, 'María…': one more than a page holds.
  const patient = await registerPatient(page.request, { nombre: `María${tail}`, apellido: 'Paginada' });
  await login(page, 'patient', patient);
  for (let i = 0; i < 21; i++) await payConsultationByPaypal(page.request, DEMO_GENERAL_DOCTOR);

  const admin = await adminPage(browser, baseURL!, { viewport: { width: 1366, height: 900 } });
  for (const [path, title] of [
    ['/Recibo_Admin', 'Recibos de pago'],
    ['/Consultas_Admin', 'Consultas virtuales'],
  ] as const) {
    await admin.goto(path);
    const table = admin.getByRole('table', { name: title });
    await admin.getByLabel('Nombre del paciente').fill(`maria${tail}`);
    await admin.getByRole('button', { name: 'Buscar' }).click();
    // The header and twenty rows, every one of them hers.
    await expect(table.getByRole('row')).toHaveCount(21);
    await expect(table.getByRole('rowheader').filter({ hasText: `María${tail} Paginada` })).toHaveCount(20);
    await expect(admin.getByText('Página 1')).toBeVisible();
    await admin.getByRole('button', { name: 'Siguiente' }).click();
    await expect(admin.getByText('Página 2')).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('rowheader')).toContainText(`María${tail} Paginada`);
    await expect(admin.getByRole('button', { name: 'Siguiente' })).toBeDisabled();
    if (path === '/Recibo_Admin')
      await admin.screenshot({ path: test.info().outputPath('recibo-admin-1366.png'), fullPage: true });
    await admin.getByRole('button', { name: 'Anterior' }).click();
    await expect(table.getByRole('row')).toHaveCount(21);
    // Clearing the search shows the whole list again from its first page.
    await admin.getByRole('button', { name: 'Limpiar Búsqueda' }).click();
    await expect(admin.getByLabel('Nombre del paciente')).toHaveValue('');
    await expect(admin.getByText('Página 1')).toBeVisible();
  }
  await admin.context().close();

  // On a phone: the same search and pager, nothing wider than the screen but the table's own scroll.
  const phone = await adminPage(browser, baseURL!, PHONE);
  await phone.goto('/Recibo_Admin');
  await phone.getByLabel('Nombre del paciente').fill(`MARIA${tail}`);
  await phone.getByRole('button', { name: 'Buscar' }).tap();
  await expect(phone.getByRole('table', { name: 'Recibos de pago' }).getByRole('row')).toHaveCount(21);
  await phone.getByRole('button', { name: 'Siguiente' }).tap();
  await expect(phone.getByText('Página 2')).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await phone.screenshot({ path: test.info().outputPath('recibo-admin-360.png'), fullPage: true });
  await phone.context().close();
});
