import type { Page } from '@playwright/test';
import { addDays, formatWeekdayDate, messages, panamaToday, weekdayOf } from '@clinica/shared';
import { test, expect, login, registerPatient, registerStaff } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';

// Issue 23, items 2 and 4 (decision 0044): dates typed as dd/mm/aaaa (with or without leading
// zeros, '/' or '-') are taken, and a past, blocked or impossible one is named, not cleared; the
// clinic's contact in the footer and in the FAQ on a phone; the FAQ's truth about cancelling.

/** d/m/yyyy without leading zeros, as a person types it. */
const typed = (fecha: string, sep = '/') => {
  const [y, m, d] = fecha.split('-').map(Number);
  return `${d}${sep}${m}${sep}${y}`;
};

/** A weekday at least `ahead` days after today (Panama), yyyy-MM-dd. */
function weekdayAhead(ahead: number) {
  let fecha = addDays(panamaToday(Date.now()), ahead);
  while (weekdayOf(fecha) === 0 || weekdayOf(fecha) === 6) fecha = addDays(fecha, 1);
  return fecha;
}

/** Types into the date box as a person does (the calendar closed afterwards), then leaves it. */
async function typeDate(page: Page, label: string, text: string) {
  const box = page.getByLabel(label, { exact: true });
  await box.click();
  await box.fill('');
  await box.pressSequentially(text);
  await page.keyboard.press('Escape');
  await box.blur();
  return box;
}

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

test('a doctor types dates to block: impossible, past and already blocked are named; 2-12-yyyy is taken', async ({ page, request }) => {
  const doctor = await registerStaff(request, 'doctor', 'medicina_interna');
  await login(page, 'doctor', doctor);
  await page.goto('/Fecha_Admin_Doctor');
  await expect(page.getByRole('heading', { name: 'Ingresar Fecha No Disponible', level: 1 })).toBeVisible();
  const label = 'Fecha no disponible';
  const nextYear = Number(panamaToday(Date.now()).slice(0, 4)) + 1;

  // No such day: said, and what was typed stays in the box.
  let box = await typeDate(page, label, `31/02/${nextYear}`);
  await expect(page.getByText(messages.dateImpossible)).toBeVisible();
  await expect(box).toHaveValue(`31/02/${nextYear}`);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await acceptAlert(page, messages.dateImpossible);

  // Not a date at all.
  await typeDate(page, label, 'mañana');
  await expect(page.getByText(messages.dateTypedFormat)).toBeVisible();

  // A past day.
  const yesterday = addDays(panamaToday(Date.now()), -1);
  box = await typeDate(page, label, typed(yesterday));
  await expect(page.getByText(messages.blockDatePast)).toBeVisible();
  await expect(box).toHaveValue(typed(yesterday));

  // Day first with '-' and no leading zeros: taken, written back as dd/mm/aaaa, blocked.
  const day = weekdayAhead(9);
  box = await typeDate(page, label, typed(day, '-'));
  await expect(page.getByText(messages.blockDatePast)).toHaveCount(0);
  await expect(box).toHaveValue(`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await acceptAlert(page, messages.dateBlockedOk);
  // Listed in the one date format (weekday, day, month name, year).
  await expect(page.getByRole('list', { name: 'Mis fechas no disponibles' }).getByRole('listitem')).toContainText(formatWeekdayDate(day, 'es'));

  // The same day typed again (with leading zeros and '/'): already blocked, said at once.
  await typeDate(page, label, `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`);
  await expect(page.getByText(messages.dateAlreadyBlocked)).toBeVisible();
});

test('/citas takes a typed date and names a past, impossible or doctor-off day instead of "complete all fields"', async ({ page, request, browser, baseURL }) => {
  const doctor = await registerStaff(request, 'doctor', 'medicina_interna');
  const off = weekdayAhead(6);
  // The doctor is off that day.
  const docContext = await browser.newContext();
  const doc = await docContext.newPage();
  await login(doc, 'doctor', doctor);
  const blockRes = await doc.request.post('/api/doctor/blocked-dates', { data: { date: off }, headers: { origin: baseURL! } });
  expect(blockRes.status(), await blockRes.text()).toBe(200);
  await docContext.close();

  const patient = await registerPatient(request);
  await login(page, 'patient', patient);
  await page.goto('/citas');
  await page.getByLabel('Servicio', { exact: true }).selectOption('medicina_interna');
  await page.getByLabel('Médico', { exact: true }).selectOption({ label: doctor.nombre });
  await expect(page.getByLabel('Fecha', { exact: true })).toBeEnabled();

  await typeDate(page, 'Fecha', `30/02/${off.slice(0, 4)}`);
  await expect(page.getByText(messages.dateImpossible)).toBeVisible();

  await typeDate(page, 'Fecha', typed(addDays(panamaToday(Date.now()), -2)));
  await expect(page.getByText(messages.appointmentPastDate)).toBeVisible();

  await typeDate(page, 'Fecha', typed(off));
  await expect(page.getByText(messages.appointmentDateBlocked)).toBeVisible();
  // The hours are not offered for a day that cannot be booked.
  await expect(page.getByLabel('Hora', { exact: true })).toHaveCount(0);

  // A good day typed as 2/12/yyyy: the free hours follow, written in 12 hours.
  const good = weekdayAhead(7) === off ? weekdayAhead(8) : weekdayAhead(7);
  await typeDate(page, 'Fecha', typed(good));
  await expect(page.getByText(messages.appointmentDateBlocked)).toHaveCount(0);
  await expect(page.getByLabel('Hora', { exact: true }).locator('option', { hasText: '8:00 a. m. – 9:00 a. m.' })).toHaveCount(1);
});

test.describe('on a phone (360 × 740, touch)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test("the footer and the FAQ say where the clinic is and how to reach it; the FAQ's cancelling is the truth", async ({ page }, info) => {
    await page.goto('/preguntas-frecuentes#contacto');
    const answer = page.locator('#contacto');
    await expect(answer).toHaveAttribute('open', '');
    const contact = answer.getByRole('region', { name: 'Contacto de la clínica' });
    await expect(contact).toContainText('Calle 50 y Calle 53 Este, Obarrio, Ciudad de Panamá');
    await expect(contact.getByRole('link', { name: '+507 300-0000' })).toHaveAttribute('href', 'tel:+5073000000');
    await expect(contact.getByRole('link', { name: /WhatsApp.*\+507 6000-0000/ })).toHaveAttribute('href', 'https://wa.me/50760000000');
    await expect(contact.getByRole('link', { name: 'contacto@clinica.demo' })).toHaveAttribute('href', 'mailto:contacto@clinica.demo');
    await expect(contact.getByRole('link', { name: /OpenStreetMap/ })).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\//);
    await expect(contact).toContainText('Lunes a viernes, de 8:00 a. m. a 10:00 p. m.');

    // Cancelling: in 'Mis citas', more than 24 hours ahead; not through suggestions.
    await page.getByText('¿Puedo cancelar o cambiar mi cita?').click();
    const cancel = page.locator('#cancelar-cita');
    await expect(cancel).toContainText('hasta 24 horas antes');
    await expect(cancel.getByRole('link', { name: 'Mis citas' })).toHaveAttribute('href', '/Citas_usuario');
    await expect(cancel.getByRole('link', { name: 'Sugerencias' })).toHaveCount(0);

    // The footer carries the same contact, its links big enough to tap, nothing wider than the phone.
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('region', { name: 'Contacto de la clínica' })).toContainText('Calle 50 y Calle 53 Este');
    await footer.scrollIntoViewIfNeeded();
    for (const link of await footer.getByRole('region').getByRole('link').all()) {
      const box = await link.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(24);
      expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.screenshot({ path: info.outputPath('faq-contact-360.png'), fullPage: true });
  });
});
