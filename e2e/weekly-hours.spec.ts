import type { Browser, Page } from '@playwright/test';
import { addDays, formatWeekdayDate, messages, panamaToday, weekdayOf } from '@clinica/shared';
import { test, expect, DEMO, login, registerPatient, registerStaff } from './fixtures';
import { dayName, pickDay } from './booking';
import { acceptAlert, visitedBefore } from './frame-helpers';

// Each doctor's weekly hours and partial-day blocks (issue 24 item 1, decision 0048): a doctor sets
// Tuesday 14:00-18:00 and blocks Thursday 9:00-11:00 on /Fecha_Admin_Doctor, and the patient's picker
// on /citas offers exactly those hours. Real time: dates are counted from today in Panama.

const SHOTS = process.env.E2E_SHOTS_DIR;

/** The first date with weekday `day` (0 = Sunday) at least `ahead` days after today (Panama). */
function next(day: number, ahead: number) {
  let fecha = addDays(panamaToday(Date.now()), ahead);
  while (weekdayOf(fecha) !== day) fecha = addDays(fecha, 1);
  return fecha;
}

async function doctorPage(browser: Browser, baseURL: string, creds: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL);
  await login(page, 'doctor', creds);
  return page;
}

/** The hours the /citas form offers (its 'Hora' options, the placeholder left out). */
async function offered(page: Page) {
  const values = await page.getByLabel('Hora', { exact: true }).locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
  return values.filter((v) => v !== '');
}

const cellOf = (page: Page, fecha: string) => page.getByRole('gridcell', { name: new RegExp(`^(Elegir|No disponible) ${dayName(fecha)}$`) });

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

test('a doctor sets Tuesday 14:00-18:00 and blocks Thursday 9:00-11:00; the patient is offered exactly those hours', async ({ page, request, browser, baseURL }) => {
  const doctor = await registerStaff(request, 'doctor', 'medicina_interna');
  const tuesday = next(2, 2);
  const wednesday = addDays(tuesday, 1);
  const thursday = addDays(tuesday, 2);

  // The doctor: every day off but Tuesday 14:00-18:00 and Thursday at the clinic's hours.
  const doc = await doctorPage(browser, baseURL!, doctor);
  await doc.goto('/Fecha_Admin_Doctor');
  const hours = doc.getByRole('form', { name: 'Mi horario semanal' });
  await expect(hours).toBeVisible();
  for (const day of ['Lunes', 'Miércoles', 'Viernes', 'Sábado', 'Domingo']) {
    await hours.getByRole('button', { name: `Quitar el horario 1 del ${day}` }).click();
  }
  await hours.getByLabel('Martes, horario 1: desde').selectOption('14:00');
  await hours.getByLabel('Martes, horario 1: hasta').selectOption('18:00');
  await hours.getByRole('button', { name: 'Guardar horario' }).click();
  await acceptAlert(doc, messages.weeklyHoursSaved);

  // Thursday 9:00 to 11:00 blocked.
  await pickDay(doc, thursday, 'Fecha no disponible');
  await doc.getByLabel('Bloquear desde').selectOption('09:00');
  await doc.getByLabel('Bloquear hasta').selectOption('11:00');
  await doc.getByRole('button', { name: 'Enviar' }).click();
  await acceptAlert(doc, messages.hoursBlockedOk);
  await expect(doc.getByRole('list', { name: 'Mis fechas no disponibles' }).getByRole('listitem')).toContainText(
    `${formatWeekdayDate(thursday, 'es')}, de 9:00 a. m. a 11:00 a. m.`,
  );
  if (SHOTS) {
    for (const width of [360, 1366]) {
      await doc.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await doc.screenshot({ path: `${SHOTS}/doctor-hours-${width}.png`, fullPage: true });
    }
  }
  await doc.context().close();

  // The patient's picker: Tuesday 14:00-17:00, Thursday without 9:00 and 10:00, no Wednesday.
  const patient = await registerPatient(request, {});
  await login(page, 'patient', patient);
  await page.goto('/citas');
  await page.getByLabel('Servicio', { exact: true }).selectOption('medicina_interna');
  await page.getByLabel('Médico', { exact: true }).selectOption({ label: doctor.nombre });
  await page.getByLabel('Fecha', { exact: true }).click();
  for (let i = 0; i < 3 && (await cellOf(page, wednesday).count()) === 0; i++) await page.getByRole('button', { name: 'Mes siguiente' }).click();
  await expect(cellOf(page, wednesday)).toHaveAttribute('aria-label', `No disponible ${dayName(wednesday)}`);
  await page.keyboard.press('Escape');

  await pickDay(page, tuesday);
  await expect.poll(() => offered(page)).toEqual(['14:00', '15:00', '16:00', '17:00']);
  await pickDay(page, thursday);
  await expect
    .poll(() => offered(page))
    .toEqual(['08:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00', '21:00']);
  if (SHOTS) {
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await page.screenshot({ path: `${SHOTS}/citas-${width}.png`, fullPage: true });
    }
  }
});

test('an administrator sets a doctor\'s weekly hours on /Citas_Admin; the doctor finds them on their page', async ({ page, request, browser, baseURL }) => {
  const doctor = await registerStaff(request, 'doctor', 'psicologia');
  await login(page, 'admin', DEMO.admin);
  await page.goto('/Citas_Admin');
  const section = page.getByRole('region', { name: 'Horario semanal de un médico' });
  await section.getByLabel('Servicio').selectOption('psicologia');
  await section.getByLabel('Médico').selectOption({ label: doctor.nombre });
  const hours = section.getByRole('form', { name: 'Horario semanal' });
  await hours.getByLabel('Viernes, horario 1: desde').selectOption('10:00');
  await hours.getByLabel('Viernes, horario 1: hasta').selectOption('09:00');
  await hours.getByRole('button', { name: 'Guardar horario' }).click();
  // The shared schema refuses an inverted range before anything is sent.
  await acceptAlert(page, messages.weeklyHoursInverted);
  await hours.getByLabel('Viernes, horario 1: hasta').selectOption('13:00');
  await hours.getByRole('button', { name: 'Guardar horario' }).click();
  await acceptAlert(page, messages.weeklyHoursSaved);
  if (SHOTS) {
    for (const width of [360, 1366]) {
      await page.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await section.screenshot({ path: `${SHOTS}/admin-hours-${width}.png` });
    }
  }

  const doc = await doctorPage(browser, baseURL!, doctor);
  await doc.goto('/Fecha_Admin_Doctor');
  const own = doc.getByRole('form', { name: 'Mi horario semanal' });
  await expect(own.getByLabel('Viernes, horario 1: desde')).toHaveValue('10:00');
  await expect(own.getByLabel('Viernes, horario 1: hasta')).toHaveValue('13:00');
  await doc.context().close();
});

test('an administrator blocks Thursday 9:00-11:00 for a doctor on /Citas_Admin; the patient is no longer offered those hours', async ({ page, request, browser, baseURL }) => {
  const doctor = await registerStaff(request, 'doctor', 'medicina_interna');
  const thursday = next(4, 2);
  const admin = await browser.newContext();
  const adm = await admin.newPage();
  await visitedBefore(adm, admin, baseURL!);
  await login(adm, 'admin', DEMO.admin);
  await adm.goto('/Citas_Admin');
  const section = adm.getByRole('region', { name: 'Horario semanal de un médico' });
  await section.getByLabel('Servicio').selectOption('medicina_interna');
  await section.getByLabel('Médico').selectOption({ label: doctor.nombre });
  const form = section.getByRole('form', { name: 'Fechas u horas no disponibles del médico' });
  await pickDay(adm, thursday, 'Fecha no disponible');
  await form.getByLabel('Bloquear desde').selectOption('09:00');
  await form.getByLabel('Bloquear hasta').selectOption('11:00');
  await form.getByRole('button', { name: 'Enviar' }).click();
  await acceptAlert(adm, messages.hoursBlockedOk);
  await expect(section.getByRole('list', { name: 'Fechas no disponibles del médico' }).getByRole('listitem')).toContainText(
    `${formatWeekdayDate(thursday, 'es')}, de 9:00 a. m. a 11:00 a. m.`,
  );
  if (SHOTS) {
    for (const width of [360, 1366]) {
      await adm.setViewportSize({ width, height: width === 360 ? 800 : 900 });
      await section.screenshot({ path: `${SHOTS}/admin-blocks-${width}.png` });
    }
  }
  await admin.close();

  // The doctor finds the administrator's block among their own.
  const doc = await doctorPage(browser, baseURL!, doctor);
  await doc.goto('/Fecha_Admin_Doctor');
  await expect(doc.getByRole('list', { name: 'Mis fechas no disponibles' }).getByRole('listitem')).toContainText(
    `${formatWeekdayDate(thursday, 'es')}, de 9:00 a. m. a 11:00 a. m.`,
  );
  await doc.context().close();

  const patient = await registerPatient(request, {});
  await login(page, 'patient', patient);
  await page.goto('/citas');
  await page.getByLabel('Servicio', { exact: true }).selectOption('medicina_interna');
  await page.getByLabel('Médico', { exact: true }).selectOption({ label: doctor.nombre });
  await pickDay(page, thursday);
  await expect
    .poll(() => offered(page))
    .toEqual(['08:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00', '21:00']);
});
