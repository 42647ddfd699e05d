import type { Locator } from '@playwright/test';
import { formatClock, formatWeekdayDate, messages } from '@clinica/shared';
import { test, expect, DEMO, PNG_1X1, login, registerPatient, registerStaff } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';
import { pickDay, weekdayAhead } from './booking';

// WhatsApp click-to-chat (issue 27, item 3; decision 0060), on a phone: the footer's link to the
// clinic with a greeting, the link a booking's confirmation offers with that booking's day and
// hour, and an administrator's link to a patient's own number. The demo's CLINIC_WHATSAPP is
// +507 6000-0000; registerPatient gives the patient +507 6765-4321.

const SHOTS = process.env.E2E_SHOTS_DIR;
const CLINIC = 'https://wa.me/50760000000';

/** The link's wa.me number and its prefilled text, as WhatsApp reads them. */
async function waMe(link: Locator) {
  const href = new URL((await link.getAttribute('href'))!);
  return { number: `${href.origin}${href.pathname}`, text: href.searchParams.get('text') };
}

/** Opens in a new tab, with neither the opener nor the page's address handed to WhatsApp. */
async function expectNewTab(link: Locator) {
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
}

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

test("the footer's WhatsApp: the clinic's number and a greeting the visitor may change", async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const link = footer.getByRole('link', { name: /WhatsApp.*\+507 6000-0000/ });
  await link.scrollIntoViewIfNeeded();
  await expect(link).toBeVisible();
  expect(await waMe(link)).toEqual({ number: CLINIC, text: 'Hola, les escribo desde el sitio web de la clínica.' });
  await expectNewTab(link);
  if (SHOTS) await footer.screenshot({ path: `${SHOTS}/whatsapp-footer-360.png` });

  // In English the greeting is the visitor's own language: it is their message.
  await page.getByRole('button', { name: 'Idioma: Español' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'English' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  expect((await waMe(page.getByRole('contentinfo').getByRole('link', { name: /WhatsApp.*\+507 6000-0000/ }))).text).toBe(
    "Hello, I am writing from the clinic's website.",
  );
});

test('after booking, the confirmation offers WhatsApp with that day and hour; the administrator reaches the patient on WhatsApp', async ({ page, browser, baseURL }) => {
  const doctor = await registerStaff(page.request, 'doctor', 'medicina_interna');
  const nombre = `Wapa${Math.random().toString(36).slice(2, 8)}`;
  const patient = await registerPatient(page.request, { nombre, apellido: 'Herrera' });
  await login(page, 'patient', patient);
  const fecha = weekdayAhead(5);

  await page.goto('/citas');
  await page.getByLabel('Servicio', { exact: true }).selectOption('medicina_interna');
  await page.getByLabel('Médico', { exact: true }).selectOption({ label: doctor.nombre });
  await pickDay(page, fecha);
  await page.getByLabel('Hora', { exact: true }).selectOption('09:00');
  await page.getByLabel('Motivo de la consulta').fill('Dolor de rodilla al subir escaleras');
  await page.getByLabel('Transferencia bancaria (solo Panamá)').check();
  await page.getByLabel('Comprobante de pago (imagen o PDF)').setInputFiles({ name: 'recibo.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await page.getByRole('button', { name: 'Enviar comprobante' }).click();
  await acceptAlert(page, messages.receiptSent);

  const link = page.getByRole('link', { name: 'Escribir a la clínica por WhatsApp (se abre en otra pestaña)', exact: true });
  await expect(link).toBeVisible();
  await expect(link).toHaveText('Escribir a la clínica por WhatsApp');
  const { number, text } = await waMe(link);
  expect(number).toBe(CLINIC);
  expect(text).toBe(`Hola, acabo de reservar una cita para el ${formatWeekdayDate(fecha, 'es')} a las ${formatClock('09:00', 'es')} y envié el comprobante de pago.`);
  // No clinical detail and no reference in a chat app.
  expect(text).not.toContain('rodilla');
  expect(text).not.toMatch(/N\.º/);
  await expectNewTab(link);
  const box = await link.boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(24);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/whatsapp-booked-360.png`, fullPage: true });

  // The administrator's patient record: the patient's own number, as E.164, in a new tab.
  const adminContext = await browser.newContext({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });
  const admin = await adminContext.newPage();
  await visitedBefore(admin, adminContext, baseURL!);
  await login(admin, 'admin', DEMO.admin);
  await admin.goto('/PacientesDataAdmin');
  await admin.getByLabel('Nombre del paciente').fill(nombre);
  await admin.getByRole('button', { name: 'Buscar' }).click();
  await admin.getByRole('button', { name: `Información Completa de ${nombre} Herrera` }).click();
  const modal = admin.getByRole('dialog', { name: 'Información Completa del paciente' });
  const patientLink = modal.getByRole('link', { name: 'Escribir al paciente por WhatsApp al +507 67654321 (se abre en otra pestaña)' });
  await expect(patientLink).toBeVisible();
  await expect(patientLink).toHaveText('WhatsApp');
  await expect(patientLink).toHaveAttribute('href', 'https://wa.me/50767654321');
  await expectNewTab(patientLink);
  if (SHOTS) await admin.screenshot({ path: `${SHOTS}/whatsapp-patient-record-360.png`, fullPage: true });

  // The appointment's detail for the administrator carries the same link.
  await admin.goto('/Citas_Admin');
  await admin.getByLabel('Nombre del paciente').fill(nombre);
  await admin.getByRole('button', { name: 'Enviar' }).click();
  await expect(admin.getByRole('row')).toHaveCount(2);
  await admin.getByRole('button', { name: /Información Completa/ }).click();
  await expect(admin.getByRole('dialog', { name: 'Información Completa de la cita' }).getByRole('link', { name: /Escribir al paciente por WhatsApp/ })).toHaveAttribute('href', 'https://wa.me/50767654321');
  await adminContext.close();
});

test.describe('on a computer (1366 × 900)', () => {
  test.use({ viewport: { width: 1366, height: 900 }, hasTouch: false, isMobile: false });

  test("the patient record's WhatsApp sits beside the number; the footer's link to the clinic", async ({ page, browser, baseURL }) => {
    const nombre = `Wapb${Math.random().toString(36).slice(2, 8)}`;
    await registerPatient(page.request, { nombre, apellido: 'Quintero', country_code: '+506', celular: '8888-1234' });
    await login(page, 'admin', DEMO.admin);
    await page.goto('/PacientesDataAdmin');
    await page.getByLabel('Nombre del paciente').fill(nombre);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('button', { name: `Información Completa de ${nombre} Quintero` }).click();
    const modal = page.getByRole('dialog', { name: 'Información Completa del paciente' });
    // A Costa Rican number: +506 and its 8 digits.
    const link = modal.getByRole('link', { name: 'Escribir al paciente por WhatsApp al +506 8888-1234 (se abre en otra pestaña)' });
    await expect(link).toHaveAttribute('href', 'https://wa.me/50688881234');
    const number = modal.getByText('+506 8888-1234', { exact: true });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/whatsapp-patient-record-1366.png` });
    // In the 'Celular' entry itself, beside the number or, in a narrow column, under it.
    const entry = modal.locator('dd').filter({ hasText: '+506 8888-1234' });
    await expect(entry.getByRole('link', { name: /Escribir al paciente por WhatsApp/ })).toHaveText('WhatsApp');
    const [a, b] = [await number.boundingBox(), await link.boundingBox()];
    expect(b!.y).toBeGreaterThanOrEqual(a!.y - 4);
    expect(b!.y).toBeLessThan(a!.y + a!.height + 30);

    const visitor = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const home = await visitor.newPage();
    await visitedBefore(home, visitor, baseURL!);
    await home.goto('/preguntas-frecuentes#contacto');
    const faqLink = home.locator('#contacto').getByRole('link', { name: /WhatsApp.*\+507 6000-0000/ });
    await expect(faqLink).toBeVisible();
    expect(await waMe(faqLink)).toEqual({ number: CLINIC, text: 'Hola, les escribo desde el sitio web de la clínica.' });
    if (SHOTS) await home.screenshot({ path: `${SHOTS}/whatsapp-faq-1366.png`, fullPage: true });
    await visitor.close();
  });
});
