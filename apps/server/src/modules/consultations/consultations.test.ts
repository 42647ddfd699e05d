import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES, messages } from '@clinica/shared';
import { PNG_1X1 } from '../../../test/harness.js';
import { patients, paypalOrders } from '../../db/schema.js';
import {
  PDF_BYTES,
  approvedOrder,
  call,
  captureBody,
  consent,
  count,
  history,
  openClinic,
  patientJar,
  sendReceipt,
  staffJar,
  type Clinic,
} from './consultations.test-support.js';

let c: Clinic;
beforeAll(async () => {
  c = await openClinic();
});
afterAll(async () => c.close());

const PANAMA_10AM = Date.parse('2026-11-21T15:00:00Z');
const atPanama = (hhmm: string) => Date.parse(`2026-11-21T${hhmm}:00-05:00`);

/** Every stored object under the data directory (to prove a refused upload wrote nothing). */
async function storedFiles() {
  const dir = path.join(c.t.dataDir, 'files');
  const names: string[] = [];
  for (const sub of await fs.readdir(dir).catch(() => [])) names.push(...(await fs.readdir(path.join(dir, sub))));
  return names.length;
}

describe('the consultation page before paying', () => {
  it('answers the session check with usuario_id and whether requests are accepted now', async () => {
    c.t.clock.ms = PANAMA_10AM;
    const { jar } = await patientJar(c.t);
    const res = await call(c.t, jar, 'GET', '/api/consultations/session');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ abierto: true, mensaje: null });
    expect(res.json().usuario_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await call(c.t, null, 'GET', '/api/consultations/session')).statusCode).toBe(401);
  });

  it('lists the doctors of a service (id, nombre, servicio; never the e-mail) and none for a service without doctors', async () => {
    const { jar } = await patientJar(c.t);
    const general = await call(c.t, jar, 'GET', '/api/doctors?servicio=consulta_general');
    expect(general.json()).toContainEqual({ id: c.doctors.consulta_general, nombre: 'Ana consulta_general', servicio: 'consulta_general' });
    expect(general.body).not.toContain('@');
    expect((await call(c.t, jar, 'GET', '/api/doctors?servicio=medicina_interna')).json()).toEqual([]);
    expect((await call(c.t, null, 'GET', '/api/doctors?servicio=psicologia')).statusCode).toBe(401);
  });

  it('refuses a request without the consent, and after a "no"', async () => {
    c.t.clock.ms = PANAMA_10AM;
    const { jar } = await patientJar(c.t);
    const body = { servicio: 'consulta_general', doctor_id: c.doctors.consulta_general, metodo_de_pago: 'Paypal o Tarjeta', monto: 10 };
    let res = await call(c.t, jar, 'POST', '/api/consultations/paypal/order', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.consentRequired);
    await call(c.t, jar, 'POST', '/api/consultations/consent', { aceptar: 'no' });
    res = await call(c.t, jar, 'POST', '/api/consultations/paypal/order', body);
    expect(res.json().message).toBe(messages.consentRequired);
    expect((await call(c.t, jar, 'POST', '/api/consultations/consent', { aceptar: 'si' })).json()).toEqual({
      success: true,
      message: messages.consentRecorded,
    });
    expect((await call(c.t, jar, 'POST', '/api/consultations/paypal/order', body)).statusCode).toBe(200);
  });

  it('accepts requests from 8:00 to 22:00 Panama time only, whatever the machine time zone', async () => {
    const order = { servicio: 'consulta_general', doctor_id: c.doctors.consulta_general, metodo_de_pago: 'Paypal o Tarjeta', monto: 10 };
    for (const [time, ok] of [
      ['07:59', false],
      ['08:00', true],
      ['21:59', true],
      ['22:00', false],
      ['23:30', false],
    ] as const) {
      c.t.clock.ms = atPanama(time);
      // A new sign-in at each time: jumping hours ahead would end an idle session.
      const { jar } = await patientJar(c.t);
      await consent(c.t, jar);
      const res = await call(c.t, jar, 'POST', '/api/consultations/paypal/order', order);
      expect(res.statusCode, time).toBe(ok ? 200 : 400);
      if (!ok) expect(res.json().message).toBe(messages.consultationOutsideHours);
      const session = await call(c.t, jar, 'GET', '/api/consultations/session');
      expect(session.json().abierto, time).toBe(ok);
    }
    c.t.clock.ms = atPanama('23:00');
    const { jar } = await patientJar(c.t);
    await consent(c.t, jar);
    const res = await sendReceipt(c, jar, { bytes: PNG_1X1, filename: 'recibo.png' });
    expect(res.json().message).toBe(messages.consultationOutsideHours);
    c.t.clock.ms = PANAMA_10AM;
  });

  it('refuses a doctor of another service and empty sections with the form messages', async () => {
    const { jar } = await patientJar(c.t);
    await consent(c.t, jar);
    let res = await call(c.t, jar, 'POST', '/api/consultations/paypal/order', {
      servicio: 'consulta_general',
      doctor_id: c.doctors.psicologia,
      metodo_de_pago: 'Paypal o Tarjeta',
      monto: 10,
    });
    expect(res.json().message).toBe(messages.doctorNotInService);
    res = await sendReceipt(c, jar, { bytes: PNG_1X1, filename: 'r.png' }, { alergias: '   ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ alergias: messages.fillOrTick });
    res = await sendReceipt(c, jar, { bytes: PNG_1X1, filename: 'r.png' }, { sintomas: '' });
    expect(res.json().message).toBe(messages.missingFields);
    expect(await count(c.t, 'consultations')).toBe(0);
  });
});

describe('amounts come from the server', () => {
  it('refuses a PayPal order whose monto differs from the price, and never asks PayPal for it', async () => {
    const { jar } = await patientJar(c.t);
    await consent(c.t, jar);
    const before = c.paypal.state.orders.size;
    for (const monto of [1, '9.99', 40, 0, -10, 'diez']) {
      const res = await call(c.t, jar, 'POST', '/api/consultations/paypal/order', {
        servicio: 'consulta_general',
        doctor_id: c.doctors.consulta_general,
        metodo_de_pago: 'Paypal o Tarjeta',
        monto,
      });
      expect(res.statusCode, String(monto)).toBe(400);
      expect(res.json().message).toBe(messages.amountMismatch);
    }
    expect(c.paypal.state.orders.size).toBe(before);
    // The price as text is the price.
    const ok = await call(c.t, jar, 'POST', '/api/consultations/paypal/order', {
      servicio: 'psicologia',
      doctor_id: c.doctors.psicologia,
      metodo_de_pago: 'Paypal o Tarjeta',
      monto: '40.00',
    });
    expect(ok.statusCode).toBe(200);
    expect(c.paypal.state.orders.get(ok.json<{ id: string }>().id)?.amount).toEqual({ currency_code: 'USD', value: '40.00' });
  });

  it('refuses a transfer whose monto differs from the price, storing nothing', async () => {
    const { jar } = await patientJar(c.t);
    await consent(c.t, jar);
    const files = await storedFiles();
    const payments = await count(c.t, 'payments');
    const res = await sendReceipt(c, jar, { bytes: PNG_1X1, filename: 'recibo.png' }, { monto: '1' });
    expect(res.json().message).toBe(messages.amountMismatch);
    expect(await storedFiles()).toBe(files);
    expect(await count(c.t, 'payments')).toBe(payments);
  });

  it('tells the page the price of each service (check_session_pagos)', async () => {
    const { jar } = await patientJar(c.t);
    expect((await call(c.t, jar, 'GET', '/api/payments/session?servicio=psicologia')).json()).toEqual({ authenticated: true, precio: 40 });
    expect((await call(c.t, null, 'GET', '/api/payments/session?servicio=consulta_general')).json()).toEqual({
      authenticated: false,
      precio: 10,
    });
  });
});

describe('PayPal', () => {
  it('pays a consultation: capture verified, chat allowed at once, receipt listed', async () => {
    c.t.clock.ms = PANAMA_10AM;
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const payments = await count(c.t, 'payments');
    const orderID = await approvedOrder(c, p.jar);
    // Before the capture nothing is paid and there is no chat.
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/chat-session')).statusCode).toBe(403);
    const res = await call(c.t, p.jar, 'POST', '/api/consultations/paypal/capture', captureBody(c, orderID));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: messages.allSent, chat: true });
    expect(await count(c.t, 'payments')).toBe(payments + 1);

    const chat = await call(c.t, p.jar, 'GET', '/api/consultations/chat-session');
    expect(chat.statusCode).toBe(200);
    expect(chat.json()).toMatchObject({ correo: p.correo, nombre: 'María', apellido: 'González', pago: true, api: '/api/chat' });
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/authorisation')).json()).toMatchObject({
      authenticated: true,
      estado: 'autorizada',
    });

    const receipts = (await call(c.t, p.jar, 'GET', '/api/receipts')).json();
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ metodo_de_pago: 'Paypal o Tarjeta', monto: 10, estado: 'aprobado', proposito: 'consulta' });
    const detail = (await call(c.t, p.jar, 'GET', `/api/receipts/${receipts[0].token}`)).json();
    expect(detail).toMatchObject({ acuerdo: true, Link_Comprobante: null, archivo_nombre: null, cedula: '8-123-456' });

    const consultation = (await call(c.t, p.jar, 'GET', `/api/consultations/${res.json().token}`)).json();
    expect(consultation).toMatchObject({
      sintomas: history().sintomas,
      antecedentes_familiares: 'No hay información',
      alergias: 'Penicilina',
      permiso_chat: true,
      pago: { metodo_de_pago: 'Paypal o Tarjeta', estado: 'aprobado', monto: 10 },
    });
  });

  it.each([
    ['a capture that is not COMPLETED', { status: 'PENDING' }],
    ['a wrong amount', { value: '1.00' }],
    ['a wrong currency', { currency_code: 'EUR' }],
    ['another reference', { custom_id: 'someone-else' }],
  ])('records nothing for %s', async (_name, override) => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const payments = await count(c.t, 'payments');
    const consultations = await count(c.t, 'consultations');
    const orderID = await approvedOrder(c, p.jar);
    c.paypal.state.captureOverrides.set(orderID, override);
    const res = await call(c.t, p.jar, 'POST', '/api/consultations/paypal/capture', captureBody(c, orderID));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.paypalPaymentFailed);
    expect(await count(c.t, 'payments')).toBe(payments);
    expect(await count(c.t, 'consultations')).toBe(consultations);
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/chat-session')).statusCode).toBe(403);
    expect((await call(c.t, p.jar, 'GET', '/api/receipts')).json()).toEqual([]);
    // The refused order stays refused.
    c.paypal.state.captureOverrides.delete(orderID);
    const again = await call(c.t, p.jar, 'POST', '/api/consultations/paypal/capture', captureBody(c, orderID));
    expect(again.statusCode).toBe(400);
    expect(await count(c.t, 'payments')).toBe(payments);
  });

  it('refuses to capture an order the buyer has not approved, and captures it once approved', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const created = await call(c.t, p.jar, 'POST', '/api/consultations/paypal/order', {
      servicio: 'consulta_general',
      doctor_id: c.doctors.consulta_general,
      metodo_de_pago: 'Paypal o Tarjeta',
      monto: 10,
    });
    const orderID = created.json().id as string;
    const early = await call(c.t, p.jar, 'POST', '/api/consultations/paypal/capture', captureBody(c, orderID));
    expect(early.json().message).toBe(messages.paypalPaymentFailed);
    await c.paypal.approve(orderID);
    expect((await call(c.t, p.jar, 'POST', '/api/consultations/paypal/capture', captureBody(c, orderID))).statusCode).toBe(200);
  });

  it('refuses a replayed order: one order pays one consultation once', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const orderID = await approvedOrder(c, p.jar);
    expect((await call(c.t, p.jar, 'POST', '/api/consultations/paypal/capture', captureBody(c, orderID))).statusCode).toBe(200);
    const payments = await count(c.t, 'payments');
    const replay = await call(c.t, p.jar, 'POST', '/api/consultations/paypal/capture', captureBody(c, orderID));
    expect(replay.statusCode).toBe(409);
    expect(replay.json().message).toBe(messages.paypalAlreadyUsed);
    expect(await count(c.t, 'payments')).toBe(payments);
    expect((await call(c.t, p.jar, 'GET', '/api/receipts')).json()).toHaveLength(1);
  });

  it('gives one payment for 20 simultaneous captures of one order', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const orderID = await approvedOrder(c, p.jar);
    const payments = await count(c.t, 'payments');
    const consultations = await count(c.t, 'consultations');
    const results = await Promise.all(
      Array.from({ length: 20 }, () => call(c.t, p.jar, 'POST', '/api/consultations/paypal/capture', captureBody(c, orderID))),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(19);
    expect(await count(c.t, 'payments')).toBe(payments + 1);
    expect(await count(c.t, 'consultations')).toBe(consultations + 1);
    expect((await call(c.t, p.jar, 'GET', '/api/receipts')).json()).toHaveLength(1);
  });

  it('records an order PayPal had already captured (an answer lost on the way) once, from PayPal\'s own record', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const orderID = await approvedOrder(c, p.jar);
    // Captured at PayPal outside this request (our earlier attempt whose answer never arrived).
    const basic = Buffer.from('test-client-id:test-client-secret').toString('base64');
    const token = (await (
      await fetch(`${c.paypal.url}/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials',
      })
    ).json()) as { access_token: string };
    const direct = await fetch(`${c.paypal.url}/v2/checkout/orders/${orderID}/capture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(direct.status).toBe(201);
    const payments = await count(c.t, 'payments');
    const res = await call(c.t, p.jar, 'POST', '/api/consultations/paypal/capture', captureBody(c, orderID));
    expect(res.statusCode, res.body).toBe(200);
    expect(await count(c.t, 'payments')).toBe(payments + 1);
    expect(c.paypal.state.capturesPerformed).toBeGreaterThan(0);
  });

  it('lets a capture claimed by a request that died be retried after two minutes, and not before', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const orderID = await approvedOrder(c, p.jar);
    const claim = (ago: number) =>
      c.t.app.db
        .update(paypalOrders)
        .set({ estado: 'capturando', updated_at: new Date(c.t.clock.ms - ago) })
        .where(eq(paypalOrders.id, orderID));
    await claim(10_000);
    const busy = await call(c.t, p.jar, 'POST', '/api/consultations/paypal/capture', captureBody(c, orderID));
    expect(busy.statusCode).toBe(409);
    await claim(3 * 60_000);
    const retried = await call(c.t, p.jar, 'POST', '/api/consultations/paypal/capture', captureBody(c, orderID));
    expect(retried.statusCode, retried.body).toBe(200);
  });

  it('marks the patient\'s first consultation as used (Primera_Consulta 0)', async () => {
    const p = await patientJar(c.t);
    const first = async () =>
      (await c.t.app.db.select({ n: patients.primera_consulta }).from(patients).where(eq(patients.correo, p.correo)))[0]?.n;
    expect(await first()).toBe(1);
    await consent(c.t, p.jar);
    await sendReceipt(c, p.jar, { bytes: PNG_1X1, filename: 'r.png' });
    expect(await first()).toBe(0);
  });

  it('refuses an order used for another service or doctor, and another patient\'s order', async () => {
    const p = await patientJar(c.t);
    const other = await patientJar(c.t);
    await consent(c.t, p.jar);
    await consent(c.t, other.jar);
    const payments = await count(c.t, 'payments');
    // A $10 order claimed for a $40 psychology consultation.
    const cheap = await approvedOrder(c, p.jar, 'consulta_general');
    const swapped = await call(c.t, p.jar, 'POST', '/api/consultations/paypal/capture', { ...captureBody(c, cheap, 'psicologia') });
    expect(swapped.json().message).toBe(messages.paypalPaymentFailed);
    const stolen = await call(c.t, other.jar, 'POST', '/api/consultations/paypal/capture', captureBody(c, cheap));
    expect(stolen.json().message).toBe(messages.paypalPaymentFailed);
    expect(await count(c.t, 'payments')).toBe(payments);
    expect(c.paypal.state.orders.get(cheap)?.status).toBe('APPROVED');
  });
});

describe('transfer and Yappy', () => {
  it('stores the receipt encrypted, leaves the payment pending, and opens the chat when an administrator classifies tipo_a', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const res = await sendReceipt(c, p.jar, { bytes: PNG_1X1, filename: 'mi recibo.png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, message: messages.receiptSent, chat: false });
    const token = res.json().token as string;

    expect((await call(c.t, p.jar, 'GET', '/api/consultations/authorisation')).json()).toEqual({
      authenticated: false,
      estado: 'pendiente',
      message: messages.waitingForChat,
      token,
    });
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/chat-session')).statusCode).toBe(403);

    // The receipt is stored encrypted: the bytes on disk are not the PNG.
    const [receipt] = (await call(c.t, p.jar, 'GET', '/api/receipts')).json();
    expect(receipt).toMatchObject({ metodo_de_pago: 'Transferencia', estado: 'pendiente', monto: 10 });
    const detail = (await call(c.t, p.jar, 'GET', `/api/receipts/${receipt.token}`)).json<{ Nombre_Comprobante: string; Link_Comprobante: string }>();
    expect(detail.Nombre_Comprobante).toBe('mi recibo.png');
    const download = await call(c.t, p.jar, 'GET', detail.Link_Comprobante);
    expect(download.headers['content-type']).toBe('image/png');
    expect(download.rawPayload.equals(PNG_1X1)).toBe(true);
    const dir = path.join(c.t.dataDir, 'files');
    for (const sub of await fs.readdir(dir)) {
      for (const f of await fs.readdir(path.join(dir, sub))) {
        expect((await fs.readFile(path.join(dir, sub, f))).includes(PNG_1X1.subarray(0, 8))).toBe(false);
      }
    }

    const admin = await call(c.t, c.admin, 'GET', `/api/admin/consultations/${token}`);
    expect(admin.json()).toMatchObject({ correo: p.correo, tipo_de_consulta: null, estado_consulta: 1, pago: { estado: 'pendiente' } });
    const update = await call(c.t, c.admin, 'POST', '/api/admin/consultations/update', {
      consulta_id: admin.json().id,
      correo: p.correo,
      tipo_consulta: 'tipo_a',
      estado_consulta: '1',
    });
    expect(update.json()).toEqual({ success: true, message: messages.consultationUpdated });
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/authorisation')).json()).toMatchObject({
      authenticated: true,
      estado: 'autorizada',
    });
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/chat-session')).statusCode).toBe(200);
    expect((await call(c.t, p.jar, 'GET', `/api/receipts/${receipt.token}`)).json().estado).toBe('aprobado');
  });

  it('takes a Yappy receipt as a PDF', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const res = await sendReceipt(c, p.jar, { bytes: PDF_BYTES, filename: 'yappy.pdf' }, { metodo_de_pago: 'Yappy' });
    expect(res.statusCode, res.body).toBe(200);
    const [receipt] = (await call(c.t, p.jar, 'GET', '/api/receipts')).json();
    expect(receipt.metodo_de_pago).toBe('Yappy');
  });

  it('tipo_c sends the patient to the hospital; Quitar Permiso and closing withdraw the chat', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const token = (await sendReceipt(c, p.jar, { bytes: PNG_1X1, filename: 'r.png' })).json().token;
    const id = (await call(c.t, c.admin, 'GET', `/api/admin/consultations/${token}`)).json().id;
    const classify = (tipo_consulta: string, estado_consulta = 1) =>
      call(c.t, c.admin, 'POST', '/api/admin/consultations/update', { consulta_id: id, correo: p.correo, tipo_consulta, estado_consulta });

    expect((await classify('tipo_c')).statusCode).toBe(200);
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/authorisation')).json()).toMatchObject({
      authenticated: false,
      estado: 'emergencia',
      message: messages.waitingTipoC,
    });
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/chat-session')).statusCode).toBe(403);
    // A referral is final (decision 0031): the patient was told to go to a hospital.
    expect((await classify('tipo_b')).json()).toMatchObject({ success: false, message: messages.transitionReferred });
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/chat-session')).statusCode).toBe(403);

    // A new request of the same patient: authorised, then its permission removed, then closed.
    const token2 = (await sendReceipt(c, p.jar, { bytes: PNG_1X1, filename: 'r2.png' })).json().token;
    const id2 = (await call(c.t, c.admin, 'GET', `/api/admin/consultations/${token2}`)).json().id;
    const classify2 = (tipo_consulta: string, estado_consulta = 1) =>
      call(c.t, c.admin, 'POST', '/api/admin/consultations/update', { consulta_id: id2, correo: p.correo, tipo_consulta, estado_consulta });
    await classify2('tipo_b');
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/chat-session')).statusCode).toBe(200);
    await classify2('quitar_permiso');
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/authorisation')).json()).toMatchObject({
      estado: 'sin_permiso',
      message: messages.chatPermissionRemoved,
    });
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/chat-session')).statusCode).toBe(403);
    expect((await classify2('tipo_a', 0)).statusCode).toBe(200);
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/authorisation')).json().estado).toBe('cerrada');
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/chat-session')).statusCode).toBe(403);
  });

  it('shows a rejected receipt and its reason to the patient, and then refuses to authorise it', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const token = (await sendReceipt(c, p.jar, { bytes: PNG_1X1, filename: 'r.png' })).json().token;
    const detail = (await call(c.t, c.admin, 'GET', `/api/admin/consultations/${token}`)).json();
    const paymentId = (await call(c.t, c.admin, 'GET', `/api/admin/receipts/${detail.pago.token}`)).json().id;
    const reject = await call(c.t, c.admin, 'POST', '/api/admin/receipts/reject', { id: paymentId, motivo: 'El monto transferido no llegó.' });
    expect(reject.json()).toEqual({ success: true, message: messages.receiptRejected });
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/authorisation')).json()).toMatchObject({
      estado: 'rechazada',
      message: `${messages.paymentRejectedPrefix}El monto transferido no llegó.`,
    });
    expect((await call(c.t, p.jar, 'GET', `/api/receipts/${detail.pago.token}`)).json()).toMatchObject({
      estado: 'rechazado',
      motivo_rechazo: 'El monto transferido no llegó.',
    });
    const classify = await call(c.t, c.admin, 'POST', '/api/admin/consultations/update', {
      consulta_id: detail.id,
      correo: p.correo,
      tipo_consulta: 'tipo_a',
      estado_consulta: 1,
    });
    expect(classify.statusCode).toBe(409);
    expect(classify.json().message).toBe(messages.paymentRejectedCannotAuthorise);
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/chat-session')).statusCode).toBe(403);
  });

  it.each([
    ['a text file renamed .png', Buffer.from('esto no es una imagen, solo texto'), 'recibo.png', 400, messages.invalidReceiptFile],
    ['an empty file', Buffer.alloc(0), 'vacio.png', 400, messages.emptyFile],
    ['a file over the size limit', Buffer.concat([PNG_1X1, Buffer.alloc(MAX_UPLOAD_BYTES)]), 'grande.png', 413, messages.fileTooLarge],
  ])('refuses %s with a clear message and stores nothing', async (_name, bytes, filename, status, message) => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const before = { files: await storedFiles(), rows: await count(c.t, 'files'), payments: await count(c.t, 'payments') };
    const res = await sendReceipt(c, p.jar, { bytes, filename });
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect({ files: await storedFiles(), rows: await count(c.t, 'files'), payments: await count(c.t, 'payments') }).toEqual(before);
  });

  it('requires the receipt file', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const res = await sendReceipt(c, p.jar, null);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.missingFieldsWithReceipt);
  });
});

describe('who may see and decide', () => {
  it("answers 404 and nothing else for another patient's consultation, receipt and files", async () => {
    const owner = await patientJar(c.t);
    const intruder = await patientJar(c.t);
    await consent(c.t, owner.jar);
    const token = (await sendReceipt(c, owner.jar, { bytes: PNG_1X1, filename: 'r.png' })).json().token;
    const receiptToken = (await call(c.t, owner.jar, 'GET', '/api/receipts')).json()[0].token;
    for (const url of [
      `/api/consultations/${token}`,
      `/api/consultations/${token}/exam-file`,
      `/api/receipts/${receiptToken}`,
      `/api/receipts/${receiptToken}/comprobante`,
      `/api/receipts/${receiptToken}/factura`,
    ]) {
      const res = await call(c.t, intruder.jar, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(owner.correo);
      expect(res.body).not.toContain('Dolor de cabeza');
      expect(res.headers['content-type']).toContain('application/json');
    }
    expect((await call(c.t, intruder.jar, 'GET', '/api/consultations')).json()).toEqual([]);
    expect((await call(c.t, intruder.jar, 'GET', '/api/receipts')).json()).toEqual([]);
    // The owner does see them.
    expect((await call(c.t, owner.jar, 'GET', `/api/consultations/${token}`)).statusCode).toBe(200);
    // Patients have no access to the administrators' screens.
    expect((await call(c.t, intruder.jar, 'GET', `/api/admin/consultations/${token}`)).statusCode).toBe(401);
    expect((await call(c.t, intruder.jar, 'GET', `/api/admin/receipts/${receiptToken}`)).statusCode).toBe(401);
  });

  it('lets neither a doctor nor a patient authorise a consultation', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const token = (await sendReceipt(c, p.jar, { bytes: PNG_1X1, filename: 'r.png' })).json().token;
    const id = (await call(c.t, c.admin, 'GET', `/api/admin/consultations/${token}`)).json().id;
    const doctor = await staffJar(c.t, 'doctor');
    const body = { consulta_id: id, correo: p.correo, tipo_consulta: 'tipo_a', estado_consulta: 1 };
    expect((await call(c.t, doctor, 'POST', '/api/admin/consultations/update', body)).statusCode).toBe(401);
    expect((await call(c.t, p.jar, 'POST', '/api/admin/consultations/update', body)).statusCode).toBe(401);
    expect((await call(c.t, null, 'POST', '/api/admin/consultations/update', body)).statusCode).toBe(401);
    const receiptId = (await call(c.t, p.jar, 'GET', '/api/receipts')).json()[0].id;
    expect((await call(c.t, doctor, 'POST', '/api/admin/receipts/reject', { id: receiptId, motivo: 'x' })).statusCode).toBe(401);
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/chat-session')).statusCode).toBe(403);
    expect((await call(c.t, c.admin, 'GET', `/api/admin/consultations/${token}`)).json()).toMatchObject({
      tipo_de_consulta: null,
      pago: { estado: 'pendiente' },
    });
  });

  it('changes a payment once when two administrators authorise it at the same moment', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const token = (await sendReceipt(c, p.jar, { bytes: PNG_1X1, filename: 'r.png' })).json().token;
    const detail = (await call(c.t, c.admin, 'GET', `/api/admin/consultations/${token}`)).json();
    const second = await staffJar(c.t, 'admin');
    const body = { consulta_id: detail.id, correo: p.correo, tipo_consulta: 'tipo_a', estado_consulta: 1 };
    const results = await Promise.all([
      call(c.t, c.admin, 'POST', '/api/admin/consultations/update', body),
      call(c.t, second, 'POST', '/api/admin/consultations/update', { ...body, tipo_consulta: 'tipo_b' }),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const receipt = (await call(c.t, c.admin, 'GET', `/api/admin/receipts/${detail.pago.token}`)).json<{ estado: string; historial: { evento: string }[] }>();
    expect(receipt.estado).toBe('aprobado');
    expect(receipt.historial.filter((h) => h.evento === 'aprobado')).toHaveLength(1);
  });

  it('refuses a classification whose correo is not the patient of the consultation', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const token = (await sendReceipt(c, p.jar, { bytes: PNG_1X1, filename: 'r.png' })).json().token;
    const id = (await call(c.t, c.admin, 'GET', `/api/admin/consultations/${token}`)).json().id;
    const res = await call(c.t, c.admin, 'POST', '/api/admin/consultations/update', {
      consulta_id: id,
      correo: 'otra.persona@example.com',
      tipo_consulta: 'tipo_a',
      estado_consulta: 1,
    });
    expect(res.json().message).toBe(messages.consultationEmailMismatch);
    expect((await call(c.t, p.jar, 'GET', '/api/consultations/chat-session')).statusCode).toBe(403);
  });
});

describe('the administrators\' consultation list', () => {
  it('lists every consultation and finds them by the first name (no match: empty list)', async () => {
    const p = await patientJar(c.t, { nombre: 'Zacarías' });
    await consent(c.t, p.jar);
    const token = (await sendReceipt(c, p.jar, { bytes: PNG_1X1, filename: 'r.png' })).json().token;
    const all = (await call(c.t, c.admin, 'GET', '/api/admin/consultations')).json<{ items: { token: string }[] }>().items;
    expect(all.find((r) => r.token === token)).toMatchObject({ nombre: 'Zacarías', correo: p.correo, token_encrypt: token });
    const found = (await call(c.t, c.admin, 'POST', '/api/admin/consultations/search', { input: 'zacar' })).json<{ items: { token: string }[] }>();
    expect(found.items.map((r) => r.token)).toEqual([token]);
    expect((await call(c.t, c.admin, 'POST', '/api/admin/consultations/search', { input: 'Nadie%' })).json()).toEqual({ items: [], next_cursor: null });
    const empty = await call(c.t, c.admin, 'POST', '/api/admin/consultations/search', { input: '' });
    expect(empty.json().message).toBe(messages.missingFields);
  });
});

// Session 10: /Consultas showed the patient the doctor's e-mail address. Staff addresses are not
// for patients: the patient's list and detail carry the doctor's name and specialty, never the
// address (null), while the administrators' views keep it.
describe('the doctor as the patient sees them', () => {
  it('name and specialty for the patient, no e-mail address in the answer; administrators still read it', async () => {
    c.t.clock.ms = PANAMA_10AM;
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const orderID = await approvedOrder(c, p.jar);
    const res = await call(c.t, p.jar, 'POST', '/api/consultations/paypal/capture', captureBody(c, orderID));
    expect(res.statusCode, res.body).toBe(200);
    const found: unknown = await c.t.app.db.execute(sql`select correo, nombre, apellido from staff where id = ${c.doctors.consulta_general}`);
    const [doctor] = (found as { rows: { correo: string; nombre: string; apellido: string }[] }).rows;
    await c.t.app.db.execute(sql`update staff set perfil_especialidad = 'Medicina general' where id = ${c.doctors.consulta_general}`);

    const list = await call(c.t, p.jar, 'GET', '/api/consultations');
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({ correo_doctor: null, nombre_doctor: `${doctor!.nombre} ${doctor!.apellido}`, especialidad_doctor: 'Medicina general' });
    expect(list.body).not.toContain(doctor!.correo);
    const detail = await call(c.t, p.jar, 'GET', `/api/consultations/${res.json().token}`);
    expect(detail.json()).toMatchObject({ correo_doctor: null, nombre_doctor: `${doctor!.nombre} ${doctor!.apellido}` });
    expect(detail.body).not.toContain(doctor!.correo);

    const admin = await call(c.t, c.admin, 'GET', `/api/admin/consultations/${res.json().token}`);
    expect(admin.json()).toMatchObject({ correo_doctor: doctor!.correo, nombre_doctor: `${doctor!.nombre} ${doctor!.apellido}` });
  });
});
