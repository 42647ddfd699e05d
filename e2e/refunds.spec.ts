import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { messages } from '@clinica/shared';
import { test, expect, DEMO, PNG_1X1, login, registerPatient, registerStaff } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';
import { pickDay, weekdayAhead } from './booking';
import { waitForMail } from './mailbox';

// Refunds (issue 20 item 6, decision 0035): a patient books and pays by PayPal (the local
// stand-in), cancels more than 24 hours ahead, an administrator refunds through PayPal's refund of
// the capture, and the patient sees 'Reembolsado' with its date and reference in /Recibo_pagos.
// Once on a phone (360 × 740, touch) and once on a laptop (1366 wide).

/** WCAG 2.1 A/AA violations of what the page shows now. */
const axe = async (p: Page) =>
  (await new AxeBuilder({ page: p }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations.map((v) => ({
    id: v.id,
    nodes: v.nodes.map((n) => n.target.join(' ')),
  }));

const SIZES = [
  { name: 'phone', use: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } },
  { name: 'laptop', use: { viewport: { width: 1366, height: 900 } } },
] as const;

for (const size of SIZES) {
  test.describe(`on a ${size.name}`, () => {
    test.use(size.use);

    test('a PayPal appointment cancelled in time is refunded through PayPal and shown as such', async ({ page, context, request, browser, baseURL }, info) => {
      await visitedBefore(page, context, baseURL!);
      const doctor = await registerStaff(request, 'doctor', 'medicina_interna');
      const patient = await registerPatient(request, { nombre: `Reembolso${size.name}` });
      await login(page, 'patient', patient);

      // Booked and paid by PayPal through the page.
      await page.goto('/citas');
      await expect(page.getByRole('heading', { name: 'Citas presenciales', level: 1 })).toBeVisible();
      await page.getByLabel('Servicio', { exact: true }).selectOption('medicina_interna');
      await page.getByLabel('Médico', { exact: true }).selectOption({ label: doctor.nombre });
      await page.getByLabel('PayPal o tarjeta de débito/crédito').check();
      await pickDay(page, weekdayAhead(3));
      await page.getByLabel('Hora', { exact: true }).selectOption('10:00');
      await page.getByLabel('Motivo de la consulta').fill('Control anual');
      await page.getByRole('button', { name: 'Pagar con PayPal (demo)' }).click();
      await acceptAlert(page, messages.appointmentSent);

      // Cancelled more than 24 hours ahead.
      await page.goto('/Citas_usuario');
      await page.getByRole('button', { name: /Ver detalle/ }).click();
      const modal = page.getByRole('dialog', { name: 'Detalle de la cita' });
      await modal.getByRole('button', { name: 'Cancelar cita' }).click();
      await modal.getByRole('button', { name: 'Sí, cancelar la cita' }).click();
      await acceptAlert(page, messages.appointmentCancelled);
      await modal.getByRole('button', { name: 'Cerrar' }).click();

      // The payment is owed back, and the cancellation e-mail says so.
      await page.goto('/Recibo_pagos');
      const receipt = page.getByRole('list').getByRole('listitem').filter({ hasText: 'Cita presencial' });
      await expect(receipt).toContainText(messages.refundPending);
      await expect(receipt).toContainText(messages.refundReasonAppointmentPatient);
      await expect(receipt).not.toContainText('Aprobado');
      expect(await axe(page)).toEqual([]);
      const cancelled = await waitForMail(patient.email, 'Su cita fue cancelada');
      expect(JSON.stringify(cancelled)).toContain('le devolverá lo que pagó');

      // An administrator refunds it through PayPal, after a confirmation.
      const adminContext = await browser.newContext(size.use);
      const admin = await adminContext.newPage();
      await visitedBefore(admin, adminContext, baseURL!);
      await login(admin, 'admin', DEMO.admin);
      await admin.goto('/Recibo_Admin');
      await admin.getByLabel('Nombre del paciente').fill(`Reembolso${size.name}`);
      await admin.getByRole('button', { name: 'Buscar' }).click();
      await expect(admin.getByRole('row').filter({ hasText: 'Reembolso pendiente' })).toHaveCount(1);
      await admin.getByRole('button', { name: /Información Completa/ }).first().click();
      const detail = admin.getByRole('dialog', { name: 'Información Completa del recibo' });
      await detail.getByRole('button', { name: 'Reembolsar USD 40.00 por PayPal' }).click();
      const confirm = admin.getByRole('alertdialog', { name: 'Reembolsar por PayPal' });
      await expect(confirm).toContainText('Un reembolso no se puede deshacer.');
      await admin.screenshot({ path: info.outputPath(`admin-confirm-${size.name}.png`) });
      await confirm.getByRole('button', { name: 'Reembolsar ahora' }).click();
      await acceptAlert(admin, messages.refundPaypalDone);
      await expect(detail.getByRole('region', { name: 'Reembolso' })).toContainText(/Reembolsado el .+ · referencia [A-Z0-9]{17}/);
      await expect(detail.getByRole('button', { name: /Reembolsar/ })).toHaveCount(0);
      await admin.screenshot({ path: info.outputPath(`admin-refunded-${size.name}.png`), fullPage: true });
      expect(await axe(admin)).toEqual([]);
      await adminContext.close();

      // The patient sees it refunded, with the date and PayPal's reference, and is e-mailed.
      await page.reload();
      await expect(receipt).toContainText(messages.refundDone);
      await expect(receipt).toContainText(/Reembolsado el \d{1,2} [a-z]+\. \d{4}\. Referencia: [A-Z0-9]{17}/);
      await expect(receipt).not.toContainText(messages.refundPending);
      await waitForMail(patient.email, 'Su reembolso está hecho');
      await page.screenshot({ path: info.outputPath(`recibo-pagos-${size.name}.png`), fullPage: true });
      expect(await axe(page)).toEqual([]);
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}

// A Yappy appointment cancelled by the clinic: the money is owed back (not 'En revisión'), and the
// administrator records the Yappy refund with its reference and a proof, on a phone.
test.describe('on a phone, a Yappy refund', () => {
  test.use(SIZES[0].use);

  test('is recorded by an administrator with a reference and a proof, and the patient sees it', async ({ page, context, request, browser, baseURL }, info) => {
    await visitedBefore(page, context, baseURL!);
    const doctor = await registerStaff(request, 'doctor', 'medicina_interna');
    const nombre = `Yappy${Date.now().toString(36)}`;
    const patient = await registerPatient(request, { nombre });
    await login(page, 'patient', patient);
    const doctors = (await (await page.request.get('/api/doctors?servicio=medicina_interna')).json()) as { id: string; nombre: string }[];
    const booked = await page.request.post('/api/appointments/receipt', {
      multipart: {
        servicio: 'medicina_interna',
        id_doctor: doctors.find((d) => d.nombre === doctor.nombre)!.id,
        fecha: weekdayAhead(4),
        hora: '11:00',
        mensaje: 'Control',
        metodo_de_pago: 'Yappy',
        monto: '40',
        comprobante_tranferencia: { name: 'recibo.png', mimeType: 'image/png', buffer: PNG_1X1 },
      },
    });
    expect(booked.status(), await booked.text()).toBe(200);
    const { token } = (await booked.json()) as { token: string };

    const adminContext = await browser.newContext(SIZES[0].use);
    const admin = await adminContext.newPage();
    await visitedBefore(admin, adminContext, baseURL!);
    await login(admin, 'admin', DEMO.admin);
    const cancel = await admin.request.post(`/api/admin/appointments/${token}/cancel`, { data: { motivo: 'El médico no atenderá ese día' } });
    expect(cancel.status(), await cancel.text()).toBe(200);

    await page.goto('/Recibo_pagos');
    const receipt = page.getByRole('list').getByRole('listitem').filter({ hasText: 'Cita presencial' });
    await expect(receipt).toContainText(messages.refundPending);
    await expect(receipt).toContainText(messages.refundReasonAppointmentClinic);
    await expect(receipt).not.toContainText('En revisión');

    await admin.goto('/Recibo_Admin');
    await admin.getByLabel('Nombre del paciente').fill(nombre);
    await admin.getByRole('button', { name: 'Buscar' }).click();
    await admin.getByRole('button', { name: /Información Completa/ }).first().click();
    const detail = admin.getByRole('dialog', { name: 'Información Completa del recibo' });
    const refund = detail.getByRole('region', { name: 'Reembolso' });
    await expect(refund).toContainText('Cita cancelada por la clínica');
    // The approval is gone: the appointment it would confirm is cancelled.
    await expect(detail.getByRole('button', { name: 'Aprobar pago' })).toHaveCount(0);
    await refund.getByRole('button', { name: 'Registrar reembolso' }).click();
    await acceptAlert(admin, messages.refundReferenceRequired);
    await refund.getByLabel('Referencia de la devolución').fill('YAPPY-778812');
    await refund.getByLabel('Comprobante de la devolución (imagen o PDF, opcional)').setInputFiles({ name: 'devolucion.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await refund.scrollIntoViewIfNeeded();
    await admin.screenshot({ path: info.outputPath('admin-yappy-form-phone.png') });
    await refund.getByRole('button', { name: 'Registrar reembolso' }).click();
    await acceptAlert(admin, messages.refundRecorded);
    await expect(refund).toContainText('referencia YAPPY-778812');
    await expect(refund.getByRole('link', { name: 'Ver comprobante del reembolso' })).toBeVisible();
    expect(await axe(admin)).toEqual([]);
    await adminContext.close();

    await page.reload();
    await expect(receipt).toContainText(messages.refundDone);
    await expect(receipt).toContainText('Referencia: YAPPY-778812');
    await waitForMail(patient.email, 'Su reembolso está hecho');
  });
});
