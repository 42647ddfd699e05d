import fs from 'node:fs/promises';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { formatWeekdayDate, messages } from '@clinica/shared';
import { test, expect, DEMO, DEMO_GENERAL_DOCTOR, PNG_1X1, login, registerPatient, registerStaff } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';

// Records (issue 6): the patient's profile and consultation modal, suggestions read by an
// administrator, the doctor's follow-up seen by the patient, the administrators' patient modal
// with the ID-card image and the audit screen, and the accent-insensitive search.

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const suffix = () => Array.from({ length: 7 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('');

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

/** A consultation requested through the API as the consultation page does (consent, transfer receipt). */
async function requestConsultation(request: APIRequestContext, doctorName: string, sintomas: string) {
  expect((await request.post('/api/consultations/consent', { data: { aceptar: 'si' } })).status()).toBe(200);
  const doctors = (await (await request.get('/api/doctors?servicio=consulta_general')).json()) as { id: string; nombre: string }[];
  const doctor = doctors.find((d) => d.nombre === doctorName);
  expect(doctor, doctorName).toBeTruthy();
  const res = await request.post('/api/consultations/receipt', {
    multipart: {
      servicio: 'consulta_general',
      doctor_id: doctor!.id,
      metodo_de_pago: 'Transferencia',
      monto: '10',
      sintomas,
      antecedentesFamiliares: 'No hay información',
      antecedentesPersonales: 'Asma en la infancia',
      antecedentesQuirurgicos: 'No hay información',
      alergias: 'Penicilina',
      otrosDatos: 'No hay información',
      comprobante_tranferencia: { name: 'recibo.png', mimeType: 'image/png', buffer: PNG_1X1 },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** A signed-in staff member in a browser context of their own. */
async function staffPage(browser: Browser, baseURL: string, role: 'admin' | 'doctor', creds: { email: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL);
  await login(page, role, creds);
  return page;
}

async function search(page: Page, name: string) {
  await page.getByLabel('Nombre del paciente').fill(name);
  await page.getByRole('button', { name: 'Buscar' }).click();
}

test('a patient reads their profile, downloads their data and opens a consultation to attach exams', async ({ page }) => {
  const nombre = `Rosa${suffix()}`;
  const patient = await registerPatient(page.request, { nombre, apellido: 'Domínguez' });
  await login(page, 'patient', patient);
  await requestConsultation(page.request, DEMO_GENERAL_DOCTOR, 'Dolor de oído desde el lunes');

  await page.goto('/Usuarios');
  await expect(page.getByRole('heading', { name: 'Mi perfil', level: 1 })).toBeVisible();
  for (const text of [nombre, 'Domínguez', patient.email, '8-765-4321', 'Panamá', '+507 67654321']) await expect(page.getByText(text, { exact: true })).toBeVisible();
  const idImage = page.getByRole('img', { name: 'imagen de la cédula' });
  await expect(idImage).toBeVisible();
  await expect.poll(() => idImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar todos mis datos' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^mis-datos-clinica-\d{4}-\d{2}-\d{2}\.json$/);
  const exported = JSON.parse(await fs.readFile(await download.path(), 'utf8')) as {
    perfil: { correo: string };
    consultas: { sintomas: string }[];
  };
  expect(exported.perfil.correo).toBe(patient.email);
  expect(exported.consultas.map((c) => c.sintomas)).toEqual(['Dolor de oído desde el lunes']);

  await page.goto('/Consultas');
  await expect(page.getByRole('heading', { name: 'Mis consultas virtuales', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: /Ver detalle de la consulta/ }).click();
  const modal = page.getByRole('dialog', { name: 'Detalle de la consulta' });
  await expect(modal).toContainText('Dolor de oído desde el lunes');
  // The doctor's name and specialty; staff e-mail addresses are not for patients (decision 0049, session 10).
  await expect(modal).toContainText('Ana Castillo (Medicina General)');
  await expect(modal).not.toContainText('general@clinica.demo');
  await expect(modal).toContainText('Penicilina');
  // No follow-up yet, no exam file: the catalogue's 'No disponible'.
  await expect(modal.getByText(messages.unavailable).first()).toBeVisible();

  await modal.getByRole('button', { name: 'Subir archivo' }).click();
  await acceptAlert(page, messages.examFileRequired);
  await modal.getByLabel('Adjuntar resultados de exámenes (PDF o imagen)').setInputFiles({ name: 'hemograma.pdf', mimeType: 'application/pdf', buffer: PDF });
  await modal.getByRole('button', { name: 'Subir archivo' }).click();
  await acceptAlert(page, messages.examFileUploaded);
  const link = modal.getByRole('link', { name: 'Descargar hemograma.pdf' });
  await expect(link).toBeVisible();
  const file = await page.request.get((await link.getAttribute('href'))!);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
});

test('a suggestion sent by a patient is read by an administrator', async ({ page, browser, baseURL }) => {
  const nombre = `Sugeridor${suffix()}`;
  const patient = await registerPatient(page.request, { nombre });
  await login(page, 'patient', patient);
  await page.goto('/sugerencias');
  await expect(page.getByRole('heading', { name: 'Sugerencias', level: 1 })).toBeVisible();
  await page.getByLabel('Su sugerencia').fill('    ');
  await page.getByRole('button', { name: 'Enviar sugerencia' }).click();
  await acceptAlert(page, messages.missingFields);
  const text = `Sería útil poder pagar con Yappy también las citas ${suffix()}`;
  await page.getByLabel('Su sugerencia').fill(text);
  await page.getByRole('button', { name: 'Enviar sugerencia' }).click();
  await acceptAlert(page, messages.suggestionSaved);
  await expect(page.getByLabel('Su sugerencia')).toHaveValue('');

  const admin = await staffPage(browser, baseURL!, 'admin', DEMO.admin);
  await admin.goto('/Sugerencias_Admin');
  await expect(admin.getByRole('heading', { name: 'Sugerencias', level: 1 })).toBeVisible();
  await search(admin, nombre.toUpperCase());
  const rows = admin.getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(text);
  await expect(rows.nth(1)).toContainText(nombre);
  await expect(rows.nth(1)).toContainText(patient.email);
  await admin.getByRole('button', { name: 'Limpiar Búsqueda' }).click();
  await expect(admin.getByRole('row').nth(1)).toContainText(text);
});

test('a doctor writes the analysis and plan, and the patient sees them', async ({ page, browser, baseURL }) => {
  const doctor = await registerStaff(page.request, 'doctor');
  const nombre = `Tomasa${suffix()}`;
  const patient = await registerPatient(page.request, { nombre });
  await login(page, 'patient', patient);
  await requestConsultation(page.request, doctor.nombre, 'Mareos al levantarse');

  const doc = await staffPage(browser, baseURL!, 'doctor', doctor);
  await doc.goto('/Consultas_Admin_Doctor');
  await expect(doc.getByRole('heading', { name: 'Mis consultas virtuales', level: 1 })).toBeVisible();
  await expect(doc.getByRole('row')).toHaveCount(2);
  await expect(doc.getByRole('row').nth(1)).toContainText(patient.email);
  await doc.getByRole('button', { name: `Información Completa de ${nombre} Batista` }).click();
  const modal = doc.getByRole('dialog', { name: 'Información Completa de la consulta' });
  await expect(modal).toContainText('Mareos al levantarse');
  await expect(modal).toContainText('8-765-4321');
  await expect(modal.getByRole('heading', { name: 'Conversación del chat' })).toHaveCount(0);
  await modal.getByLabel('Análisis').fill('Hipotensión ortostática probable.');
  await modal.getByLabel('Plan').fill('Hidratación abundante y control de presión en 48 horas.');
  // Typed as people write it (dd/mm/aaaa without leading zeros), the shared date field (decision 0044).
  await modal.getByLabel('Fecha de la próxima consulta').fill('15/1/2030');
  await expect(modal.getByLabel('Fecha de la próxima consulta')).toHaveValue('15/1/2030');
  await modal.getByRole('button', { name: 'Actualizar' }).click();
  await acceptAlert(doc, `${messages.consultationUpdateFailedPrefix}${messages.nextVisitIncomplete}`);
  await modal.getByLabel('Hora de la próxima consulta').fill('09:30');
  await modal.getByLabel('Revisado').check();
  await modal.getByRole('button', { name: 'Actualizar' }).click();
  await acceptAlert(doc, messages.consultationUpdated);

  await page.goto('/Consultas');
  await expect(page.getByText('Revisada por su médico')).toBeVisible();
  await page.getByRole('button', { name: /Ver detalle de la consulta/ }).click();
  const detail = page.getByRole('dialog', { name: 'Detalle de la consulta' });
  await expect(detail).toContainText('Hipotensión ortostática probable.');
  await expect(detail).toContainText('Hidratación abundante y control de presión en 48 horas.');
  // The next visit in the one date format, never the raw '2030-01-15'.
  await expect(detail).toContainText(`${formatWeekdayDate('2030-01-15')} a las 9:30 a. m.`);
  await expect(detail).not.toContainText('2030-01-15');
});

test('an administrator finds a patient without accents and opens the record with the ID-card image', async ({ page, browser, baseURL }) => {
  const tail = suffix();
  const nombre = `José${tail}`;
  await registerPatient(page.request, { nombre, apellido: 'Núñez' });

  const admin = await staffPage(browser, baseURL!, 'admin', DEMO.admin);
  await admin.goto('/PacientesDataAdmin');
  await expect(admin.getByRole('heading', { name: 'Pacientes', level: 1 })).toBeVisible();
  await search(admin, `JOSE${tail.toUpperCase()}`);
  await expect(admin.getByRole('row')).toHaveCount(2);
  await admin.getByRole('button', { name: `Información Completa de ${nombre} Núñez` }).click();
  const modal = admin.getByRole('dialog', { name: 'Información Completa del paciente' });
  await expect(modal).toContainText('Primera consulta');
  await expect(modal).toContainText('Disponible (aún no utilizada)');
  await expect(modal).toContainText('Aceptado');
  const image = modal.getByRole('img', { name: `cédula de ${nombre} Núñez` });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Who looked: the audit screen, filtered by this patient.
  await modal.getByRole('link', { name: 'Ver quién accedió a los datos de este paciente' }).click();
  await expect(admin.getByRole('heading', { name: 'Auditoría de accesos', level: 1 })).toBeVisible();
  await expect(admin.getByText(`Paciente: ${nombre} Núñez`)).toBeVisible();
  await expect(admin.getByRole('row').filter({ hasText: 'Ficha del paciente' })).toHaveCount(1);
  await expect(admin.getByRole('row').filter({ hasText: 'Descarga de la imagen de cédula' })).toHaveCount(1);

  // An image that cannot load says so.
  await admin.route('**/cedula-image', (route) => route.fulfill({ status: 404, body: '' }));
  await admin.goto('/PacientesDataAdmin');
  await search(admin, `jose${tail}`);
  await admin.getByRole('button', { name: `Información Completa de ${nombre} Núñez` }).click();
  await expect(admin.getByRole('dialog').getByText(messages.imageLinkFailed)).toBeVisible();
});
