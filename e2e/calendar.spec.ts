import type { APIRequestContext, Page } from '@playwright/test';
import { addDays, messages, panamaToday, weekdayOf } from '@clinica/shared';
import { test, expect, DEMO, distinctPng, login, registerPatient, registerStaff } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';

// The staff's week view and the doctor's calendar feed (issue 24 item 6, decision 0051): a doctor
// opens 'Semana' on /Citas_Admin_Doctor, moves a week forward and back with the keyboard and opens
// an appointment from the grid; an administrator chooses the doctor on /Citas_Admin; the doctor
// makes, uses and revokes their private feed URL. Real time: dates counted from today in Panama.

const SHOTS = process.env.E2E_SHOTS_DIR;
const today = panamaToday(Date.now());
const monday = addDays(today, -((weekdayOf(today) + 6) % 7));
/** Wednesday of next week at 10:00: always bookable, never in this week's grid. */
const fecha = addDays(monday, 9);

async function bookFor(request: APIRequestContext, doctorId: string) {
  const patient = await registerPatient(request, { nombre: 'Rosalía', apellido: 'Quintero' });
  const signedIn = await request.post('/api/auth/login', { data: { email: patient.email, password: patient.password } });
  expect(signedIn.status()).toBe(200);
  const res = await request.post('/api/appointments/receipt', {
    multipart: {
      servicio: 'consulta_general',
      id_doctor: doctorId,
      fecha,
      hora: '10:00',
      mensaje: 'Control de presión arterial',
      metodo_de_pago: 'Transferencia',
      monto: '10',
      comprobante_tranferencia: { name: 'recibo.png', mimeType: 'image/png', buffer: distinctPng() },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

const appointmentButton = (page: Page) => page.getByRole('grid').getByRole('button', { name: /Rosalía Quintero/ });

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

test('a doctor opens the week view, moves a week forward and back with the keyboard, and opens an appointment from it', async ({ page, request }) => {
  const doctor = await registerStaff(request, 'doctor', 'consulta_general');
  await bookFor(request, doctor.id);
  await login(page, 'doctor', doctor);
  await page.goto('/Citas_Admin_Doctor');
  // The list stays the default.
  await expect(page.getByRole('button', { name: 'Lista' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('button', { name: 'Semana' }).click();
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  await expect(grid.getByRole('columnheader')).toHaveCount(8);
  await expect(grid.getByRole('rowheader').first()).toHaveText('8:00 a. m.');
  await expect(appointmentButton(page)).toHaveCount(0);

  // Next week, by keyboard.
  await page.getByRole('button', { name: 'Semana siguiente' }).focus();
  await page.keyboard.press('Enter');
  await expect(appointmentButton(page)).toBeVisible();
  // Back, and forward again, by keyboard.
  await page.getByRole('button', { name: 'Semana anterior' }).focus();
  await page.keyboard.press('Enter');
  await expect(appointmentButton(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Semana siguiente' }).focus();
  await page.keyboard.press('Space');
  await expect(appointmentButton(page)).toBeVisible();

  // Into the grid: Tab reaches one cell; the arrows move between cells (Wednesday 10:00 is row 3, column 3).
  await grid.locator('[tabindex="0"]').focus();
  await expect(grid.locator('[data-cell="0-0"]')).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(appointmentButton(page)).toBeFocused();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/calendar-week-1366.png`, fullPage: true });
  // Enter on the focused appointment (pressed on the locator: a full-page screenshot can move focus).
  await appointmentButton(page).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Información Completa de la cita' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Rosalía');
  await expect(dialog).toContainText('Control de presión arterial');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // A phone gets the day view: one column, previous and next day.
  await page.setViewportSize({ width: 360, height: 800 });
  await expect(page.getByRole('button', { name: 'Día siguiente' })).toBeVisible();
  await expect(grid.getByRole('columnheader')).toHaveCount(2);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/calendar-day-360.png`, fullPage: true });
});

test('an administrator sees one doctor’s week or every doctor’s day', async ({ page, request }) => {
  const doctor = await registerStaff(request, 'doctor', 'consulta_general');
  await bookFor(request, doctor.id);
  await login(page, 'admin', DEMO.admin);
  await page.goto('/Citas_Admin');
  await page.getByRole('button', { name: 'Semana' }).click();
  // Every doctor at once: a day, a column per doctor.
  await expect(page.getByRole('button', { name: 'Día siguiente' })).toBeVisible();
  await expect(page.getByRole('grid').getByRole('columnheader', { name: doctor.nombre })).toBeVisible();
  await page.getByLabel('Médico del calendario').selectOption({ label: doctor.nombre });
  await expect(page.getByRole('grid').getByRole('columnheader')).toHaveCount(8);
  await page.getByRole('button', { name: 'Semana siguiente' }).click();
  await appointmentButton(page).click();
  await expect(page.getByRole('dialog', { name: 'Información Completa de la cita' })).toContainText('Rosalía');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/calendar-admin-1366.png`, fullPage: true });
  await page.keyboard.press('Escape');
});

test('a doctor makes a private calendar URL, a calendar reads it, and revoking stops it (the doctor, or an administrator)', async ({ page, request, browser, baseURL }) => {
  const doctor = await registerStaff(request, 'doctor', 'consulta_general');
  await bookFor(request, doctor.id);
  await login(page, 'doctor', doctor);
  await page.goto('/Fecha_Admin_Doctor');
  const panel = page.getByRole('region', { name: 'Sus citas en su calendario' });
  await expect(panel).toContainText(messages.calendarFeedNone);
  await panel.getByRole('button', { name: messages.calendarFeedCreate }).click();
  const url = await panel.getByLabel(messages.calendarFeedLinkLabel).inputValue();
  expect(url).toMatch(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  if (SHOTS) {
    await panel.scrollIntoViewIfNeeded();
    await page.setViewportSize({ width: 360, height: 800 });
    await panel.screenshot({ path: `${SHOTS}/calendar-feed-360.png` });
    await page.setViewportSize({ width: 1366, height: 900 });
  }
  // A calendar app fetches it without any cookie.
  const feed = await page.context().request.fetch(url, { headers: { cookie: '' } });
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('SUMMARY:Rosalía Quintero: Medicina General');

  await panel.getByRole('button', { name: messages.calendarFeedRevoke }).click();
  await acceptAlert(page, messages.calendarFeedRevoked);
  await expect(panel).toContainText(messages.calendarFeedNone);
  expect((await page.context().request.fetch(url)).status()).toBe(404);

  // A new URL, then an administrator revokes it from /Citas_Admin (a lost phone).
  await panel.getByRole('button', { name: messages.calendarFeedCreate }).click();
  const second = await panel.getByLabel(messages.calendarFeedLinkLabel).inputValue();
  expect((await page.context().request.fetch(second)).status()).toBe(200);
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await visitedBefore(adminPage, admin, baseURL!);
  await login(adminPage, 'admin', DEMO.admin);
  await adminPage.goto('/Citas_Admin');
  const hours = adminPage.getByRole('region', { name: 'Horario semanal de un médico' });
  await hours.getByLabel('Servicio').selectOption('consulta_general');
  await hours.getByLabel('Médico', { exact: true }).selectOption({ label: doctor.nombre });
  await hours.getByRole('button', { name: messages.calendarFeedRevokeDoctor }).click();
  await acceptAlert(adminPage, messages.calendarFeedRevoked);
  await admin.close();
  expect((await page.context().request.fetch(second)).status()).toBe(404);
});
