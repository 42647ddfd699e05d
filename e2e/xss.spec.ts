import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { messages } from '@clinica/shared';
import { test, expect, PNG_1X1, login, registerPatient, registerStaff, payConsultationByPaypal } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';

// Stored XSS (issue 11): text with HTML and script, entered by patients, doctors and
// administrators where the pages show user text, is shown as text. Every page of these tests
// fails on a dialog (alert/confirm/prompt) or a Content-Security-Policy violation.

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const suffix = () => Array.from({ length: 6 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('');
const IMG = '<img src=x onerror=alert(1)>';
const SCRIPT = '<script>alert(2)</script>';
const SVG = '"><svg onload=alert(3)>';

interface Guard {
  problems: string[];
}

/** Watches a page: any dialog or CSP violation is a failure (checked at the end of each test). */
async function guarded(context: BrowserContext, baseURL: string, guard: Guard) {
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL);
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('dialog', (d) => {
    guard.problems.push(`dialog: ${d.type()} ${d.message()}`);
    void d.dismiss();
  });
  page.on('console', (m) => {
    const text = m.text();
    if (text.includes('Content Security Policy') || text.startsWith('CSP violation')) guard.problems.push(`csp: ${text}`);
  });
  page.on('pageerror', (e) => guard.problems.push(`page error: ${e.message}`));
  return page;
}

async function staffPage(browser: Browser, baseURL: string, role: 'admin' | 'doctor', creds: { email: string; password: string }, guard: Guard) {
  const context = await browser.newContext();
  const page = await guarded(context, baseURL, guard);
  await login(page, role, creds);
  return page;
}

async function requestConsultation(request: APIRequestContext, doctorName: string, fields: Record<string, string>) {
  expect((await request.post('/api/consultations/consent', { data: { aceptar: 'si' } })).status()).toBe(200);
  const doctors = (await (await request.get('/api/doctors?servicio=consulta_general')).json()) as { id: string; nombre: string }[];
  const doctor = doctors.find((d) => d.nombre === doctorName)!;
  const res = await request.post('/api/consultations/receipt', {
    multipart: {
      servicio: 'consulta_general',
      doctor_id: doctor.id,
      metodo_de_pago: 'Transferencia',
      monto: '10',
      sintomas: 'Fiebre',
      antecedentesFamiliares: 'No hay información',
      antecedentesPersonales: 'No hay información',
      antecedentesQuirurgicos: 'No hay información',
      alergias: 'No hay información',
      otrosDatos: 'No hay información',
      ...fields,
      comprobante_tranferencia: { name: 'recibo.png', mimeType: 'image/png', buffer: PNG_1X1 },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Books the first free hour of the doctor by transfer, through the API as the form does; returns the appointment's token. */
async function book(page: Page, doctorName: string, mensaje: string) {
  const doctors = (await (await page.request.get('/api/doctors?servicio=consulta_general')).json()) as { id: string; nombre: string }[];
  const id = doctors.find((d) => d.nombre === doctorName)!.id;
  let slot: { fecha: string; hora: string } | undefined;
  for (let day = 2; !slot && day < 30; day++) {
    const fecha = new Date(Date.now() + day * 86_400_000).toISOString().slice(0, 10);
    const free = (await (await page.request.get(`/api/appointments/hours?id=${id}&fecha=${fecha}`)).json()) as string[];
    if (Array.isArray(free) && free.length > 0) slot = { fecha, hora: free[0]! };
  }
  expect(slot).toBeTruthy();
  const booked = await page.request.post('/api/appointments/receipt', {
    multipart: {
      servicio: 'consulta_general',
      id_doctor: id,
      ...slot!,
      mensaje,
      metodo_de_pago: 'Transferencia',
      monto: '10',
      comprobante_tranferencia: { name: 'recibo.png', mimeType: 'image/png', buffer: PNG_1X1 },
    },
  });
  expect(booked.status(), await booked.text()).toBe(200);
  return ((await booked.json()) as { token: string }).token;
}

/** The page shows the literal text, and no element the text would have made exists. */
async function showsLiterally(page: Page, text: string) {
  await expect(page.getByText(text, { exact: false }).first()).toBeVisible();
  expect(await page.locator('img[src="x"], svg[onload], script:not([src])').count()).toBe(0);
}

test('names and suggestions with HTML are shown as text to the patient and the administrator', async ({ browser, baseURL }) => {
  const guard: Guard = { problems: [] };
  const tail = suffix();
  const nombre = `Ana${tail} ${IMG}`;
  const context = await browser.newContext();
  const page = await guarded(context, baseURL!, guard);
  const patient = await registerPatient(page.request, { nombre, apellido: SVG });
  await login(page, 'patient', patient);

  await page.goto('/Usuarios');
  await expect(page.getByRole('heading', { name: 'Mi perfil', level: 1 })).toBeVisible();
  await showsLiterally(page, nombre);

  const sugerencia = `Mejoren la web ${tail} ${SCRIPT} ${IMG}`;
  await page.goto('/sugerencias');
  await page.getByLabel('Su sugerencia').fill(sugerencia);
  await page.getByRole('button', { name: 'Enviar sugerencia' }).click();
  await acceptAlert(page, messages.suggestionSaved);

  const admin = await staffPage(browser, baseURL!, 'admin', await registerStaff(page.request, 'admin'), guard);
  await admin.goto('/Sugerencias_Admin');
  await admin.getByLabel('Nombre del paciente').fill(`Ana${tail}`);
  await admin.getByRole('button', { name: 'Buscar' }).click();
  await expect(admin.getByRole('row')).toHaveCount(2);
  await expect(admin.getByRole('row').nth(1)).toContainText(sugerencia);
  await showsLiterally(admin, sugerencia);

  await admin.goto('/PacientesDataAdmin');
  await admin.getByLabel('Nombre del paciente').fill(`Ana${tail}`);
  await admin.getByRole('button', { name: 'Buscar' }).click();
  await expect(admin.getByRole('row')).toHaveCount(2);
  await admin.getByRole('button', { name: `Información Completa de ${nombre} ${SVG}` }).click();
  const modal = admin.getByRole('dialog', { name: 'Información Completa del paciente' });
  await expect(modal).toContainText(nombre);
  await expect(modal).toContainText(SVG);
  await showsLiterally(admin, nombre);
  expect(guard.problems).toEqual([]);
});

test('consultation fields with HTML are shown as text to the patient and the doctor', async ({ browser, baseURL }) => {
  const guard: Guard = { problems: [] };
  const tail = suffix();
  const context = await browser.newContext();
  const page = await guarded(context, baseURL!, guard);
  const doctor = await registerStaff(page.request, 'doctor');
  const nombre = `Luis${tail}`;
  const patient = await registerPatient(page.request, { nombre });
  await login(page, 'patient', patient);
  const sintomas = `Tos ${tail} ${IMG}`;
  const alergias = `Polen ${SCRIPT}`;
  await requestConsultation(page.request, doctor.nombre, { sintomas, alergias, otrosDatos: SVG });

  await page.goto('/Consultas');
  await page.getByRole('button', { name: /Ver detalle de la consulta/ }).click();
  const mine = page.getByRole('dialog', { name: 'Detalle de la consulta' });
  await expect(mine).toContainText(sintomas);
  await expect(mine).toContainText(alergias);
  await expect(mine).toContainText(SVG);
  await showsLiterally(page, sintomas);

  const doc = await staffPage(browser, baseURL!, 'doctor', doctor, guard);
  await doc.goto('/Consultas_Admin_Doctor');
  await doc.getByRole('button', { name: `Información Completa de ${nombre} Batista` }).click();
  const modal = doc.getByRole('dialog', { name: 'Información Completa de la consulta' });
  await expect(modal).toContainText(sintomas);
  await expect(modal).toContainText(alergias);
  // The doctor's own notes with HTML come back as text to the patient.
  const analisis = `Faringitis ${IMG}`;
  await modal.getByLabel('Análisis').fill(analisis);
  await modal.getByLabel('Plan').fill(`Reposo ${SCRIPT}`);
  await modal.getByLabel('Revisado').check();
  await modal.getByRole('button', { name: 'Actualizar' }).click();
  await acceptAlert(doc, messages.consultationUpdated);
  await showsLiterally(doc, sintomas);

  await page.goto('/Consultas');
  await page.getByRole('button', { name: /Ver detalle de la consulta/ }).click();
  const detail = page.getByRole('dialog', { name: 'Detalle de la consulta' });
  await expect(detail).toContainText(analisis);
  await expect(detail).toContainText(`Reposo ${SCRIPT}`);
  await showsLiterally(page, analisis);
  expect(guard.problems).toEqual([]);
});

test('a blog post by an administrator with HTML is shown as text on /noticias', async ({ browser, baseURL }) => {
  const guard: Guard = { problems: [] };
  const tail = suffix();
  const context = await browser.newContext();
  const page = await guarded(context, baseURL!, guard);
  await login(page, 'admin', await registerStaff(page.request, 'admin'));
  const titulo = `Consejos ${tail} ${SVG}`;
  const contenido = `Beba agua ${IMG} ${SCRIPT}`;
  await page.goto('/Blog_Admin');
  const form = page.getByRole('region', { name: 'Registro Nuevo' });
  await form.getByLabel('Título').fill(titulo);
  await form.getByLabel('Contenido').fill(contenido);
  await form.getByLabel('Imagen (PNG)').setInputFiles({ name: 'agua.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await form.getByRole('button', { name: 'Publicar' }).click();
  await acceptAlert(page, 'Registro exitoso');

  const visitor = await guarded(await browser.newContext(), baseURL!, guard);
  await visitor.goto('/noticias');
  const post = visitor.getByRole('article', { name: titulo });
  await expect(post).toBeVisible();
  await expect(post).toContainText(contenido);
  await showsLiterally(visitor, contenido);
  expect(guard.problems).toEqual([]);
});

test('a booking message and a cancellation reason with HTML are shown as text to the patient', async ({ browser, baseURL }) => {
  const guard: Guard = { problems: [] };
  const context = await browser.newContext();
  const page = await guarded(context, baseURL!, guard);
  const doctor = await registerStaff(page.request, 'doctor');
  const adminCreds = await registerStaff(page.request, 'admin');
  await login(page, 'patient', await registerPatient(page.request));
  const mensaje = `Control ${IMG}`;
  const token = await book(page, doctor.nombre, mensaje);

  const admin = await browser.newContext();
  const adminRequest = admin.request;
  expect((await adminRequest.post(`${baseURL}/api/admin/login`, { data: { email: adminCreds.email, password: adminCreds.password } })).status()).toBe(200);
  const motivo = `Sin cupo ${SCRIPT} ${SVG}`;
  const cancelled = await adminRequest.post(`${baseURL}/api/admin/appointments/${token}/cancel`, { data: { motivo } });
  expect(cancelled.status(), await cancelled.text()).toBe(200);

  await page.goto('/Citas_usuario');
  await page.getByRole('button', { name: /Ver detalle/ }).click();
  const modal = page.getByRole('dialog', { name: 'Detalle de la cita' });
  await expect(modal).toContainText(motivo);
  await expect(modal).toContainText(mensaje);
  await showsLiterally(page, motivo);
  expect(guard.problems).toEqual([]);
});

test('a receipt rejection reason with HTML is shown as text to the patient', async ({ browser, baseURL }) => {
  const guard: Guard = { problems: [] };
  const page = await guarded(await browser.newContext(), baseURL!, guard);
  const doctor = await registerStaff(page.request, 'doctor');
  const adminCreds = await registerStaff(page.request, 'admin');
  const nombre = `Rechazo${suffix()}`;
  await login(page, 'patient', await registerPatient(page.request, { nombre }));
  await book(page, doctor.nombre, 'Control');

  const admin = (await browser.newContext()).request;
  expect((await admin.post(`${baseURL}/api/admin/login`, { data: { email: adminCreds.email, password: adminCreds.password } })).status()).toBe(200);
  const rows = ((await (await admin.post(`${baseURL}/api/admin/receipts/search`, { data: { input: nombre } })).json()) as { items: { id: string }[] }).items;
  expect(rows).toHaveLength(1);
  const motivo = `Recibo ilegible ${IMG} ${SCRIPT}`;
  const rejected = await admin.post(`${baseURL}/api/admin/receipts/reject`, { data: { id: rows[0]!.id, motivo } });
  expect(rejected.status(), await rejected.text()).toBe(200);

  await page.goto('/Recibo_pagos');
  await page.getByRole('button', { name: /Ver detalle/ }).click();
  const modal = page.getByRole('dialog', { name: 'Detalle del recibo' });
  await expect(modal).toContainText(motivo);
  await showsLiterally(page, motivo);
  expect(guard.problems).toEqual([]);
});

test('chat messages and image names with HTML are shown as text to the doctor and the patient', async ({ browser, baseURL }) => {
  const guard: Guard = { problems: [] };
  const tail = suffix();
  const page = await guarded(await browser.newContext(), baseURL!, guard);
  const doctor = await registerStaff(page.request, 'doctor');
  const nombre = `Chat${tail}`;
  await login(page, 'patient', await registerPatient(page.request, { nombre }));
  await payConsultationByPaypal(page.request, doctor.nombre);

  const log = (p: Page) => p.getByRole('log', { name: 'Mensajes' });
  const send = async (p: Page, text: string) => {
    await p.getByLabel('Mensaje', { exact: true }).fill(text);
    await p.getByRole('button', { name: 'Enviar', exact: true }).click();
    await expect(log(p)).toContainText(text);
  };
  // What each would do if it became markup: an inline handler, an inline script, a javascript: link.
  const hostile = [
    `Hola ${tail} ${IMG}`,
    `Tengo fiebre ${SCRIPT}`,
    '<a href="javascript:alert(4)">ver receta</a>',
    'javascript:alert(5)',
    `${SVG} <iframe src="javascript:alert(6)"></iframe>`,
  ];
  await page.goto('/ConsultaChat');
  await expect(page.getByRole('region', { name: /^Chat de / }).getByRole('status')).toHaveText('Conectado');
  for (const text of hostile) await send(page, text);
  // An image whose file name is markup (the name is the doctor's label of it).
  const fileName = '<img src=x onerror=alert(7)>.png';
  const uploaded = await page.request.post('/api/chat/images', {
    multipart: { image: { name: fileName, mimeType: 'image/png', buffer: PNG_1X1 } },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(200);

  const noActiveMarkup = async (p: Page) => {
    await showsLiterally(p, hostile[0]!);
    expect(await p.locator('a[href^="javascript:"], iframe, [onerror], [onload]').count()).toBe(0);
  };
  await noActiveMarkup(page);

  const doc = await staffPage(browser, baseURL!, 'doctor', doctor, guard);
  await doc.goto('/Chat_Doctor');
  await doc.getByRole('button', { name: `Abrir chat con ${nombre} Batista` }).click();
  for (const text of hostile) await expect(log(doc)).toContainText(text);
  await expect(log(doc).getByRole('listitem')).toHaveCount(hostile.length);
  // The server keeps letters, digits, spaces and . _ - ( ) of a name (infra/http/file-name.ts): the markup arrives as a plain label.
  const label = '_img src_x onerror_alert(7)_.png';
  await expect(doc.getByRole('img', { name: label })).toBeVisible();
  await expect(doc.getByRole('link', { name: `Abrir ${label}` })).toHaveAttribute('href', /^\/api\/doctor\/chats\/[^/]+\/images\/[0-9a-f-]+$/);
  await noActiveMarkup(doc);

  // The doctor's reply with HTML, shown as text on the patient's side.
  const reply = `Tome agua ${tail} ${IMG} ${SCRIPT} <a href="javascript:alert(8)">aquí</a>`;
  await send(doc, reply);
  await expect(log(page)).toContainText(reply);
  await showsLiterally(page, reply);
  await noActiveMarkup(page);
  // And after a reload, from the stored history.
  await page.reload();
  await expect(log(page).getByRole('listitem')).toHaveCount(hostile.length + 1);
  await expect(log(page)).toContainText(reply);
  await noActiveMarkup(page);
  expect(guard.problems).toEqual([]);
  await doc.context().close();
});

test('the guard of these tests sees a script that does run (the checks above can fail)', async ({ browser, baseURL }) => {
  const guard: Guard = { problems: [] };
  const page = await guarded(await browser.newContext(), baseURL!, guard);
  await page.goto('/preguntas-frecuentes');
  // What a page that rendered user text as HTML would do: an inline handler, refused by the CSP.
  await page.evaluate((html) => {
    const div = document.createElement('div');
    div.innerHTML = html;
    document.body.append(div);
  }, IMG);
  await expect.poll(() => guard.problems.join('\n')).toMatch(/csp|CSP/);
});
