import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { YAPPY_API, messages } from '@clinica/shared';
import { YAPPY_DEMO, yappyHashKey } from '../../infra/config.js';
import type { CookieJar, TestApp } from '../../../test/harness.js';
import { call, consent, history, openClinic, patientJar, type Clinic } from '../consultations/consultations.test-support.js';
import { DAYS, doctorAccount, hours, request } from '../appointments/appointments.test-support.js';
import { yappyHash } from './yappy-client.js';
import { yappyOrders } from '../../db/schema.js';

/**
 * Yappy's payment button against the stand-in (decision 0058): the amount is the server's, a
 * payment counts only through a notification whose hash checks out for that order, once; forged,
 * replayed, concurrent, rejected, cancelled and late notifications pay nothing more.
 */

let c: Clinic;
beforeAll(async () => {
  c = await openClinic();
}, 120_000);
afterAll(async () => c.close());

async function rows<T>(t: TestApp, q: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await t.app.db.execute(q);
  return (result as { rows: T[] }).rows;
}
const hashKey = yappyHashKey(YAPPY_DEMO.secretKey)!;

interface Started {
  orden: string;
  transactionId: string;
  token: string;
  documentName: string;
  expira_at: string;
}

async function startConsultation(jar: CookieJar, over: Record<string, unknown> = {}) {
  const res = await call(c.t, jar, 'POST', YAPPY_API.consultationOrder, {
    servicio: 'consulta_general',
    doctor_id: c.doctors.consulta_general,
    ...history(),
    ...over,
  });
  return res;
}

async function newPatientOrder() {
  const p = await patientJar(c.t);
  await consent(c.t, p.jar);
  const res = await startConsultation(p.jar);
  expect(res.statusCode, res.body).toBe(200);
  return { ...p, started: res.json<Started>() };
}

/** The notification exactly as Yappy sends it (GET with query parameters). */
function ipn(t: TestApp, q: Record<string, string>) {
  return t.app.inject({ method: 'GET', url: `${YAPPY_API.ipn}?${new URLSearchParams(q).toString()}` });
}
const signed = (orderId: string, status: string, domain = YAPPY_DEMO.domain) => ({
  orderId,
  status,
  domain,
  hash: yappyHash(hashKey, orderId, status, domain),
  confirmationNumber: 'CONF12345',
});

const paymentsOf = (orderId: string) =>
  rows<{ estado: string; monto_cents: number; metodo_de_pago: string; confirmacion_yappy: string | null; reembolso_estado: string | null; reembolso_motivo: string | null }>(
    c.t,
    sql`select estado, monto_cents, metodo_de_pago, confirmacion_yappy, reembolso_estado, reembolso_motivo from payments where yappy_order_id = ${orderId}`,
  );
const orderState = async (orderId: string) => (await rows<{ estado: string }>(c.t, sql`select estado from yappy_orders where id = ${orderId}`))[0]?.estado;
const consultationsOf = (orderId: string) =>
  rows<{ permiso_chat: boolean; token: string }>(
    c.t,
    sql`select c.permiso_chat, c.token from consultations c join payments p on p.id = c.payment_id where p.yappy_order_id = ${orderId}`,
  );
const auditRows = (action: string) => rows<{ detail: string; outcome: string }>(c.t, sql`select detail, outcome from audit_log where action = ${action} order by id`);

describe('a consultation paid with Yappy’s button', () => {
  it('creates the order at Yappy for the server’s price and refuses an amount from the browser', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const before = (await rows<{ n: number }>(c.t, sql`select count(*)::int as n from yappy_orders`))[0]!.n;
    const withAmount = await startConsultation(p.jar, { monto: 0.01 });
    expect(withAmount.statusCode).toBe(400);
    expect((await rows<{ n: number }>(c.t, sql`select count(*)::int as n from yappy_orders`))[0]!.n).toBe(before);

    const res = await startConsultation(p.jar);
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json<Started & { message: string }>();
    expect(started.message).toBe(messages.yappyOrderCreated);
    expect(started.orden).toMatch(/^[A-Za-z0-9]{15}$/);
    expect(started.transactionId).not.toBe('');
    // What Yappy was asked to charge: the server's price of Medicina General.
    expect(c.t.app.yappyStandIn!.orderByOrderId(started.orden)?.total).toBe('10.00');
    const [order] = await rows<{ monto_cents: number; estado: string; datos: string }>(c.t, sql`select monto_cents, estado, datos from yappy_orders where id = ${started.orden}`);
    expect(order).toMatchObject({ monto_cents: 1000, estado: 'pendiente' });
    // The request's clinical text waits sealed on the order (decision 0030).
    expect(order!.datos).toMatch(/^e1:/);
    expect(order!.datos).not.toContain('Penicilina');
  });

  it('opens the chat at once when Yappy’s notification confirms it, and shows the payment as Yappy, approved', async () => {
    const p = await newPatientOrder();
    const poll = () => call(c.t, p.jar, 'GET', `${YAPPY_API.orderState}/${p.started.orden}`);
    expect((await poll()).json<{ estado: string }>()).toMatchObject({ estado: 'pendiente', message: messages.yappyStatePending, consulta: null });

    const done = await c.t.app.yappyStandIn!.decide(p.started.transactionId, 'E');
    expect(done?.answer).toBe(200);

    const [consultation] = await consultationsOf(p.started.orden);
    expect(consultation?.permiso_chat).toBe(true);
    const state = (await poll()).json<{ estado: string; consulta: string; numero: number; confirmacion: string; message: string }>();
    expect(state).toMatchObject({ estado: 'pagada', consulta: consultation!.token, message: messages.yappyStatePaid });
    expect(state.confirmacion).toMatch(/^DEMO\d+$/);
    expect(state.numero).toEqual(expect.any(Number));
    // The way back lists the open chat (no administrator did anything).
    const active = (await call(c.t, p.jar, 'GET', '/api/consultations/active')).json<{ consultas: { token: string; estado: string }[] }>();
    expect(JSON.stringify(active)).toContain(consultation!.token);

    const [payment] = await paymentsOf(p.started.orden);
    expect(payment).toMatchObject({ estado: 'aprobado', monto_cents: 1000, metodo_de_pago: 'Yappy', confirmacion_yappy: state.confirmacion });
    const mine = (await call(c.t, p.jar, 'GET', '/api/receipts')).json<{ metodo_de_pago: string; estado: string; confirmacion_yappy: string | null }[]>();
    expect(mine).toContainEqual(expect.objectContaining({ metodo_de_pago: 'Yappy', estado: 'aprobado', confirmacion_yappy: state.confirmacion }));
    const admin = (await call(c.t, c.admin, 'GET', '/api/admin/receipts')).json<{ items: { metodo_de_pago: string; confirmacion_yappy: string | null }[] }>();
    expect(admin.items).toContainEqual(expect.objectContaining({ metodo_de_pago: 'Yappy', confirmacion_yappy: state.confirmacion }));
    expect(await auditRows('yappy.paid')).toContainEqual(expect.objectContaining({ outcome: 'success', detail: expect.stringContaining(p.started.orden) as string }));

    // A replayed notification changes nothing.
    expect((await ipn(c.t, signed(p.started.orden, 'E'))).statusCode).toBe(200);
    expect(await paymentsOf(p.started.orden)).toHaveLength(1);
    expect(await consultationsOf(p.started.orden)).toHaveLength(1);
  });

  it('shows a patient only their own order', async () => {
    const p = await newPatientOrder();
    const other = await patientJar(c.t);
    const res = await call(c.t, other.jar, 'GET', `${YAPPY_API.orderState}/${p.started.orden}`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: messages.yappyOrderNotFound });
    expect((await call(c.t, null, 'GET', `${YAPPY_API.orderState}/${p.started.orden}`)).statusCode).toBe(401);
  });
});

describe('forged notifications', () => {
  it('refuses a wrong hash, another order’s hash, a foreign domain and an unknown order; writes nothing and audits each', async () => {
    const a = await newPatientOrder();
    const b = await newPatientOrder();
    const before = (await auditRows('yappy.notification_refused')).length;

    // An impostor's hash (the stand-in's test-only forged notification).
    const forged = await c.t.app.yappyStandIn!.decide(a.started.transactionId, 'E', { forge: true });
    expect(forged?.answer).toBe(400);
    // Order A's genuine hash presented for order B.
    const aHash = signed(a.started.orden, 'E').hash;
    expect((await ipn(c.t, { ...signed(b.started.orden, 'E'), hash: aHash })).json()).toEqual({ success: false, message: messages.invalidRequest });
    // A valid hash for another domain (a site that is not the clinic's).
    expect((await ipn(c.t, signed(b.started.orden, 'E', 'https://otro-sitio.example'))).statusCode).toBe(400);
    // A well-signed notification of an order the clinic never created.
    expect((await ipn(c.t, signed('ZZZZZZZZZZZZZZZ', 'E'))).statusCode).toBe(400);
    // Nothing signed at all.
    expect((await ipn(c.t, { orderId: b.started.orden, status: 'E', domain: YAPPY_DEMO.domain })).statusCode).toBe(400);

    for (const order of [a.started.orden, b.started.orden]) {
      expect(await paymentsOf(order)).toEqual([]);
      expect(await consultationsOf(order)).toEqual([]);
      expect(await orderState(order)).toBe('pendiente');
    }
    const refused = (await auditRows('yappy.notification_refused')).slice(before);
    expect(refused.map((r) => r.detail.split(';')[0])).toEqual(['hash mismatch', 'hash mismatch', 'domain mismatch', 'unknown order', 'missing parameters']);
    expect(refused.every((r) => r.outcome === 'denied')).toBe(true);
  });

  it('pays the server’s amount whatever amount a notification carries', async () => {
    const p = await newPatientOrder();
    const res = await ipn(c.t, { ...signed(p.started.orden, 'E'), total: '0.01', amount: '0.01', subtotal: '0.01' });
    expect(res.statusCode).toBe(200);
    expect(await paymentsOf(p.started.orden)).toEqual([expect.objectContaining({ monto_cents: 1000, estado: 'aprobado' })]);
  });
});

describe('one order pays once', () => {
  it('counts 20 concurrent notifications of one order once', async () => {
    const p = await newPatientOrder();
    const answers = await Promise.all(Array.from({ length: 20 }, () => ipn(c.t, signed(p.started.orden, 'E'))));
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await paymentsOf(p.started.orden)).toHaveLength(1);
    expect(await consultationsOf(p.started.orden)).toHaveLength(1);
    expect(await orderState(p.started.orden)).toBe('pagada');
  });
});

describe('rejected, cancelled, expired and late', () => {
  it.each([
    ['R', 'rechazada', messages.yappyStateRejected],
    ['C', 'cancelada', messages.yappyStateCancelled],
    ['X', 'expirada', messages.yappyStateExpired],
  ] as const)('%s leaves nothing paid and says so', async (status, estado, message) => {
    const p = await newPatientOrder();
    expect((await ipn(c.t, signed(p.started.orden, status))).statusCode).toBe(200);
    expect(await orderState(p.started.orden)).toBe(estado);
    expect(await paymentsOf(p.started.orden)).toEqual([]);
    expect(await consultationsOf(p.started.orden)).toEqual([]);
    expect((await call(c.t, p.jar, 'GET', `${YAPPY_API.orderState}/${p.started.orden}`)).json()).toMatchObject({ estado, message });
  });

  it('delivers nothing for a payment confirmed after the order lapsed, and owes the money back', async () => {
    const p = await newPatientOrder();
    // The order lives YAPPY_ORDER_MINUTES (10); Yappy's confirmation comes at minute 11.
    c.t.clock.advance(11 * 60_000);
    expect((await ipn(c.t, signed(p.started.orden, 'E'))).statusCode).toBe(200);
    expect(await consultationsOf(p.started.orden)).toEqual([]);
    expect(await orderState(p.started.orden)).toBe('pagada_tarde');
    expect(await paymentsOf(p.started.orden)).toEqual([
      expect.objectContaining({ metodo_de_pago: 'Yappy', reembolso_estado: 'pendiente', reembolso_motivo: 'yappy_pago_tardio', monto_cents: 1000 }),
    ]);
    expect((await call(c.t, p.jar, 'GET', `${YAPPY_API.orderState}/${p.started.orden}`)).json()).toMatchObject({
      estado: 'pagada_tarde',
      message: messages.yappyPaidTooLate,
      consulta: null,
    });
    expect(await auditRows('yappy.paid_late')).toContainEqual(expect.objectContaining({ detail: expect.stringContaining(p.started.orden) as string }));
    // A second late notification records nothing more.
    await ipn(c.t, signed(p.started.orden, 'E'));
    expect(await paymentsOf(p.started.orden)).toHaveLength(1);
  });
});

describe('a confirmation whose delivery fails', () => {
  it('still records the money and owes it back, rather than leaving a charged patient with nothing', async () => {
    const p = await newPatientOrder();
    // The request the order carries cannot be read any more (a damaged row): opening the chat fails.
    await c.t.app.db.update(yappyOrders).set({ datos: 'no es JSON' }).where(eq(yappyOrders.id, p.started.orden));
    expect((await ipn(c.t, signed(p.started.orden, 'E'))).statusCode).toBe(200);
    expect(await consultationsOf(p.started.orden)).toEqual([]);
    expect(await orderState(p.started.orden)).toBe('pagada_tarde');
    expect(await paymentsOf(p.started.orden)).toEqual([
      expect.objectContaining({ metodo_de_pago: 'Yappy', reembolso_estado: 'pendiente', reembolso_motivo: 'yappy_pago_tardio', monto_cents: 1000 }),
    ]);
  });
});

describe('an appointment paid with Yappy’s button', () => {
  it('holds the hour while the patient pays and confirms it at once on Yappy’s notification', async () => {
    const doctor = await doctorAccount(c.t);
    const p = await patientJar(c.t);
    const slot = { id_doctor: doctor.id, fecha: DAYS.monday, hora: '10:00' };
    const withAmount = await call(c.t, p.jar, 'POST', YAPPY_API.appointmentOrder, { ...request(slot), monto: 10 });
    expect(withAmount.statusCode).toBe(400);
    const res = await call(c.t, p.jar, 'POST', YAPPY_API.appointmentOrder, request(slot));
    expect(res.statusCode, res.body).toBe(200);
    const started = res.json<Started>();
    expect(c.t.app.yappyStandIn!.orderByOrderId(started.orden)?.total).toBe('10.00');
    // Held: nobody else is offered 10:00 while the patient confirms in Yappy.
    expect(await hours(c.t, p.jar, doctor.id, DAYS.monday)).not.toContain('10:00');

    expect((await c.t.app.yappyStandIn!.decide(started.transactionId, 'E'))?.answer).toBe(200);
    const [appointment] = await rows<{ estado: string; numero: number }>(
      c.t,
      sql`select a.estado, a.numero from appointments a join payments p on p.id = a.payment_id where p.yappy_order_id = ${started.orden}`,
    );
    expect(appointment?.estado).toBe('confirmada');
    expect((await call(c.t, p.jar, 'GET', `${YAPPY_API.orderState}/${started.orden}`)).json()).toMatchObject({ estado: 'pagada', numero: appointment!.numero });
  });

  it('releases the held hour when the patient cancels in Yappy', async () => {
    const doctor = await doctorAccount(c.t);
    const p = await patientJar(c.t);
    const slot = { id_doctor: doctor.id, fecha: DAYS.monday, hora: '11:00' };
    const started = (await call(c.t, p.jar, 'POST', YAPPY_API.appointmentOrder, request(slot))).json<Started>();
    expect(await hours(c.t, p.jar, doctor.id, DAYS.monday)).not.toContain('11:00');
    expect((await c.t.app.yappyStandIn!.decide(started.transactionId, 'C'))?.answer).toBe(200);
    expect(await hours(c.t, p.jar, doctor.id, DAYS.monday)).toContain('11:00');
    expect(await paymentsOf(started.orden)).toEqual([]);
    // The closing is in the audit trail with the order and its new state.
    expect(await auditRows('yappy.order_closed')).toContainEqual(expect.objectContaining({ detail: expect.stringContaining(`${started.orden}; cita; cancelada`) as string }));
  });
});

describe('the stand-in (the demo of npm start)', () => {
  it('says Yappy is in demo mode and serves <btn-yappy> with Yappy’s events', async () => {
    const p = await patientJar(c.t);
    const config = (await call(c.t, p.jar, 'GET', '/api/payments/config')).json<{ yappy_boton: { cdn_url: string; demo: boolean } }>();
    expect(config.yappy_boton).toEqual({ cdn_url: '/yappy-sandbox/v1/cdn/web-component-btn-yappy.js', demo: true });
    const script = await call(c.t, null, 'GET', config.yappy_boton.cdn_url);
    expect(script.headers['content-type']).toContain('javascript');
    for (const name of ["'btn-yappy'", 'eventClick', 'eventSuccess', 'eventError', 'isYappyOnline', 'eventPayment', 'isButtonLoading']) {
      expect(script.body).toContain(name);
    }
  });

  it('refuses a decision without the order’s token (only the component that got it decides)', async () => {
    const p = await newPatientOrder();
    const res = await call(c.t, null, 'POST', `/yappy-sandbox/demo/orders/${p.started.transactionId}/decide?token=otro`, { status: 'E' });
    expect(res.statusCode).toBe(404);
    const ok = await call(c.t, null, 'POST', `/yappy-sandbox/demo/orders/${p.started.transactionId}/decide?token=${p.started.token}`, { status: 'E' });
    expect(ok.json()).toMatchObject({ status: 'E', notified: true });
    expect(await consultationsOf(p.started.orden)).toHaveLength(1);
  });
});
