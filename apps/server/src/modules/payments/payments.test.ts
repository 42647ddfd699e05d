import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { parseConfig, parseIgnoreConsultationHours, parsePaypal } from '../../infra/config.js';
import { PNG_1X1, createTestApp, distinctPng, multipart, type CookieJar, type TestApp } from '../../../test/harness.js';
import {
  PDF_BYTES,
  call,
  consent,
  count,
  history,
  openClinic,
  patientJar,
  sendReceipt,
  type Clinic,
} from '../consultations/consultations.test-support.js';
import { approveStaff } from '../auth/test-support.js';

let c: Clinic;
beforeAll(async () => {
  c = await openClinic();
});
afterAll(async () => c.close());

function updateReceipt(jar: CookieJar, fields: Record<string, string>, archivo?: { bytes: Buffer; filename: string }) {
  const body = multipart(fields, archivo ? [{ field: 'archivo', ...archivo }] : []);
  return c.t.app.inject({ method: 'POST', url: '/api/admin/receipts/update', headers: { ...body.headers, cookie: jar.header }, payload: body.payload });
}

async function pendingReceipt(bytes = PNG_1X1, nombre?: string) {
  const p = await patientJar(c.t, nombre ? { nombre } : {});
  await consent(c.t, p.jar);
  const res = await sendReceipt(c, p.jar, { bytes, filename: 'recibo.png' });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = (await call(c.t, p.jar, 'GET', '/api/receipts')).json();
  return { ...p, receipt: row as { id: string; token: string; numero: number } };
}

describe('payment configuration', () => {
  it('gives the PayPal client id, the bank accounts and the Yappy number to a signed-in patient', async () => {
    const p = await patientJar(c.t);
    const res = await call(c.t, p.jar, 'GET', '/api/payments/config');
    expect(res.json()).toMatchObject({
      client_id: 'test-client-id',
      sdk_url: `${c.paypal.url}/sdk/js`,
      demo: false,
      moneda: 'USD',
      yappy: expect.any(String),
    });
    expect(res.json().cuentas_bancarias).toHaveLength(2);
    expect(res.json()).not.toHaveProperty('client_secret');
    expect(JSON.stringify(res.json())).not.toContain('test-client-secret');
    expect((await call(c.t, null, 'GET', '/api/payments/config')).statusCode).toBe(401);
  });

  it('lets the browser load PayPal\'s SDK address (content security policy)', async () => {
    // The pages' policy (API answers carry a policy that allows nothing: they are data).
    const res = await call(c.t, null, 'GET', '/consultas-virtuales');
    expect(res.headers['content-security-policy']).toContain(`script-src 'self' ${c.paypal.url}`);
  });
});

describe('without PayPal credentials (the demo)', () => {
  let demo: TestApp;
  beforeAll(async () => {
    demo = await createTestApp();
  });
  afterAll(async () => demo.close());

  it('says PayPal is in demo mode and serves the stand-in SDK at /paypal-sandbox', async () => {
    const p = await patientJar(demo);
    const config = (await call(demo, p.jar, 'GET', '/api/payments/config')).json();
    expect(config).toMatchObject({ demo: true, sdk_url: '/paypal-sandbox/sdk/js' });
    const sdk = await call(demo, null, 'GET', `/paypal-sandbox/sdk/js?client-id=${config.client_id}&currency=USD`);
    expect(sdk.headers['content-type']).toContain('javascript');
    expect(sdk.body).toContain('Pagar con PayPal (demo)');
    expect((await call(demo, null, 'GET', '/paypal-sandbox/sdk/js?client-id=otro')).statusCode).toBe(400);
  });

  it('pays a consultation end to end through the mounted stand-in', async () => {
    await demo.app.inject({
      method: 'POST',
      url: '/api/doctor/register',
      payload: {
        clave_seguridad: 'demo-clave-doctor',
        nombre: 'Ana',
        apellido: 'Castillo',
        correo: 'ana.demo@example.com',
        password: 'secreto-seguro-1',
        password_confirm: 'secreto-seguro-1',
        servicio: 'consulta_general',
      },
    });
    await approveStaff(demo, 'doctor', 'ana.demo@example.com');
    const p = await patientJar(demo);
    await consent(demo, p.jar);
    const [doctor] = (await call(demo, p.jar, 'GET', '/api/doctors?servicio=consulta_general')).json();
    const order = await call(demo, p.jar, 'POST', '/api/consultations/paypal/order', {
      servicio: 'consulta_general',
      doctor_id: doctor.id,
      metodo_de_pago: 'Paypal o Tarjeta',
      monto: 10,
    });
    expect(order.statusCode, order.body).toBe(200);
    // What the stand-in SDK does when the person clicks 'Pagar con PayPal (demo)'.
    const approval = await demo.app.inject({ method: 'POST', url: `/paypal-sandbox/demo/orders/${order.json().id}/approve` });
    const capture = await call(demo, p.jar, 'POST', '/api/consultations/paypal/capture', {
      servicio: 'consulta_general',
      doctor_id: doctor.id,
      ...history(),
      orderID: approval.json().orderID,
      payerID: approval.json().payerID,
    });
    expect(capture.statusCode, capture.body).toBe(200);
    expect((await call(demo, p.jar, 'GET', '/api/consultations/chat-session')).statusCode).toBe(200);
  });
});

describe('production refuses PayPal demo settings', () => {
  const live = { PAYPAL_CLIENT_ID: 'live-id', PAYPAL_CLIENT_SECRET: 'live-secret' };

  it('without credentials (outside production: the demo stand-in)', () => {
    expect(() => parsePaypal({}, true)).toThrow(/PAYPAL_CLIENT_ID/);
    expect(parsePaypal({}, false)).toMatchObject({ mode: 'stand-in', sdkUrl: '/paypal-sandbox/sdk/js' });
  });
  it('with the stand-in or a loopback address', () => {
    expect(() => parsePaypal({ ...live, PAYPAL_API_BASE: 'http://127.0.0.1:4000' }, true)).toThrow(/PAYPAL_API_BASE/);
    expect(() => parsePaypal({ ...live, PAYPAL_SDK_URL: 'https://clinica.example/paypal-sandbox/sdk/js' }, true)).toThrow(/PAYPAL_SDK_URL/);
    expect(() => parsePaypal({ ...live, PAYPAL_API_BASE: 'https://localhost/v' }, true)).toThrow(/PAYPAL_API_BASE/);
  });
  it('with the test-only hours switch', () => {
    expect(() => parseIgnoreConsultationHours('1', true)).toThrow(/TEST_ONLY_IGNORE_CONSULTATION_HOURS/);
    expect(parseIgnoreConsultationHours('1', false)).toBe(true);
    expect(parseIgnoreConsultationHours('0', true)).toBe(false);
  });
  it("accepts real credentials with PayPal's own addresses", () => {
    expect(parsePaypal(live, true)).toEqual({
      mode: 'rest',
      clientId: 'live-id',
      clientSecret: 'live-secret',
      apiBase: 'https://api-m.paypal.com',
      sdkUrl: 'https://www.paypal.com/sdk/js',
    });
  });
  it('is part of the whole configuration', () => {
    expect(() => parseConfig({ NODE_ENV: 'test', PAYPAL_CLIENT_ID: 'only-the-id' })).toThrow(/PAYPAL_CLIENT_SECRET/);
  });
});

describe('the patient\'s receipts (/Recibo_pagos)', () => {
  it('lists only the patient\'s own receipts and opens one by token', async () => {
    const a = await pendingReceipt();
    await pendingReceipt();
    const list = (await call(c.t, a.jar, 'GET', '/api/receipts')).json();
    expect(list).toHaveLength(1);
    const detail = (await call(c.t, a.jar, 'GET', `/api/receipts/${a.receipt.token}`)).json();
    expect(detail).toMatchObject({
      nombre: 'María',
      apellido: 'González',
      cedula: '8-123-456',
      celular: '+507 6123-4567',
      monto: 10,
      acuerdo: true,
      metodo_de_pago: 'Transferencia',
      token: a.receipt.token,
      Nombre_Comprobante: 'recibo.png',
      archivo_nombre: null,
      Link_Factura: null,
      revisado: false,
      estado: 'pendiente',
    });
    // The patient sees no staff-only data.
    expect(detail).not.toHaveProperty('posible_duplicado');
    expect(detail).not.toHaveProperty('historial');
    expect((await call(c.t, a.jar, 'GET', `/api/receipts/${a.receipt.token}/factura`)).statusCode).toBe(404);
  });
});

describe('the administrators\' receipts (/Recibo_Admin)', () => {
  it('lists every receipt, finds them by first name, and opens one with its file', async () => {
    const p = await pendingReceipt(PNG_1X1, 'Eustaquio');
    const all = (await call(c.t, c.admin, 'GET', '/api/admin/receipts')).json<{ items: { token: string }[] }>().items;
    expect(all.some((r) => r.token === p.receipt.token)).toBe(true);
    const found = (await call(c.t, c.admin, 'POST', '/api/admin/receipts/search', { input: 'eusta' })).json<{ items: { token: string }[] }>();
    expect(found.items.map((r) => r.token)).toEqual([p.receipt.token]);
    expect((await call(c.t, c.admin, 'POST', '/api/admin/receipts/search', { input: 'Nadie' })).json()).toEqual({ items: [], next_cursor: null });
    // Staff find a payment by the short number people read on its receipt ("Pago N.º 000123").
    expect(p.receipt.numero).toBeGreaterThan(0);
    const input = `N.º ${String(p.receipt.numero).padStart(6, '0')}`;
    const byNumber = (await call(c.t, c.admin, 'POST', '/api/admin/receipts/search', { input })).json<{ items: { token: string }[] }>();
    expect(byNumber.items.map((r) => r.token)).toEqual([p.receipt.token]);
    const detail = (await call(c.t, c.admin, 'GET', `/api/admin/receipts/${p.receipt.token}`)).json<{ Link_Comprobante: string }>();
    expect(detail).toMatchObject({ correo: p.correo, Link_Comprobante: `/api/admin/receipts/${p.receipt.token}/comprobante`, aprobable: false });
    const file = await call(c.t, c.admin, 'GET', detail.Link_Comprobante);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('flags a byte-identical receipt sent again as a possible duplicate', async () => {
    const unique = distinctPng();
    const first = await pendingReceipt(unique, 'Filomena');
    const other = await pendingReceipt(distinctPng());
    let detail = (await call(c.t, c.admin, 'GET', `/api/admin/receipts/${first.receipt.token}`)).json();
    expect(detail.posible_duplicado).toBe(false);
    const second = await pendingReceipt(unique);
    detail = (await call(c.t, c.admin, 'GET', `/api/admin/receipts/${second.receipt.token}`)).json();
    // The warning names the other patient and that payment's short number, and carries the token that opens it.
    expect(detail).toMatchObject({
      posible_duplicado: true,
      duplicados: [{ token: first.receipt.token, numero: first.receipt.numero, nombre: 'Filomena', apellido: expect.any(String) }],
    });
    const rows = (await call(c.t, c.admin, 'GET', '/api/admin/receipts?limit=100')).json<{ items: { token: string; posible_duplicado: boolean }[] }>().items;
    const flag = (token: string) => rows.find((r) => r.token === token)?.posible_duplicado;
    expect([flag(first.receipt.token), flag(second.receipt.token), flag(other.receipt.token)]).toEqual([true, true, false]);
  });

  it('toggles revisado and attaches a fiscal PDF that both the admin and the patient can open', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    await sendReceipt(c, p.jar, { bytes: PNG_1X1, filename: 'recibo.png' });
    const [receipt] = (await call(c.t, p.jar, 'GET', '/api/receipts')).json();
    let res = await updateReceipt(c.admin, { id: receipt.id, revisado: '1' }, { bytes: PDF_BYTES, filename: 'factura-001.pdf' });
    expect(res.json()).toEqual({ success: true, message: messages.receiptUpdated });
    const detail = (await call(c.t, c.admin, 'GET', `/api/admin/receipts/${receipt.token}`)).json<{ Link_Factura: string; historial: { evento: string }[] }>();
    expect(detail).toMatchObject({ revisado: true, archivo_nombre: 'factura-001.pdf' });
    expect(detail.historial.map((h) => h.evento)).toEqual(['creado', 'revisado', 'factura_adjunta']);
    const fiscal = await call(c.t, c.admin, 'GET', detail.Link_Factura);
    expect(fiscal.headers['content-type']).toBe('application/pdf');
    // A PDF is downloaded, never rendered as a document of the clinic's origin.
    expect(fiscal.headers['content-disposition']).toBe("attachment; filename*=UTF-8''factura-001.pdf");
    expect(fiscal.headers['x-content-type-options']).toBe('nosniff');
    expect(fiscal.headers['content-security-policy']).toContain('sandbox');
    expect(fiscal.rawPayload.equals(PDF_BYTES)).toBe(true);
    const mine = (await call(c.t, p.jar, 'GET', `/api/receipts/${receipt.token}`)).json<{ Link_Factura: string }>();
    expect(mine).toMatchObject({ revisado: true, archivo_nombre: 'factura-001.pdf' });
    expect((await call(c.t, p.jar, 'GET', mine.Link_Factura)).rawPayload.equals(PDF_BYTES)).toBe(true);

    res = await updateReceipt(c.admin, { id: receipt.id, revisado: '0' });
    expect(res.statusCode).toBe(200);
    expect((await call(c.t, c.admin, 'GET', `/api/admin/receipts/${receipt.token}`)).json().revisado).toBe(false);
  });

  it('refuses a fiscal receipt that is not a PDF by content, storing nothing', async () => {
    const p = await pendingReceipt();
    const before = await count(c.t, 'files');
    let res = await updateReceipt(c.admin, { id: p.receipt.id, revisado: '1' }, { bytes: PNG_1X1, filename: 'factura.pdf' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.onlyPdf);
    res = await updateReceipt(c.admin, { id: p.receipt.id, revisado: '1' }, { bytes: Buffer.alloc(0), filename: 'factura.pdf' });
    expect(res.json().message).toBe(messages.emptyFile);
    expect(await count(c.t, 'files')).toBe(before);
    const detail = (await call(c.t, c.admin, 'GET', `/api/admin/receipts/${p.receipt.token}`)).json();
    expect(detail).toMatchObject({ revisado: false, archivo_nombre: null });
  });

  it('rejects a pending receipt once, with a reason', async () => {
    const p = await pendingReceipt();
    let res = await call(c.t, c.admin, 'POST', '/api/admin/receipts/reject', { id: p.receipt.id, motivo: '  ' });
    expect(res.json().message).toBe(messages.rejectReasonRequired);
    res = await call(c.t, c.admin, 'POST', '/api/admin/receipts/reject', { id: p.receipt.id, motivo: 'Comprobante ilegible' });
    expect(res.statusCode).toBe(200);
    res = await call(c.t, c.admin, 'POST', '/api/admin/receipts/reject', { id: p.receipt.id, motivo: 'Otra vez' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(messages.paymentNotPending);
    expect((await call(c.t, p.jar, 'GET', `/api/receipts/${p.receipt.token}`)).json().motivo_rechazo).toBe('Comprobante ilegible');
  });

  it('does not approve a consultation payment from the receipt screen (classification does)', async () => {
    const p = await pendingReceipt();
    const res = await call(c.t, c.admin, 'POST', '/api/admin/receipts/approve', { id: p.receipt.id });
    expect(res.statusCode).toBe(403);
    expect((await call(c.t, p.jar, 'GET', `/api/receipts/${p.receipt.token}`)).json().estado).toBe('pendiente');
  });
});
