import fs from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  DOCUMENT_FIELDS,
  DOCUMENT_PAGES,
  DOCUMENT_TITLES,
  DOCUMENT_TYPES,
  REQUIRED_FIELDS,
  addDays,
  messages,
  panamaToday,
  type DocumentType,
} from '@clinica/shared';
import { drawnSignature } from '../apps/server/test/signature-fixture';
import { test, expect, login, payConsultationByPaypal, registerPatient, registerStaff, uniqueEmail } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';

// Medical documents (issue 8): the doctor's signature pad, the six forms with their download and
// table, the public verification page, the patient's documents in their area. Issue 18: the patient
// is picked among the doctor's own patients and the document is bound to their account.

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
  // boundingBox does not wait: the pad may still be laying out after the page's last render.
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('signature pad not visible');
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    await page.mouse.move(box.x + box.width * (0.1 + i * 0.03), box.y + box.height * (0.5 + 0.25 * Math.sin(i / 2)));
  }
  await page.mouse.up();
}

// Document dates must be neither future nor more than a year old: the test writes them relative to
// today (Panama) so it keeps passing after the year it was written in.
const ISSUED = addDays(panamaToday(Date.now()), -5);
const SICK_UNTIL = addDays(ISSUED, 3);
const [issuedYear, issuedMonth, issuedDay] = ISSUED.split('-');
const [untilYear, untilMonth, untilDay] = SICK_UNTIL.split('-');

/** Values the test gives whatever the form shows; other required fields get a text when empty. */
const GIVEN: Record<string, string> = {
  FechaNacimiento: '1997-05-14',
  Fecha: ISSUED,
  date: ISSUED,
  Hora: '09:30',
  Especialidad: 'Nefrología',
  ValidacionSSN: 'Si',
  dias_incapacidad: '3',
  hora_inicio: '08:00',
  dia_inicio: String(Number(issuedDay)),
  mes_inicio: String(Number(issuedMonth)),
  ano_inicio: issuedYear!,
  hora_final: '08:00',
  dia_final: String(Number(untilDay)),
  mes_final: String(Number(untilMonth)),
  ano_final: untilYear!,
  Peso: '82',
  Talla: '1.70',
  TA: '110/70',
  FC: '72',
  FR: '16',
  T: '36.8',
  TEMP: '36.8',
  Examenes: 'Hemograma completo y glucosa en ayunas.',
};

/** One medicine of the prescription, by the labels of its card (the form's 'Medicamento N'). */
async function fillLine(page: Page, n: number, line: Record<'medicamento' | 'presentacion' | 'dosis' | 'via' | 'frecuencia' | 'duracion' | 'cantidad', string>) {
  const card = page.getByRole('group', { name: `Medicamento ${n}`, exact: true });
  await card.getByLabel('Medicamento', { exact: true }).fill(line.medicamento);
  await card.getByLabel('Presentación y concentración', { exact: true }).fill(line.presentacion);
  await card.getByLabel('Dosis', { exact: true }).fill(line.dosis);
  await card.getByLabel('Vía', { exact: true }).selectOption(line.via);
  await card.getByLabel('Frecuencia', { exact: true }).fill(line.frecuencia);
  await card.getByLabel('Duración', { exact: true }).fill(line.duracion);
  await card.getByLabel('Cantidad', { exact: true }).fill(line.cantidad);
}
const PARACETAMOL = { medicamento: 'Paracetamol', presentacion: 'Tabletas de 500 mg', dosis: '1 tableta', via: 'Oral', frecuencia: 'Cada 8 horas', duracion: '3 días', cantidad: '9 tabletas' };

/** Fills every required field of the form, by its label (what the patient's record filled stays). */
async function fillRequired(page: Page, tipo: DocumentType) {
  const form = page.locator('form.documents-form');
  for (const name of REQUIRED_FIELDS[tipo]) {
    const field = DOCUMENT_FIELDS[tipo].find((f) => f.name === name)!;
    if (field.kind === 'country' || field.kind === 'email') continue;
    if (field.kind === 'lines') {
      await fillLine(page, 1, PARACETAMOL);
      continue;
    }
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

/** A doctor with a complete profile (issue 22) and a saved signature, signed in through the API of `request`. */
async function doctorWithSignature(request: APIRequestContext) {
  const doctor = await registerStaff(request, 'doctor');
  expect((await request.post('/api/doctor/login', { data: { email: doctor.email, password: doctor.password } })).status()).toBe(200);
  const saved = await request.put('/api/doctor/documents/profile', {
    multipart: { firma: { name: 'firma.png', mimeType: 'image/png', buffer: drawnSignature() } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const profile = await request.put('/api/doctor/profile', {
    data: { nombreCompleto: doctor.nombre, sexo: 'Hombre', especialidad: 'Medicina General', regNumber: 'Reg. 7788', doctorCode: '' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  return doctor;
}

/** A patient of `doctor`: registered, signed in on `request`, with a consultation paid with that doctor. */
async function patientOf(request: APIRequestContext, doctor: { nombre: string }) {
  const patient = await registerPatient(request);
  expect((await request.post('/api/auth/login', { data: patient })).status()).toBe(200);
  await payConsultationByPaypal(request, doctor.nombre);
  return patient;
}

/** Picks the patient in the form's search box by what is typed (a name or a cédula). */
async function pickPatient(page: Page, typed: string) {
  await page.getByLabel('Buscar entre sus pacientes (nombre o cédula completa)').fill(typed);
  await page.getByRole('button', { name: 'Lucía Batista · cédula 8-765-4321' }).click();
  await expect(page.getByText(messages.patientDataFilled)).toBeVisible();
}

test('a doctor draws the signature, fills each of the six forms, downloads each PDF and finds it in the table', async ({ page, request }) => {
  test.setTimeout(180_000);
  const doctor = await registerStaff(request, 'doctor');
  const patient = await patientOf(request, doctor);
  await login(page, 'doctor', doctor);

  // Without a profile and a signature the form says so, and the server refuses: 'Error generating PDF.'
  await page.goto('/Recetarios');
  await expect(page.getByRole('heading', { level: 1, name: 'Recetario' })).toBeVisible();
  await expect(page.getByText(messages.doctorProfileIncomplete)).toBeVisible();
  await expect(page.getByText(messages.documentProfileRequired)).toBeVisible();
  await expect(page.getByRole('cell', { name: messages.noTableData })).toHaveAttribute('colspan', '8');
  await page.getByLabel('Correo del paciente', { exact: true }).fill(patient.email);
  await page.getByLabel('Nombre del paciente', { exact: true }).fill('Lucía Batista');
  await fillLine(page, 1, PARACETAMOL);
  await page.getByRole('button', { name: 'Generar PDF' }).click();
  await acceptAlert(page, messages.pdfFailed);
  await expect(page.locator('.documents-summary')).toHaveText(messages.doctorProfileIncomplete);

  // The doctor's profile (issue 22): the name, title and registration every document prints.
  await page.getByRole('link', { name: 'Completar mi perfil' }).click();
  await expect(page).toHaveURL(/\/Perfil_Admin_Doctor$/);
  await page.getByLabel('Número de registro (idoneidad)').fill('');
  await page.getByRole('button', { name: 'Guardar perfil' }).click();
  await expect(page.getByText(messages.missingFields).first()).toBeVisible();
  await page.getByLabel('Nombre completo, como firma').fill('Tomás Morales Pinzón');
  await page.getByLabel('Sexo').selectOption('Hombre');
  await page.getByLabel('Especialidad').fill('Medicina General');
  await page.getByLabel('Número de registro (idoneidad)').fill('Idoneidad 4521');
  await expect(page.getByText('Así se imprime: Dr. Tomás Morales Pinzón')).toBeVisible();
  await page.getByRole('button', { name: 'Guardar perfil' }).click();
  await acceptAlert(page, messages.doctorProfileSaved);

  // The signature pad: drawn once with the pointer.
  await page.getByRole('link', { name: 'guardar mi firma' }).click();
  await expect(page).toHaveURL(/\/Firma_Admin_Doctor$/);
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
    // Who signs comes from the profile and cannot be typed.
    const doctorField = page.getByLabel(tipo === 'referencia-medica' ? 'Médico que refiere' : 'Nombre del médico', { exact: true });
    if (tipo === 'certificado-salud' || tipo === 'certificado-incapacidad' || tipo === 'referencia-medica') {
      await expect(doctorField).toHaveValue('Dr. Tomás Morales Pinzón');
      await expect(doctorField).toHaveAttribute('readonly', '');
    }

    // A required field missing: the form says so and nothing is sent.
    await page.getByRole('button', { name: 'Generar PDF' }).click();
    await expect(page.locator('.documents-summary')).toHaveText(messages.fixFormErrors);

    // The patient picked among the doctor's own patients, the form filled in from their account.
    await pickPatient(page, tipo === 'recetario' ? '8-765-4321' : 'lucia bat');
    await expect(page.getByLabel('Correo del paciente', { exact: true })).toHaveValue(patient.email);
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
    if (tipo === 'solicitud-examenes') {
      // The diagnosis' code, found by words in the clinic's CIE-10 list; its title fills the diagnosis.
      await page.getByLabel('Código CIE-10', { exact: true }).fill('faringitis aguda');
      await page.getByRole('list', { name: 'Diagnósticos CIE-10 que coinciden' }).getByRole('button', { name: /^J02\.9 — / }).click();
      await expect(page.getByText('J02.9', { exact: true })).toBeVisible();
      await expect(page.getByLabel('Diagnóstico', { exact: true })).toHaveValue('Faringitis aguda, no especificada');
    }
    if (tipo === 'referencia-medica') {
      await expect(page.getByLabel('Índice de masa corporal (IMC)', { exact: true })).toHaveValue('28,4');
      // The fontanelles are asked only for a child under two.
      await expect(page.getByLabel('Fontanelas', { exact: true })).toHaveCount(0);
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
      date: ISSUED,
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

test('a doctor issues a prescription to one of their patients picked by name, and the patient finds it in their area', async ({ page, request, browser, baseURL }) => {
  const doctor = await doctorWithSignature(request);
  const patient = await patientOf(request, doctor);
  // Another registered person with the same kind of name who never saw this doctor is never offered.
  await registerPatient(request, { nombre: 'Lucas', apellido: 'Batista', cedula: '8-111-2222' });

  await login(page, 'doctor', doctor);
  await page.goto('/Recetarios');
  await expect(page.getByRole('heading', { level: 1, name: 'Recetario' })).toBeVisible();
  await expect(page.getByText(messages.walkInDocumentNote)).toBeVisible();
  await page.getByLabel('Buscar entre sus pacientes (nombre o cédula completa)').fill('Batis');
  const suggestions = page.getByRole('list', { name: 'Pacientes que coinciden' });
  await expect(suggestions.getByRole('button')).toHaveCount(1);
  await suggestions.getByRole('button', { name: 'Lucía Batista · cédula 8-765-4321' }).click();
  await expect(page.getByText(messages.patientDataFilled)).toBeVisible();
  await expect(page.getByText(`Lucía Batista · cédula 8-765-4321 · ${patient.email}`)).toBeVisible();
  // correoPaciente comes from the account and cannot be changed by hand.
  const correo = page.getByLabel('Correo del paciente', { exact: true });
  await expect(correo).toHaveValue(patient.email);
  await expect(correo).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Nombre del paciente', { exact: true })).toHaveValue('Lucía Batista');
  await expect(page.getByLabel('Cédula (CIP)', { exact: true })).toHaveValue('8-765-4321');
  // Three medicines, the second added and removed again on the way (a change of mind).
  await fillLine(page, 1, { medicamento: 'Amoxicilina', presentacion: 'Cápsulas de 500 mg', dosis: '1 cápsula', via: 'Oral', frecuencia: 'Cada 8 horas', duracion: '7 días', cantidad: '21 cápsulas' });
  await page.getByRole('button', { name: 'Agregar medicamento' }).click();
  await page.getByRole('button', { name: 'Quitar el medicamento 2' }).click();
  await expect(page.getByRole('group', { name: 'Medicamento 2', exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Agregar medicamento' }).click();
  await fillLine(page, 2, PARACETAMOL);
  await page.getByRole('button', { name: 'Agregar medicamento' }).click();
  await fillLine(page, 3, { medicamento: 'Loratadina', presentacion: 'Tabletas de 10 mg', dosis: '1 tableta', via: 'Oral', frecuencia: 'Cada 24 horas', duracion: '5 días', cantidad: '5 tabletas' });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generar PDF' }).click();
  const filename = (await downloading).suggestedFilename();
  expect(filename).toMatch(/^recetario-lucia-batista-\d{4}-\d{2}-\d{2}\.pdf$/);
  await expect(page.getByText(messages.documentGenerated)).toBeVisible();

  // The patient, in a browser of their own, finds it in their area and downloads it.
  const context = await browser.newContext({ baseURL });
  const mine = await context.newPage();
  await visitedBefore(mine, context, baseURL!);
  await login(mine, 'patient', patient);
  await mine.goto('/');
  await mine.getByRole('link', { name: 'Mis documentos' }).first().click();
  await expect(mine).toHaveURL(/\/Documentos_usuario$/);
  await expect(mine.getByRole('heading', { level: 1, name: 'Mis documentos médicos' })).toBeVisible();
  const card = mine.getByRole('listitem').filter({ hasText: 'Recetario' });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Tomás Morales');
  const again = mine.waitForEvent('download');
  await card.getByRole('button', { name: /^Descargar Recetario/ }).click();
  expect((await again).suggestedFilename()).toBe(filename);
  await expectAccessible(mine);
  await context.close();
});

test('a walk-in’s document waits for an administrator, who links it after checking the cédula', async ({ page, request, browser, baseURL }) => {
  await doctorWithSignature(request);
  const issued = await request.post('/api/doctor/documents/solicitud-examenes', {
    data: { correoPaciente: uniqueEmail('sin-cuenta'), patientName: 'Rosa Pérez', CIP: '8-777-1234', country_code: '+507', Examenes: 'Hemograma completo.' },
  });
  expect(issued.status(), await issued.text()).toBe(201);
  const codigo = issued.headers()['x-documento-codigo']!;
  const rosa = await registerPatient(request, { nombre: 'Rosa', apellido: 'Pérez', cedula: '8-777-1234' });

  const admin = await registerStaff(request, 'admin');
  await login(page, 'admin', admin);
  await page.goto('/Documentos_Admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Documentos sin vincular' })).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: codigo });
  await expect(card).toContainText('Rosa Pérez');
  await card.getByRole('button', { name: `Vincular Solicitud de Exámenes ${codigo} a un paciente` }).click();
  // A cédula that is not the document's is refused.
  await card.getByLabel('Cédula comprobada').fill('8-000-0000');
  await card.getByRole('button', { name: 'Buscar la cuenta' }).click();
  await expect(card.getByText(messages.cedulaDoesNotMatchDocument)).toBeVisible();
  await card.getByLabel('Cédula comprobada').fill('8-777-1234');
  await card.getByRole('button', { name: 'Buscar la cuenta' }).click();
  await card.getByRole('button', { name: `Vincular a Rosa Pérez (${rosa.email})` }).click();
  const dialog = page.getByRole('dialog', { name: 'Confirmar la vinculación' });
  await expect(dialog).toContainText('cédula 8-777-1234');
  await dialog.getByRole('button', { name: 'Vincular', exact: true }).click();
  await acceptAlert(page, `${messages.documentLinked} Rosa Pérez`);
  await expect(page.getByRole('listitem').filter({ hasText: codigo })).toHaveCount(0);

  const context = await browser.newContext({ baseURL });
  const hers = await context.newPage();
  await visitedBefore(hers, context, baseURL!);
  await login(hers, 'patient', rosa);
  await hers.goto('/Documentos_usuario');
  await expect(hers.getByRole('listitem').filter({ hasText: codigo })).toContainText('Solicitud de Exámenes');
  await context.close();
});

test('a doctor annuls a prescription and replaces it; the patient and the verification page see both states', async ({ page, request, browser, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const doctor = await doctorWithSignature(request);
  const patient = await patientOf(request, doctor);
  await login(page, 'doctor', doctor);

  // Issued to one of the doctor's patients, picked by name.
  await page.goto('/Recetarios');
  await page.getByLabel('Buscar entre sus pacientes (nombre o cédula completa)').fill('lucia');
  await page.getByRole('button', { name: 'Lucía Batista · cédula 8-765-4321' }).click();
  await expect(page.getByText(messages.patientDataFilled)).toBeVisible();
  // The structured prescription (decision 0042): three medication lines.
  await fillLine(page, 1, { medicamento: 'Amoxicilina', presentacion: 'Tabletas de 875 mg', dosis: '1 tableta', via: 'Oral', frecuencia: 'Cada 8 horas', duracion: '7 días', cantidad: '21 tabletas' });
  await page.getByRole('button', { name: 'Agregar medicamento' }).click();
  await fillLine(page, 2, PARACETAMOL);
  await page.getByRole('button', { name: 'Agregar medicamento' }).click();
  await fillLine(page, 3, { medicamento: 'Loratadina', presentacion: 'Tabletas de 10 mg', dosis: '1 tableta', via: 'Oral', frecuencia: 'Cada 24 horas', duracion: '5 días', cantidad: '5 tabletas' });
  // The three lines with the patient picked from her account, looked at on a phone and a desk.
  await page.setViewportSize({ width: 360, height: 780 });
  await page.screenshot({ path: testInfo.outputPath('form-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });
  let downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generar PDF' }).click();
  const filename = (await downloading).suggestedFilename();
  const first = page.getByRole('row').filter({ hasText: filename });
  await expect(first).toHaveCount(1);
  await expect(first).toContainText('Vigente');
  const numero = (await first.getByRole('cell').nth(1).innerText()).trim();
  expect(numero).toMatch(/^RE-\d{4}-\d{6}$/);
  const codigo = (await first.getByRole('cell').nth(3).innerText()).trim();

  // Annulled with a reason (none given: refused in the form).
  await first.getByRole('button', { name: `Anular ${numero}` }).click();
  await first.getByRole('button', { name: 'Confirmar anulación' }).click();
  await expect(first.getByText(messages.annulReasonRequired)).toBeVisible();
  await first.getByLabel('Motivo de la anulación').fill('Dosis equivocada');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.screenshot({ path: testInfo.outputPath('annul-1366.png'), fullPage: true });
  await first.getByRole('button', { name: 'Confirmar anulación' }).click();
  await acceptAlert(page, messages.documentAnnulled);
  await expect(first).toContainText('Anulado');
  await expect(first).toContainText('Dosis equivocada');

  // 'Reemplazar': the same form, for the same patient, linked to the annulled one.
  await first.getByRole('link', { name: `Reemplazar ${numero}` }).click();
  await expect(page.getByText(`Está emitiendo el documento que reemplaza al N.º ${numero}, anulado.`)).toBeVisible();
  await expect(page.getByLabel('Correo del paciente', { exact: true })).toHaveValue(patient.email);
  // The corrected prescription: the same three lines, the first with the right strength.
  await fillLine(page, 1, { ...{ medicamento: 'Amoxicilina', presentacion: 'Tabletas de 875 mg', dosis: '1 tableta', via: 'Oral', frecuencia: 'Cada 8 horas', duracion: '7 días', cantidad: '21 tabletas' }, presentacion: 'Cápsulas de 500 mg', dosis: '1 cápsula', cantidad: '21 cápsulas' });
  await page.getByRole('button', { name: 'Agregar medicamento' }).click();
  await fillLine(page, 2, PARACETAMOL);
  await page.getByRole('button', { name: 'Agregar medicamento' }).click();
  await fillLine(page, 3, { medicamento: 'Loratadina', presentacion: 'Tabletas de 10 mg', dosis: '1 tableta', via: 'Oral', frecuencia: 'Cada 24 horas', duracion: '5 días', cantidad: '5 tabletas' });
  downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Generar PDF' }).click();
  await downloading;
  await expect(page.getByText(messages.documentGenerated)).toBeVisible();
  const annulledRow = page.getByRole('row').filter({ hasText: numero }).filter({ hasText: 'Anulado' });
  await expect(annulledRow).toContainText('Reemplazado por el N.º');
  const replacementRow = page.getByRole('row').filter({ hasText: `Reemplaza al N.º ${numero}` });
  await expect(replacementRow).toContainText('Vigente');
  const nuevo = (await replacementRow.getByRole('cell').nth(1).innerText()).trim();
  const nuevoCodigo = (await replacementRow.getByRole('cell').nth(3).innerText()).trim();
  expect(nuevo).not.toBe(numero);

  // The patient sees both: the annulled one marked, the replacement naming it.
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 }, hasTouch: true, isMobile: true });
  const hers = await context.newPage();
  await visitedBefore(hers, context, baseURL!);
  await login(hers, 'patient', patient);
  await hers.goto('/Documentos_usuario');
  const annulledCard = hers.getByRole('listitem').filter({ hasText: codigo });
  await expect(annulledCard).toContainText('ANULADO');
  await expect(annulledCard).toContainText('Dosis equivocada');
  await expect(annulledCard).toContainText(`Reemplazado por el N.º ${nuevo}.`);
  await expect(hers.getByRole('listitem').filter({ hasText: nuevoCodigo })).toContainText(`Reemplaza al N.º ${numero}, anulado.`);
  await hers.screenshot({ path: testInfo.outputPath('patient-360.png'), fullPage: true });
  await expectAccessible(hers);

  // The verification page, by the printed code: ANULADO with its date and reason, and the replacement.
  await hers.goto(`/verificar-documento?codigo=${codigo}`);
  const verdict = hers.getByRole('region', { name: 'Documento ANULADO' });
  await expect(verdict).toContainText(numero);
  await expect(verdict).toContainText('Dosis equivocada');
  await expect(verdict).toContainText(nuevo);
  await hers.screenshot({ path: testInfo.outputPath('verify-360.png'), fullPage: true });
  await expectAccessible(hers);
  await hers.goto(`/verificar-documento?codigo=${nuevoCodigo}`);
  const valid = hers.getByRole('region', { name: 'Documento emitido por la clínica' });
  await expect(valid).toContainText(nuevo);
  await expect(valid).toContainText(numero);
  await context.close();
});
