import type { Page } from '@playwright/test';
import { test, expect, DEMO, login, distinctPng } from './fixtures';
import { visitedBefore } from './frame-helpers';
import { weekdayAhead } from './booking';

// The staff layout at 1366 × 768 (issue 23, item 8; decision 0045): the menu on one line with the
// rarely used pages behind "Más", one countdown, /Admin and /AdminDoctor with the signed-in
// person's pages, e-mails and cédulas whole in tables, and the receipt image 150 px wide.

test.use({ viewport: { width: 1366, height: 768 } });

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .page-loading')).toHaveCount(0);
}

const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Menú principal' });

/** The top edges of the menu's visible items: one line means one top (within a few pixels). */
async function menuLines(page: Page) {
  const tops = await mainMenu(page)
    .locator(':scope > ul > li')
    .evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
  return new Set(tops.map((t) => Math.round(t / 8))).size;
}

for (const role of ['admin', 'doctor'] as const) {
  test(`${role}: the menu keeps to one line, the other pages behind "Más", and one countdown`, async ({ page }) => {
    await login(page, role, DEMO[role]);
    const home = role === 'admin' ? '/Admin' : '/AdminDoctor';
    await page.goto(home);
    await settled(page);
    await expect(mainMenu(page).getByRole('link', { name: 'Consultas' })).toBeVisible();
    expect(await menuLines(page)).toBe(1);
    // The whole header (menu and account) is no taller than two rows: the bar and one menu line.
    const header = await page.locator('header.site-header').boundingBox();
    expect(header!.height).toBeLessThan(130);

    const more = mainMenu(page).getByRole('button', { name: 'Más' });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    const rare = role === 'admin' ? 'Auditoría' : 'Recetarios';
    await expect(mainMenu(page).getByRole('link', { name: rare })).toBeHidden();
    await more.click();
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await expect(mainMenu(page).getByRole('link', { name: rare })).toBeVisible();
    await page.screenshot({ path: `test-results/staff-menu-${role}-1366.png` });
    await page.keyboard.press('Escape');
    await expect(mainMenu(page).getByRole('link', { name: rare })).toBeHidden();
    await expect(more).toBeFocused();
    await more.click();
    await mainMenu(page).getByRole('link', { name: rare }).click();
    await expect(page).toHaveURL(new RegExp(role === 'admin' ? '/Auditoria_Admin$' : '/Recetarios$'));
    await expect(mainMenu(page).getByRole('link', { name: rare })).toBeHidden();

    // One countdown pill on the page, whatever the page shows besides.
    await expect(page.getByRole('timer').filter({ visible: true })).toHaveCount(1);
  });

  test(`${role}: the welcome page offers the signed-in person's pages, not sign-in`, async ({ page }) => {
    const home = role === 'admin' ? '/Admin' : '/AdminDoctor';
    const signIn = role === 'admin' ? 'Iniciar sesión como administrador' : 'Iniciar sesión como doctor';
    await page.goto(home);
    await settled(page);
    await expect(page.getByRole('main').getByRole('link', { name: signIn })).toBeVisible();
    await login(page, role, DEMO[role]);
    await page.goto(home);
    await settled(page);
    const mine = page.getByRole('main').getByRole('navigation', { name: 'Sus páginas' });
    await expect(mine.getByRole('link', { name: 'Consultas' })).toBeVisible();
    await expect(mine.getByRole('link', { name: 'Citas' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: signIn })).toHaveCount(0);
    await expect(page.getByRole('main').getByRole('link', { name: /^Registrarse/ })).toHaveCount(0);
    await page.screenshot({ path: `test-results/staff-welcome-${role}-1366.png` });
  });
}

test('e-mails and cédulas are never broken mid-word in the staff tables', async ({ page }) => {
  await login(page, 'admin', DEMO.admin);
  await page.goto('/PacientesDataAdmin');
  await settled(page);
  const cells = page.locator('main table tbody td').filter({ hasText: /@|^\d+-\d+/ });
  await expect(cells.first()).toBeVisible();
  // Each piece of such a cell's text lies on one line box: a cédula whole, an e-mail between the
  // points where it may wrap (before '@', after '.', '_' or '-': components/ui/email-text.tsx,
  // decision 0045), so no word is ever cut.
  const lines = await cells.evaluateAll((tds) =>
    tds.flatMap((td) => {
      const walker = document.createTreeWalker(td, NodeFilter.SHOW_TEXT);
      const counts: number[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        counts.push(new Set(Array.from(range.getClientRects(), (r: DOMRect) => Math.round(r.top))).size);
      }
      return counts;
    }),
  );
  expect(lines.length).toBeGreaterThan(1);
  expect(lines.every((n) => n === 1), `line boxes per piece: ${lines.join(', ')}`).toBe(true);
  // And an e-mail is never cut inside a piece: the pieces joined give the address back.
  const emails = await cells.filter({ hasText: '@' }).allInnerTexts();
  for (const text of emails) expect(text.replace(/\s/g, '')).toMatch(/^[^@\s]+@[^@\s]+$/);
  await page.screenshot({ path: 'test-results/staff-patients-1366.png' });
});

test('the patient sees a receipt image 150 px wide, not a link, and the payment by its short number', async ({ page }) => {
  await login(page, 'patient', DEMO.patient);
  const doctors = (await (await page.request.get('/api/doctors?servicio=medicina_interna')).json()) as { id: string }[];
  const res = await page.request.post('/api/appointments/receipt', {
    multipart: {
      servicio: 'medicina_interna',
      id_doctor: doctors[0]!.id,
      fecha: weekdayAhead(25 + Math.floor(Math.random() * 30)),
      hora: '15:00',
      mensaje: 'Control',
      metodo_de_pago: 'Transferencia',
      monto: '40',
      comprobante_tranferencia: { name: 'recibo.png', mimeType: 'image/png', buffer: distinctPng() },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  await page.goto('/Recibo_pagos');
  await settled(page);
  await page.getByRole('button', { name: /Información Completa|Ver/ }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/^Pago N\.º \d{6}$/)).toBeVisible();
  const image = dialog.getByRole('img', { name: /recibo\.png/ });
  await expect(image).toBeVisible();
  expect((await image.boundingBox())!.width).toBe(150);
  await page.screenshot({ path: 'test-results/patient-receipt-1366.png' });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(image).toBeVisible();
  await page.screenshot({ path: 'test-results/patient-receipt-360.png' });
});
