import type { Page } from '@playwright/test';
import { addDays, formatWeekdayDate, messages, panamaToday, referenceNumber, weekdayOf } from '@clinica/shared';
import { test, expect, DEMO, DEMO_GENERAL_DOCTOR, login, payConsultationByPaypal, registerPatient, registerStaff } from './fixtures';
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
  // The calendar is seen closed before the box is left: react-datepicker reports the box's blur
  // (where the day typed is written back as dd/mm/aaaa) only with its calendar closed, so leaving
  // the box while Escape's close was still on its way raced it (flaky in session 15's full run).
  await expect(page.getByRole('dialog', { name: 'Choose Date' })).toBeHidden();
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

test("a doctor's document dates take typed dd/mm/aaaa and name a future, impossible or badly written day; nothing is sent", async ({ page }, info) => {
  // Session 8's leftovers (decision 0044): the documents' dates are the shared typed field, no browser date input.
  await login(page, 'doctor', DEMO.doctor);
  await page.goto('/Certif_Salud');
  await expect(page.getByRole('heading', { name: 'Certificado de Salud', level: 1 })).toBeVisible();
  const today = panamaToday(Date.now());
  const box = page.locator('form.documents-form').getByLabel('Fecha', { exact: true });
  // Today is filled in, written as people write it.
  await expect(box).toHaveValue(`${today.slice(8, 10)}/${today.slice(5, 7)}/${today.slice(0, 4)}`);
  await expect(page.locator('form.documents-form input[type="date"]')).toHaveCount(0);

  await typeDate(page, 'Fecha', typed(addDays(today, 1)));
  await expect(page.getByText(messages.documentDateOutOfRange)).toBeVisible();
  await expect(box).toHaveValue(typed(addDays(today, 1)));
  // 'Generar PDF' sends nothing and the field keeps its reason.
  await page.getByRole('button', { name: 'Generar PDF' }).click();
  await expect(page.locator('.documents-summary')).toHaveText(messages.fixFormErrors);
  await expect(page.getByText(messages.documentDateOutOfRange)).toBeVisible();

  await typeDate(page, 'Fecha', `31/02/${today.slice(0, 4)}`);
  await expect(page.getByText(messages.dateImpossible)).toBeVisible();
  await typeDate(page, 'Fecha', 'ayer');
  await expect(page.getByText(messages.dateTypedFormat)).toBeVisible();

  // Yesterday with '-' and no leading zeros: taken, written back as dd/mm/aaaa, no reason left.
  const yesterday = addDays(today, -1);
  await typeDate(page, 'Fecha', typed(yesterday, '-'));
  await expect(box).toHaveValue(`${yesterday.slice(8, 10)}/${yesterday.slice(5, 7)}/${yesterday.slice(0, 4)}`);
  await expect(page.getByText(messages.dateTypedFormat)).toHaveCount(0);
  await page.screenshot({ path: info.outputPath('document-date-1366.png') });
});

test('the audit keeps its seconds; staff find a consultation by the number the patient reads', async ({ page, browser, request }) => {
  // The patient's paid consultation and its short number, as the patient's own list answers it.
  const patient = await registerPatient(request);
  expect((await request.post('/api/auth/login', { data: patient })).status()).toBe(200);
  await payConsultationByPaypal(request, DEMO_GENERAL_DOCTOR, 'Tos con flema');
  const mine = (await (await request.get('/api/consultations')).json()) as { numero: number }[];
  const numero = referenceNumber(mine[0]!.numero);

  await login(page, 'admin', DEMO.admin);
  await page.goto('/Auditoria_Admin');
  const firstTime = page.getByRole('table').getByRole('row').nth(1).getByRole('cell').first();
  await expect(firstTime).toHaveText(/, \d{1,2}:\d{2}:\d{2} [ap]\. m\.$/);

  await page.goto('/Consultas_Admin');
  const search = page.getByLabel('Nombre del paciente o N.º', { exact: true });
  await expect(search).toHaveAccessibleDescription(/000123/);
  await search.fill(`N.º ${numero}`);
  await page.getByRole('button', { name: 'Buscar' }).click();
  const table = page.getByRole('table', { name: 'Consultas virtuales' });
  await expect(table.getByRole('columnheader').first()).toHaveText('Referencia');
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(`N.º ${numero}`);
  await expect(table.getByRole('row').nth(1)).toContainText(patient.email);

  // On a phone the patient's card carries the same number.
  const phone = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const patientPage = await phone.newPage();
  await login(patientPage, 'patient', patient);
  await patientPage.goto('/Consultas');
  await expect(patientPage.getByText(`Consulta N.º ${numero}`)).toBeVisible();
  await phone.close();
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
    // wa.me with the visitor's greeting prefilled (issue 27, decision 0060).
    await expect(contact.getByRole('link', { name: /WhatsApp.*\+507 6000-0000/ })).toHaveAttribute(
      'href',
      `https://wa.me/50760000000?text=${encodeURIComponent('Hola, les escribo desde el sitio web de la clínica.')}`,
    );
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
