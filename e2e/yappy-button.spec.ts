import type { APIRequestContext, Page } from '@playwright/test';
import { messages } from '@clinica/shared';
import { test, expect, DEMO_GENERAL_DOCTOR, distinctPng, login, registerPatient, registerStaff } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';
import { pickDay, weekdayAhead } from './booking';

// Issue 27 (decision 0058): paying with Yappy's button through the server's stand-in of Yappy. The
// page creates the order on the server, hands it to Yappy's component, and goes on only when the
// server has Yappy's notification: no administrator takes part. The e2e server runs the demo's
// stand-in (no Yappy credentials), so the page says Yappy is in demo mode.

const suffix = () => Math.random().toString(36).slice(2, 8);

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

/** A new patient, signed in, with the consultation form filled up to the payment selector. */
async function fillConsultation(page: Page, request: APIRequestContext) {
  const patient = await registerPatient(request, { nombre: `Yappy${suffix()}` });
  await login(page, 'patient', patient);
  await page.goto('/consultas-virtuales');
  await page.getByLabel('He leído y acepto el acuerdo de consentimiento').click();
  await page.getByLabel('Servicio', { exact: true }).selectOption('consulta_general');
  await page.getByLabel('Médico', { exact: true }).selectOption({ label: DEMO_GENERAL_DOCTOR });
  await page.getByLabel('Síntomas', { exact: true }).fill('Dolor de cabeza desde anoche');
  await page.getByLabel('No aplica: Antecedentes familiares').check();
  await page.getByLabel('No aplica: Antecedentes personales').check();
  await page.getByLabel('No aplica: Antecedentes quirúrgicos').check();
  await page.getByLabel('Alergias', { exact: true }).fill('Ninguna conocida');
  await page.getByLabel('No aplica: Otros datos').check();
  await expect(page.getByRole('heading', { name: 'Pago de la consulta' })).toBeVisible();
  return patient;
}

/** A doctor of Medicina Interna of this test only; a new patient signed in on /citas with the hour chosen. */
async function fillAppointment(page: Page, request: APIRequestContext) {
  const doctor = await registerStaff(request, 'doctor', 'medicina_interna');
  const patient = await registerPatient(request, { nombre: `Yappy${suffix()}` });
  await login(page, 'patient', patient);
  await page.goto('/citas');
  await page.getByLabel('Servicio', { exact: true }).selectOption('medicina_interna');
  await page.getByLabel('Médico', { exact: true }).selectOption({ label: doctor.nombre });
  const fecha = weekdayAhead(4);
  await pickDay(page, fecha);
  await page.getByLabel('Hora', { exact: true }).selectOption('10:00');
  await page.getByLabel('Motivo de la consulta').fill('Control de presión arterial');
  return { patient, doctor, fecha };
}

/** Chooses Yappy: the demo's word, then Yappy's own button (the stand-in's component). */
async function chooseYappy(page: Page) {
  await page.getByLabel('Yappy (solo Panamá)').check();
  await expect(page.getByText(messages.yappyDemoMode)).toBeVisible();
  // The receipt stays below, for a payment made in Yappy's app without the button.
  await expect(page.getByRole('heading', { name: messages.yappyFallbackTitle })).toBeVisible();
  const button = yappyButton(page);
  await expect(button).toBeVisible();
  return button;
}

// The stand-in's `<btn-yappy>` and its demo "phone" (engineer (a)'s stand-in, decision 0058).
const yappyButton = (page: Page) => page.locator('btn-yappy').getByRole('button', { name: 'Pagar con Yappy' });
const yappyPhone = (page: Page) => page.getByRole('dialog', { name: 'Yappy (demostración)' });

test('a consultation paid with the Yappy button reaches its chat without an administrator', async ({ page, request }) => {
  await fillConsultation(page, request);
  await (await chooseYappy(page)).click();
  await expect(page.getByRole('status').filter({ hasText: messages.yappyStatePending })).toBeVisible();
  await yappyPhone(page).getByRole('button', { name: 'Confirmar pago' }).click();
  await expect(page).toHaveURL(/\/ConsultaChat\?consulta=[\w-]{10,}$/);
  await acceptAlert(page, messages.allSent);
  // The chat is open for this patient, with no administrator's classification.
  await expect(page.getByLabel('Mensaje', { exact: true })).toBeVisible();
  const chat = await page.request.get('/api/consultations/chat-session');
  expect(await chat.json()).toMatchObject({ pago: true });
});

test('an appointment paid with the Yappy button is confirmed at once', async ({ page, request }) => {
  await fillAppointment(page, request);
  await (await chooseYappy(page)).click();
  await yappyPhone(page).getByRole('button', { name: 'Confirmar pago' }).click();
  await acceptAlert(page, messages.appointmentSent);
  await page.goto('/Citas_usuario');
  const mine = page.getByRole('list', { name: 'Mis citas' }).getByRole('listitem');
  await expect(mine).toContainText('Confirmada');
  await page.getByRole('button', { name: /Ver detalle/ }).click();
  await expect(page.getByRole('dialog', { name: 'Detalle de la cita' })).toContainText('Yappy · USD 40.00 · Aprobado');
});

for (const [choice, said] of [
  ['Rechazar', messages.yappyStateRejected],
  ['Cancelar', messages.yappyStateCancelled],
] as const) {
  test(`an order answered '${choice}' in Yappy says so and pays nothing; the receipt below still pays`, async ({ page, request }) => {
    await fillConsultation(page, request);
    await (await chooseYappy(page)).click();
    await yappyPhone(page).getByRole('button', { name: choice }).click();
    const alert = page.getByRole('alert').filter({ hasText: said });
    await expect(alert).toContainText(messages.yappyTryOrChoose);
    await expect(page).toHaveURL(/\/consultas-virtuales$/);
    // Yappy can be tried again: its button is back.
    await page.getByRole('button', { name: messages.yappyTryAgain }).click();
    await expect(yappyButton(page)).toBeVisible();

    // The fallback: a receipt of a payment made in Yappy's app, waiting for the clinic as before.
    await page.getByLabel('Comprobante de pago (imagen o PDF)').setInputFiles({ name: 'yappy.png', mimeType: 'image/png', buffer: distinctPng() });
    await page.getByRole('button', { name: 'Enviar comprobante' }).click();
    await acceptAlert(page, messages.receiptSent);
    await expect(page.getByText(messages.waitingForChat)).toBeVisible();

    // The refused order left nothing: the receipt is the patient's only payment, still under review.
    await page.goto('/Recibo_pagos');
    await expect(page.getByRole('button', { name: /Ver detalle/ })).toHaveCount(1);
    await page.getByRole('button', { name: /Ver detalle/ }).click();
    await expect(page.getByRole('dialog', { name: 'Detalle del recibo' })).toContainText('Yappy');
    await expect(page.getByRole('dialog', { name: 'Detalle del recibo' })).not.toContainText('Aprobado');
  });
}
