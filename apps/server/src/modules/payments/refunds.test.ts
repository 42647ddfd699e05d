import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type ReceiptRow } from '@clinica/shared';
import { PNG_1X1, multipart, type CookieJar } from '../../../test/harness.js';
import {
  DAYS,
  adminJar,
  bookByReceipt,
  call,
  doctorAccount,
  mailsTo,
  openAppointmentsClinic,
  patientJar,
  paypalCapture,
  paypalOrder,
  rowsOf,
  type AppointmentsClinic,
} from '../appointments/appointments.test-support.js';
import { PDF_BYTES, approvedOrder, captureBody, consent, openClinic, sendReceipt, staffJar, type Clinic } from '../consultations/consultations.test-support.js';
import { paypalClient, PaypalApiError } from './paypal-client.js';

// Refunds (issue 20 item 6, docs/decisions/0035-refunds.md): what makes a payment owed back, the
// PayPal refund of its capture through the stand-in, the one refund per payment under concurrent
// clicks, and transfer/Yappy refunds recorded by an administrator.

let c: AppointmentsClinic;
beforeAll(async () => {
  c = await openAppointmentsClinic();
});
afterAll(async () => {
  await c?.close();
});

type Receipt = ReceiptRow & { reembolso: ReceiptRow['reembolso'] };

async function receiptOf(jar: CookieJar, paymentId: string) {
  const rows = (await call(c.t, jar, 'GET', '/api/receipts')).json<Receipt[]>();
  const row = rows.find((r) => r.id === paymentId);
  if (!row) throw new Error(`receipt ${paymentId} not listed`);
  return row;
}

async function paymentOfAppointment(token: string) {
  return rowsOf<{ payment_id: string }>(await c.t.app.db.execute(sql`select payment_id from appointments where token = ${token}`))[0]!.payment_id;
}

/** A patient's appointment paid by PayPal (captured through the stand-in), more than 24 hours ahead. */
async function paypalAppointment(hora: string, servicio = 'consulta_general') {
  const doctor = await doctorAccount(c.t, servicio);
  const patient = await patientJar(c.t);
  const slot = { id_doctor: doctor.id, fecha: DAYS.wednesday, hora, servicio };
  const orderID = (await paypalOrder(c.t, patient.jar, slot)).json<{ id: string }>().id;
  await c.paypal.approve(orderID);
  const captured = await paypalCapture(c.t, patient.jar, slot, orderID);
  expect(captured.statusCode, captured.body).toBe(200);
  const token = captured.json<{ token: string }>().token;
  const captureId = c.paypal.state.orders.get(orderID)!.capture!.id;
  return { patient, token, paymentId: await paymentOfAppointment(token), captureId };
}

const refundsOf = async (paymentId: string) =>
  rowsOf<{ estado: string; monto_cents: number; referencia: string | null }>(
    await c.t.app.db.execute(sql`select estado, monto_cents, referencia from refunds where payment_id = ${paymentId}`),
  );

function recordRefund(jar: CookieJar, fields: Record<string, string>, archivo?: { bytes: Buffer; filename: string }) {
  const body = multipart(fields, archivo ? [{ field: 'archivo', ...archivo }] : []);
  return c.t.app.inject({ method: 'POST', url: '/api/admin/receipts/refund', headers: { ...body.headers, cookie: jar.header }, payload: body.payload });
}

describe('a PayPal appointment cancelled in time', () => {
  it('becomes refund due, is refunded through PayPal once, and the patient sees the date and reference', async () => {
    const { patient, token, paymentId, captureId } = await paypalAppointment('09:00');
    expect((await receiptOf(patient.jar, paymentId)).reembolso).toBeNull();

    const cancel = await call(c.t, patient.jar, 'POST', `/api/appointments/${token}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const due = await receiptOf(patient.jar, paymentId);
    expect(due).toMatchObject({ estado: 'aprobado', reembolso: { estado: 'pendiente', motivo: 'cita_cancelada_paciente', fecha: null, referencia: null } });
    expect((await mailsTo(c.t, patient.correo)).map((m) => m.kind)).toContain('appointmentCancelled');

    const admin = await adminJar(c.t);
    const before = c.paypal.state.refunds.length;
    const res = await call(c.t, admin, 'POST', '/api/admin/receipts/refund-paypal', { id: paymentId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: messages.refundPaypalDone });

    // PayPal refunded the whole capture, once; the capture is REFUNDED.
    const performed = c.paypal.state.refunds.slice(before);
    expect(performed).toHaveLength(1);
    expect(performed[0]).toMatchObject({ capture_id: captureId, status: 'COMPLETED', amount: { currency_code: 'USD', value: '10.00' } });
    expect(c.paypal.state.refundedCents(captureId)).toBe(1000);

    const done = await receiptOf(patient.jar, paymentId);
    expect(done.reembolso).toMatchObject({ estado: 'reembolsado', referencia: performed[0]!.id, fecha: expect.any(String) });
    expect((await mailsTo(c.t, patient.correo)).map((m) => m.kind)).toContain('refunded');
    expect(await refundsOf(paymentId)).toEqual([{ estado: 'completado', monto_cents: 1000, referencia: performed[0]!.id }]);

    // A second refund is refused by the server before PayPal is asked.
    const again = await call(c.t, admin, 'POST', '/api/admin/receipts/refund-paypal', { id: paymentId });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(messages.refundAlreadyDone);
    expect(c.paypal.state.refunds.length).toBe(before + 1);

    // The administrator's history shows the refund; the audit trail has it.
    const detail = (await call(c.t, admin, 'GET', `/api/admin/receipts/${done.token}`)).json<{ historial: { evento: string }[] }>();
    expect(detail.historial.map((h) => h.evento)).toEqual(expect.arrayContaining(['reembolso_debido', 'reembolsado']));
    const audited = rowsOf<{ n: number }>(
      await c.t.app.db.execute(sql`select count(*)::int as n from audit_log where action = 'receipt.refund' and resource_id = ${paymentId}`),
    )[0]!.n;
    expect(audited).toBeGreaterThanOrEqual(1);
  });

  it('exactly one refund under 20 concurrent requests, never more than the capture', async () => {
    const { patient, token, paymentId, captureId } = await paypalAppointment('10:00', 'psicologia');
    await call(c.t, patient.jar, 'POST', `/api/appointments/${token}/cancel`);
    const admins = await Promise.all([adminJar(c.t), adminJar(c.t)]);
    const before = c.paypal.state.refunds.length;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => call(c.t, admins[i % 2]!, 'POST', '/api/admin/receipts/refund-paypal', { id: paymentId })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(19);
    for (const a of answers.filter((x) => x.statusCode === 409)) {
      expect([messages.refundInProgress, messages.refundAlreadyDone]).toContain(a.json().message);
    }
    expect(c.paypal.state.refunds.length).toBe(before + 1);
    expect(c.paypal.state.refundedCents(captureId)).toBe(4000);
    expect(await refundsOf(paymentId)).toEqual([expect.objectContaining({ estado: 'completado', monto_cents: 4000 })]);
  });

  it('refuses a refund nobody owes, and a PayPal refund of a transfer', async () => {
    const { paymentId } = await paypalAppointment('11:00');
    const admin = await adminJar(c.t);
    const notDue = await call(c.t, admin, 'POST', '/api/admin/receipts/refund-paypal', { id: paymentId });
    expect(notDue.statusCode).toBe(409);
    expect(notDue.json().message).toBe(messages.refundNotDue);
    expect(await refundsOf(paymentId)).toEqual([]);

    const doctor = await doctorAccount(c.t);
    const patient = await patientJar(c.t);
    const booked = await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.wednesday, hora: '12:00' });
    const transfer = await paymentOfAppointment(booked.json<{ token: string }>().token);
    const wrong = await call(c.t, admin, 'POST', '/api/admin/receipts/refund-paypal', { id: transfer });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.refundWrongMethod);
    // A patient may not refund anything.
    expect((await call(c.t, patient.jar, 'POST', '/api/admin/receipts/refund-paypal', { id: paymentId })).statusCode).toBe(401);
  });

  it('a refund PayPal refuses (capture already refunded elsewhere) records nothing and can be retried', async () => {
    const { patient, token, paymentId, captureId } = await paypalAppointment('13:00');
    await call(c.t, patient.jar, 'POST', `/api/appointments/${token}/cancel`);
    // Someone refunded it in PayPal's own dashboard: PayPal answers CAPTURE_FULLY_REFUNDED.
    c.paypal.state.refunds.push({ id: 'DASHBOARD', capture_id: captureId, status: 'COMPLETED', amount: { currency_code: 'USD', value: '10.00' }, create_time: '' });
    const admin = await adminJar(c.t);
    const res = await call(c.t, admin, 'POST', '/api/admin/receipts/refund-paypal', { id: paymentId });
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toBe(messages.refundPaypalFailed);
    expect(await refundsOf(paymentId)).toEqual([]);
    expect((await receiptOf(patient.jar, paymentId)).reembolso?.estado).toBe('pendiente');
    expect(c.paypal.state.refundedCents(captureId)).toBe(1000);
  });
});

describe('the PayPal stand-in refunds as PayPal does', () => {
  it('refuses more than what remains of the capture; a repeated request id refunds nothing', async () => {
    const { captureId } = await paypalAppointment('14:00', 'psicologia');
    const client = paypalClient({ apiBase: c.paypal.url, clientId: 'test-client-id', clientSecret: 'test-client-secret' });
    const before = c.paypal.state.refunds.length;
    await expect(client.refundCapture(captureId, { amountCents: 4001, requestId: 'r1', invoiceId: 'x' })).rejects.toMatchObject({
      status: 422,
      issue: 'REFUND_AMOUNT_EXCEEDED',
    });
    const part = await client.refundCapture(captureId, { amountCents: 1500, requestId: 'r2', invoiceId: 'x' });
    expect(part).toMatchObject({ status: 'COMPLETED', amount: { currency_code: 'USD', value: '15.00' } });
    // The same request id again: PayPal's first answer, no second refund.
    expect(await client.refundCapture(captureId, { amountCents: 1500, requestId: 'r2', invoiceId: 'x' })).toEqual(part);
    expect(c.paypal.state.refunds.length).toBe(before + 1);
    await expect(client.refundCapture(captureId, { amountCents: 2600, requestId: 'r3', invoiceId: 'x' })).rejects.toBeInstanceOf(PaypalApiError);
    await client.refundCapture(captureId, { amountCents: 2500, requestId: 'r4', invoiceId: 'x' });
    await expect(client.refundCapture(captureId, { amountCents: 100, requestId: 'r5', invoiceId: 'x' })).rejects.toMatchObject({
      issue: 'CAPTURE_FULLY_REFUNDED',
    });
    expect(c.paypal.state.refundedCents(captureId)).toBe(4000);
    await expect(client.refundCapture('NOSUCHCAPTURE', { amountCents: 100, requestId: 'r6', invoiceId: 'x' })).rejects.toMatchObject({ status: 404 });
  });

  it('the database refuses a refund above its payment whatever writes it', async () => {
    const { paymentId } = await paypalAppointment('15:00');
    const staffId = rowsOf<{ id: string }>(await c.t.app.db.execute(sql`select id from staff where role = 'admin' limit 1`))[0]!.id;
    await expect(
      c.t.app.db.execute(
        sql`insert into refunds (payment_id, estado, metodo, monto_cents, staff_id) values (${paymentId}, 'en_proceso', 'Paypal o Tarjeta', 1001, ${staffId})`,
      ),
    ).rejects.toThrow();
  });
});

describe('a transfer or Yappy appointment cancelled by the clinic', () => {
  it('no longer waits "under review": it is owed back, cannot be approved, and the refund is recorded with a proof', async () => {
    const doctor = await doctorAccount(c.t);
    const patient = await patientJar(c.t);
    const booked = await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.thursday, hora: '09:00' }, { metodo_de_pago: 'Yappy' });
    expect(booked.statusCode, booked.body).toBe(200);
    const token = booked.json<{ token: string }>().token;
    const paymentId = await paymentOfAppointment(token);
    const admin = await adminJar(c.t);
    const cancel = await call(c.t, admin, 'POST', `/api/admin/appointments/${token}/cancel`, { motivo: 'El médico no atenderá ese día' });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const due = await receiptOf(patient.jar, paymentId);
    expect(due.reembolso).toMatchObject({ estado: 'pendiente', motivo: 'cita_cancelada_clinica' });
    // The appointment's own view of its payment says so too (not 'En revisión').
    expect((await call(c.t, admin, 'GET', `/api/admin/appointments/${token}`)).json()).toMatchObject({ pago: { estado: 'pendiente', reembolso: 'pendiente' } });
    const detail = (await call(c.t, admin, 'GET', `/api/admin/receipts/${due.token}`)).json<{ aprobable: boolean }>();
    expect(detail.aprobable).toBe(false);
    expect((await call(c.t, admin, 'POST', '/api/admin/receipts/approve', { id: paymentId })).statusCode).toBe(409);

    // Bad input writes nothing: no reference, a proof that is not an image or a PDF.
    const noRef = await recordRefund(admin, { id: paymentId, referencia: '  ' });
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().message).toBe(messages.refundReferenceRequired);
    const badFile = await recordRefund(admin, { id: paymentId, referencia: 'YP-123' }, { bytes: Buffer.from('<script>alert(1)</script>'), filename: 'x.png' });
    expect(badFile.statusCode).toBe(400);
    expect(await refundsOf(paymentId)).toEqual([]);
    // PayPal's route is not for a Yappy payment.
    expect((await call(c.t, admin, 'POST', '/api/admin/receipts/refund-paypal', { id: paymentId })).statusCode).toBe(400);

    const ok = await recordRefund(admin, { id: paymentId, referencia: 'YP-123' }, { bytes: PNG_1X1, filename: 'devolucion.png' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: messages.refundRecorded });
    const done = await receiptOf(patient.jar, paymentId);
    expect(done.reembolso).toMatchObject({ estado: 'reembolsado', referencia: 'YP-123', fecha: expect.any(String) });
    const adminDetail = (await call(c.t, admin, 'GET', `/api/admin/receipts/${due.token}`)).json<{ Link_Reembolso: string }>();
    const proof = await call(c.t, admin, 'GET', adminDetail.Link_Reembolso);
    expect(proof.statusCode).toBe(200);
    expect(proof.rawPayload.equals(PNG_1X1)).toBe(true);
    expect((await mailsTo(c.t, patient.correo)).map((m) => m.kind)).toEqual(expect.arrayContaining(['appointmentCancelled', 'refunded']));

    const twice = await recordRefund(admin, { id: paymentId, referencia: 'YP-124' }, { bytes: PDF_BYTES, filename: 'otra.pdf' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(messages.refundAlreadyDone);
    expect(await refundsOf(paymentId)).toHaveLength(1);
    // The receipt was not approved behind the refund's back, nor can it be rejected now.
    expect((await call(c.t, admin, 'POST', '/api/admin/receipts/reject', { id: paymentId, motivo: 'x' })).statusCode).toBe(409);
  });

  it('a receipt owed back may still be rejected (the money never arrived): nothing is owed any more', async () => {
    const doctor = await doctorAccount(c.t);
    const patient = await patientJar(c.t);
    const booked = await bookByReceipt(c.t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.thursday, hora: '10:00' });
    const token = booked.json<{ token: string }>().token;
    const paymentId = await paymentOfAppointment(token);
    expect((await call(c.t, patient.jar, 'POST', `/api/appointments/${token}/cancel`)).statusCode).toBe(200);
    expect((await receiptOf(patient.jar, paymentId)).reembolso?.estado).toBe('pendiente');
    const admin = await adminJar(c.t);
    const reject = await call(c.t, admin, 'POST', '/api/admin/receipts/reject', { id: paymentId, motivo: 'No llegó la transferencia' });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await receiptOf(patient.jar, paymentId)).toMatchObject({ estado: 'rechazado', reembolso: null });
    expect((await recordRefund(admin, { id: paymentId, referencia: 'T-1' })).json().message).toBe(messages.refundNotDue);
  });
});

describe('a consultation rejected or referred before its chat', () => {
  let k: Clinic;
  beforeAll(async () => {
    k = await openClinic({ MAIL_WORKER: '0' });
  });
  afterAll(async () => k?.close());

  const classify = (jar: CookieJar, consulta_id: string, correo: string, tipo_consulta: string) =>
    k.t.app.inject({
      method: 'POST',
      url: '/api/admin/consultations/update',
      headers: { cookie: jar.header },
      payload: { consulta_id, correo, tipo_consulta, estado_consulta: '1' },
    });
  const consultationOf = async (correo: string) =>
    rowsOf<{ id: string; payment_id: string }>(
      await k.t.app.db.execute(
        sql`select c.id, c.payment_id from consultations c join patients p on p.id = c.patient_id where p.correo = ${correo} limit 1`,
      ),
    )[0]!;
  const refundState = async (paymentId: string) =>
    rowsOf<{ reembolso_estado: string | null; reembolso_motivo: string | null }>(
      await k.t.app.db.execute(sql`select reembolso_estado, reembolso_motivo from payments where id = ${paymentId}`),
    )[0]!;
  const kinds = async (correo: string) =>
    rowsOf<{ kind: string }>(await k.t.app.db.execute(sql`select kind from mail_jobs where recipient = ${correo}`)).map((r) => r.kind);

  it('type C (PayPal): owed back, the patient is e-mailed and told what happens to the money; then refunded', async () => {
    const p = await patientJar(k.t);
    await consent(k.t, p.jar);
    const orderID = await approvedOrder(k, p.jar);
    const paid = await k.t.app.inject({ method: 'POST', url: '/api/consultations/paypal/capture', headers: { cookie: p.jar.header }, payload: captureBody(k, orderID) });
    expect(paid.statusCode, paid.body).toBe(200);
    const consulta = await consultationOf(p.correo);
    const admin = await staffJar(k.t, 'admin');
    const res = await classify(admin, consulta.id, p.correo, 'tipo_c');
    expect(res.statusCode, res.body).toBe(200);
    expect(await refundState(consulta.payment_id)).toEqual({ reembolso_estado: 'pendiente', reembolso_motivo: 'consulta_tipo_c' });
    expect(await kinds(p.correo)).toContain('refundDue');
    const waiting = (await k.t.app.inject({ method: 'GET', url: '/api/consultations/authorisation', headers: { cookie: p.jar.header } })).json();
    expect(waiting.message).toBe(messages.waitingTipoC);
    expect(messages.waitingTipoC).toContain('se le devolverá');

    const refunded = await k.t.app.inject({ method: 'POST', url: '/api/admin/receipts/refund-paypal', headers: { cookie: admin.header }, payload: { id: consulta.payment_id } });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await refundState(consulta.payment_id)).reembolso_estado).toBe('reembolsado');
    // Money returned: the consultation cannot be authorised on it any more.
    const authorise = await classify(admin, consulta.id, p.correo, 'tipo_a');
    expect(authorise.statusCode).toBe(409);
    // A referral is final (decision 0031): the state machine refuses it before the refund is looked at.
    expect(authorise.json().message).toBe(messages.transitionReferred);
  });

  it("'Quitar Permiso' of a transfer makes it owed back; authorising after all withdraws the refund", async () => {
    const p = await patientJar(k.t);
    await consent(k.t, p.jar);
    expect((await sendReceipt(k, p.jar, { bytes: PNG_1X1, filename: 'recibo.png' })).statusCode).toBe(200);
    const consulta = await consultationOf(p.correo);
    const admin = await staffJar(k.t, 'admin');
    expect((await classify(admin, consulta.id, p.correo, 'quitar_permiso')).statusCode).toBe(200);
    expect(await refundState(consulta.payment_id)).toEqual({ reembolso_estado: 'pendiente', reembolso_motivo: 'consulta_sin_permiso' });
    const authorise = await classify(admin, consulta.id, p.correo, 'tipo_b');
    expect(authorise.statusCode, authorise.body).toBe(200);
    expect(await refundState(consulta.payment_id)).toEqual({ reembolso_estado: null, reembolso_motivo: null });
    const pay = rowsOf<{ estado: string }>(await k.t.app.db.execute(sql`select estado from payments where id = ${consulta.payment_id}`))[0]!;
    expect(pay.estado).toBe('aprobado');
  });
});
