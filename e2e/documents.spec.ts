import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  DOCUMENT_FIELDS,
  DOCUMENT_PAGES,
  DOCUMENT_TITLES,
  DOCUMENT_TYPES,
  REQUIRED_FIELDS,
  messages,
  type DocumentType,
} from '@clinica/shared';
import { drawnSignature } from '../apps/server/test/signature-fixture';
import { test, expect, login, registerPatient, registerStaff } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';

// Medical documents (issue 8): the doctor's signature pad, the six forms with their download and
// table, the public verification page, the patient's documents in their area.

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

/** No WCAG 2.1 A/AA violation in the page's main content. */
async function expectAccessible(page: Page) {
  const result = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(result.violations.map((v) => `${page.url()} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** Draws a wavy stroke on the signature pad with the mouse (pointer events). */
async function drawSignature(page: Page) {
  const canvas = page.getByRole('img', { name: /Recuadro de firma/ });
  const box = await canvas.boundingBox();
  if (!box) throw new Error('signature pad not visible');
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    await page.mouse.move(box.x + box.width * (0.1 + i * 0.03), box.y + box.height * (0.5 + 0.25 * Math.sin(i / 2)));
  }
  await page.mouse.up();
}

/** Values the test gives whatever the form shows; other required fields get a text when empty. */
const GIVEN: Record<string, string> = {
  FechaNacimiento: '1997-05-14',
  Fecha: '2026-11-21',
  date: '2026-11-21',
  Hora: '09:30',
  Especialidad: 'Nefrología',
  ValidacionSSN: 'Si',
  dias_incapacidad: '3',
  hora_inicio: '08:00',
  dia_inicio: '21',
  mes_inicio: '11',
  ano_inicio: '2026',
  hora_final: '08:00',
  dia_final: '24',
  mes_final: '11',
  ano_final: '2026',
  Peso: '82',
  Talla: '1.70',
  TA: '110/70',
  FC: '72',
  FR: '16',
  T: '36.8',
  TEMP: '36.8',
  Examenes: 'Hemograma completo y glucosa en ayunas.',
  Medicamentos: 'Paracetamol 500 mg cada 8 horas por 3 días.',
};

/** Fills every required field of the form, by its label (what the patient's record filled stays). */
async function fillRequired(page: Page, tipo: DocumentType) {
  const form = page.locator('form.documents-form');
  for (const name of REQUIRED_FIELDS[tipo]) {
    const field = DOCUMENT_FIELDS[tipo].find((f) => f.name === name)!;
    if (field.kind === 'country' || field.kind === 'email') continue;
    const control = form.getByLabel(field.label, { exact: true });
    if (field.kind === 'select') {
      await control.selectOption(GIVEN[name] ?? (field.options?.includes('Normal') ? 'Normal' : field.options![0]!));
    } else if (GIVEN[name] !== undefined) {
      await control.fill(GIVEN[name]);
    } else if ((await control.inputValue()) === '') {
      await control.fill(`Nota de ${field.label} con acentos: señal, corazón, pulmón.`);
    }
  }
}

/** A doctor with a saved signature, signed in through the API of `request`. */
async function doctorWithSignature(request: APIRequestContext) {
  const doctor = await registerStaff(request, 'doctor');
  expect((await request.post('/api/doctor/login', { data: { email: doctor.email, password: doctor.password } })).status()).toBe(200);
  const saved = await request.put('/api/doctor/documents/profile', {
    multipart: {
      regNumber: 'Reg. 7788',
      doctorCode: '',
      firma: { name: 'firma.png', mimeType: 'image/png', buffer: drawnSignature() },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  return doctor;
}

test('a doctor draws the signature, fills each of the six forms, downloads each PDF and finds it in the table', async ({ page, request }) => {
  test.setTimeout(180_000);
  const patient = await registerPatient(request);
  const doctor = await registerStaff(request, 'doctor');
  await login(page, 'doctor', doctor);

  // Without a signature the form says so, and the server refuses: 'Error generating PDF.'
  await page.goto('/Recetarios');
  await expect(page.getByRole('heading', { level: 1, name: 'Recetario' })).toBeVisible();
  await expect(page.getByText(messages.documentProfileRequired)).toBeVisible();
  await expect(page.getByRole('cell', { name: messages.noTableData })).toHaveAttribute('colspan', '8');
  await page.getByLabel('Correo del paciente', { exact: true }).fill(patient.email);
  await page.getByLabel('Nombre del paciente', { exact: true }).fill('Lucía Batista');
  await page.getByLabel('Medicamentos e indicaciones (Rp.)', { exact: true }).fill('Paracetamol 500 mg.');
  await page.getByRole('button', { name: 'Generar PDF' }).click();
  await acceptAlert(page, messages.pdfFailed);
  await expect(page.locator('.documents-summary')).toHaveText(messages.documentProfileRequired);

  // The signature pad: drawn once with the pointer, with the registration number.
  await page.getByRole('link', { name: 'Ir a «Firma del médico»' }).click();
  await expect(page).toHaveURL(/\/Firma_Admin_Doctor$/);
  await page.getByRole('button', { name: 'Guardar firma' }).click();
  await expect(page.getByText(messages.missingFields).first()).toBeVisible();
  await page.getByLabel('Número de registro', { exact: true }).fill('Idoneidad 4521');
  await page.getByRole('button', { name: 'Guardar firma' }).click();
  await expect(page.getByText(messages.signatureRequired)).toBeVisible();
  await drawSignature(page);
  await page.getByRole('button', { name: 'Guardar firma' }).click();
  await acceptAlert(page, messages.signatureSaved);
  await expect(page.getByRole('img', { name: 'Su firma guardada' })).toBeVisible();
  await expectAccessible(page);

  for (const tipo of DOCUMENT_TYPES) {
    await page.goto(DOCUMENT_PAGES[tipo]);
    await expect(page.getByRole('heading', { level: 1, name: DOCUMENT_TITLES[tipo] })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Su firma guardada' })).toBeVisible();

    // A required field missing: the form says so and nothing is sent.
    await page.getByRole('button', { name: 'Generar PDF' }).click();
    await expect(page.locator('.documents-summary')).toHaveText(messages.fixFormErrors);

    // The patient typed by e-mail, the known data filled in from their record.
    await page.getByLabel('Correo del paciente', { exact: true }).fill(patient.email);
    await page.getByRole('button', { name: 'Completar datos del paciente' }).click();
    await expect(page.getByText(messages.patientDataFilled)).toBeVisible();
    const nameLabel = tipo === 'referencia-medica' ? 'Paciente' : 'Nombre del paciente';
    await expect(page.getByLabel(nameLabel, { exact: true })).toHaveValue('Lucía Batista');
    if (tipo === 'referencia-medica') {
      // SSN only when ValidacionSSN is 'Si'; T2 and IMC from weight and height.
      await expect(page.getByLabel('Número de Seguro Social', { exact: true })).toHaveCount(0);
      await page.getByLabel('¿Tiene Seguro Social?', { exact: true }).selectOption('Si');
      await expect(page.getByLabel('Número de Seguro Social', { exact: true })).toBeVisible();
      await page.getByLabel('Número de Seguro Social', { exact: true }).fill('123-45-6789');
    }
    await fillRequired(page, tipo);
    if (tipo === 'referencia-medica') {
      await expect(page.getByLabel('Índice de masa corporal (IMC)', { exact: true })).toHaveValue('28.4');
    }

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Generar PDF' }).click();
    const download = await downloading;
    const filename = download.suggestedFilename();
    expect(filename).toMatch(new RegExp(`^${tipo}-lucia-batista-\\d{4}-\\d{2}-\\d{2}\\.pdf$`));
    const bytes = await fs.readFile(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    await expect(page.getByText(messages.documentGenerated)).toBeVisible();

    // The table is read again from the server: the file, its date and a download button.
    const row = page.getByRole('row').filter({ hasText: filename });
    await expect(row).toHaveCount(1);
    const again = page.waitForEvent('download');
    await row.getByRole('button', { name: `Descargar ${filename}` }).click();
    expect((await again).suggestedFilename()).toBe(filename);
    if (tipo === 'referencia-medica') await expectAccessible(page);
  }
});

test('the verification page tells a real code from a forged one and compares an uploaded file', async ({ page, request }) => {
  const patient = await registerPatient(request);
  await doctorWithSignature(request);
  const res = await request.post('/api/doctor/documents/certificado-salud', {
    data: {
      correoPaciente: patient.email,
      date: '2026-11-21',
      patientName: 'Lucía Batista',
      doctorName: 'Tomás Morales',
      regNumber: 'Reg. 7788',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const codigo = res.headers()['x-documento-codigo']!;
  const pdf = await res.body();

  // The QR code's link: the page opens with the code, says who issued it and when, nothing of the patient.
  await page.goto(`/verificar-documento?codigo=${codigo}`);
  const verdict = page.getByRole('region', { name: 'Documento emitido por la clínica' });
  await expect(verdict).toBeVisible();
  await expect(verdict).toContainText('Certificado de Salud');
  await expect(verdict).toContainText('Tomás Morales');
  await expect(verdict).toContainText(codigo);
  await expect(page.locator('main')).not.toContainText('Lucía');
  await expect(page.locator('main')).not.toContainText(patient.email);

  // The very file matches; a changed one does not.
  await verdict.getByLabel('Archivo PDF del documento').setInputFiles({ name: 'certificado.pdf', mimeType: 'application/pdf', buffer: pdf });
  await verdict.getByRole('button', { name: 'Comparar archivo' }).click();
  await expect(verdict.getByRole('status')).toHaveText(messages.documentFileMatches);
  await expectAccessible(page);
  const forgedFile = Buffer.from(pdf);
  forgedFile[200] = forgedFile[200]! ^ 1;
  await verdict.getByLabel('Archivo PDF del documento').setInputFiles({ name: 'certificado.pdf', mimeType: 'application/pdf', buffer: forgedFile });
  await verdict.getByRole('button', { name: 'Comparar archivo' }).click();
  await expect(verdict.getByRole('status')).toHaveText(messages.documentFileDiffers);

  // A forged code, typed in.
  await page.getByLabel('Código de verificación').fill('ZZZZ-ZZZZ-ZZZZ');
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByRole('alert').filter({ hasText: messages.documentNotIssued })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Documento emitido por la clínica' })).toHaveCount(0);
});

test('the patient finds the document made for their e-mail in their area and downloads it', async ({ page, request }) => {
  const patient = await registerPatient(request);
  await doctorWithSignature(request);
  const res = await request.post('/api/doctor/documents/recetario', {
    data: { correoPaciente: patient.email, patientName: 'Lucía Batista', date: '2026-11-21', Medicamentos: 'Amoxicilina 500 mg.' },
  });
  expect(res.status(), await res.text()).toBe(201);

  await login(page, 'patient', patient);
  await page.goto('/');
  await page.getByRole('link', { name: 'Mis documentos' }).first().click();
  await expect(page).toHaveURL(/\/Documentos_usuario$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Mis documentos médicos' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: 'Recetario' });
  await expect(card).toContainText('Tomás Morales');
  await expect(card).toContainText(res.headers()['x-documento-codigo']!);
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: /^Descargar Recetario/ }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^recetario-lucia-batista-\d{4}-\d{2}-\d{2}\.pdf$/);
  await expectAccessible(page);
});
