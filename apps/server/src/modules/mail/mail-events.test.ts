import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { multipart, PNG_1X1, type CookieJar } from '../../../test/harness.js';
import { completeDoctorProfile } from '../doctor-profile/test-support.js';
import { drawnSignature } from '../../../test/signature-fixture.js';
import { SmtpSink, linkIn, type ReceivedMail } from '../../../test/smtp-sink.js';
import {
  approvedOrder,
  call,
  captureBody,
  consent,
  openClinic,
  patientJar,
  sendReceipt,
  type Clinic,
} from '../consultations/consultations.test-support.js';
import { DAYS, bookByReceipt, doctorAccount } from '../appointments/appointments.test-support.js';
import { consultation, patient, staffMember } from '../records/records.test-support.js';

// The events other modules raise, wired to app.notify: each message arrives once, to the right
// person, with the right subject and link, and the request that caused it succeeds.
const ORIGIN = 'https://clinica.example';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let sink: SmtpSink;
let c: Clinic;
beforeAll(async () => {
  sink = await new SmtpSink().start();
  c = await openClinic({ SMTP_URL: sink.url, PUBLIC_ORIGIN: ORIGIN, MAIL_POLL_MS: '100' });
});
afterAll(async () => {
  await c.close();
  await sink.stop();
});

/** Messages with that subject to `to`, once the worker had time to send any duplicate. */
async function settled(to: string, subject: string) {
  await c.t.app.mail.drain();
  await sleep(200);
  return sink.to(to).filter((m) => m.parsed.subject === subject);
}

async function waitMail(to: string, match: (m: ReceivedMail) => boolean) {
  const end = Date.now() + 10_000;
  while (!sink.to(to).some(match)) {
    if (Date.now() > end) throw new Error(`no llegó el correo esperado para ${to}`);
    await sleep(20);
  }
  return sink.to(to).find(match)!;
}

async function waitSubject(to: string, subject: string) {
  const end = Date.now() + 10_000;
  while (!sink.to(to).some((m) => m.parsed.subject === subject)) {
    if (Date.now() > end) throw new Error(`no llegó «${subject}» para ${to}`);
    await sleep(20);
  }
  return sink.to(to).find((m) => m.parsed.subject === subject)!;
}

async function adminEmails(jar: CookieJar) {
  const res = await c.t.app.inject({ method: 'GET', url: '/api/admin/session', headers: { cookie: jar.header } });
  expect(res.json()).toMatchObject({ loggedInAdmin: true });
  // The clinic's administrators are every staff row of role admin; the test support makes them.
  const rows = await c.t.app.db.query.staff.findMany({ where: (s, { eq }) => eq(s.role, 'admin') });
  return rows.map((r) => r.correo);
}

describe('virtual consultations', () => {
  it('a PayPal consultation tells the patient the chat is authorised, with the link to /ConsultaChat', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const order = await approvedOrder(c, p.jar);
    const res = await call(c.t, p.jar, 'POST', '/api/consultations/paypal/capture', captureBody(c, order));
    expect(res.statusCode, res.body).toBe(200);
    const mail = await waitSubject(p.correo, 'Su consulta virtual fue autorizada');
    expect(linkIn(mail, ORIGIN)).toBe(`${ORIGIN}/ConsultaChat`);
    expect(mail.parsed.text).not.toContain('Dolor de cabeza');
    expect(await settled(p.correo, 'Su consulta virtual fue autorizada')).toHaveLength(1);
  });

  it('a transfer receipt tells the patient it was received and every administrator that it waits for review', async () => {
    const admins = await adminEmails(c.admin);
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const res = await sendReceipt(c, p.jar, { bytes: PNG_1X1, filename: 'comprobante.png' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: messages.receiptSent });

    const received = await waitSubject(p.correo, 'Recibimos su solicitud de consulta virtual');
    expect(linkIn(received, ORIGIN)).toBe(`${ORIGIN}/Consultas`);
    expect(admins.length).toBeGreaterThan(0);
    for (const a of admins) {
      const mail = await waitSubject(a, 'Nuevo comprobante de pago por revisar (Transferencia)');
      expect(linkIn(mail, ORIGIN)).toBe(`${ORIGIN}/Consultas_Admin`);
    }
  });

  it('classifying tipo_a authorises once; tipo_c tells the patient to look in their area', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const token = (await sendReceipt(c, p.jar, { bytes: PNG_1X1, filename: 'comprobante.png' })).json<{
      token: string;
    }>().token;
    const id = (await call(c.t, c.admin, 'GET', `/api/admin/consultations/${token}`)).json<{ id: string }>().id;
    const classify = (tipo_consulta: string) =>
      call(c.t, c.admin, 'POST', '/api/admin/consultations/update', {
        consulta_id: id,
        correo: p.correo,
        tipo_consulta,
        estado_consulta: 1,
      });

    expect((await classify('tipo_a')).statusCode).toBe(200);
    const mail = await waitSubject(p.correo, 'Su consulta virtual fue autorizada');
    expect(linkIn(mail, ORIGIN)).toBe(`${ORIGIN}/ConsultaChat`);
    // Classifying it again (the chat stays allowed) sends nothing new.
    expect((await classify('tipo_b')).statusCode).toBe(200);
    expect(await settled(p.correo, 'Su consulta virtual fue autorizada')).toHaveLength(1);

    const q = await patientJar(c.t);
    await consent(c.t, q.jar);
    const token2 = (await sendReceipt(c, q.jar, { bytes: PNG_1X1, filename: 'comprobante.png' })).json<{
      token: string;
    }>().token;
    const id2 = (await call(c.t, c.admin, 'GET', `/api/admin/consultations/${token2}`)).json<{ id: string }>().id;
    const res = await call(c.t, c.admin, 'POST', '/api/admin/consultations/update', {
      consulta_id: id2,
      correo: q.correo,
      tipo_consulta: 'tipo_c',
      estado_consulta: 1,
    });
    expect(res.statusCode).toBe(200);
    const referred = await waitSubject(q.correo, 'Hay novedades sobre su consulta virtual');
    // The classification is clinical: only the patient area says it (issue 18).
    expect(referred.parsed.text).toContain('Encontrará la respuesta en su área de paciente.');
    expect(referred.parsed.text).not.toContain('hospital');
    expect(await settled(q.correo, 'Su consulta virtual fue autorizada')).toHaveLength(0);
  });
});

describe('payments', () => {
  it('a rejected receipt tells the patient, pointing to the reason in their receipts', async () => {
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const token = (await sendReceipt(c, p.jar, { bytes: PNG_1X1, filename: 'comprobante.png' })).json<{
      token: string;
    }>().token;
    const detail = (await call(c.t, c.admin, 'GET', `/api/admin/consultations/${token}`)).json<{
      pago: { token: string };
    }>();
    const paymentId = (await call(c.t, c.admin, 'GET', `/api/admin/receipts/${detail.pago.token}`)).json<{
      id: string;
    }>().id;
    const reject = await call(c.t, c.admin, 'POST', '/api/admin/receipts/reject', {
      id: paymentId,
      motivo: 'El monto transferido no llegó.',
    });
    expect(reject.json()).toEqual({ success: true, message: messages.receiptRejected });
    const mail = await waitSubject(p.correo, 'Su pago no fue aprobado');
    expect(mail.parsed.text).toContain('El motivo está en su área de paciente.');
    expect(mail.parsed.text).not.toContain('El monto transferido no llegó.');
    expect(linkIn(mail, ORIGIN)).toBe(`${ORIGIN}/Recibo_pagos`);
    expect(await settled(p.correo, 'Su pago no fue aprobado')).toHaveLength(1);
  });
});

describe('the extra chat hour paid by transfer', () => {
  it('tells the patient the receipt was received, the administrators to review it, and the patient once when approved', async () => {
    const admins = await adminEmails(c.admin);
    const p = await patientJar(c.t);
    await consent(c.t, p.jar);
    const order = await approvedOrder(c, p.jar);
    const captured = await call(c.t, p.jar, 'POST', '/api/consultations/paypal/capture', captureBody(c, order));
    expect(captured.statusCode).toBe(200);
    // The chat's hour starts when the patient joins the chat.
    const socket = await c.t.app.injectWS(
      `/api/chat/ws?consulta=${captured.json<{ token: string }>().token}&rol=patient`,
      {
        headers: { cookie: p.jar.header },
      },
    );
    socket.terminate();
    const body = multipart({ metodo_de_pago: 'Transferencia', monto: '10' }, [
      { field: 'comprobante_tranferencia', filename: 'recibo.png', bytes: PNG_1X1 },
    ]);
    const sent = await c.t.app.inject({
      method: 'POST',
      url: '/api/chat/extra-hour/receipt',
      headers: { ...body.headers, cookie: p.jar.header },
      payload: body.payload,
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const received = await waitSubject(p.correo, 'Recibimos su comprobante de pago');
    expect(linkIn(received, ORIGIN)).toBe(`${ORIGIN}/Recibo_pagos`);
    for (const a of admins) {
      await waitMail(
        a,
        (m) =>
          m.parsed.subject === 'Nuevo comprobante de pago por revisar (Transferencia)' &&
          linkIn(m, ORIGIN) === `${ORIGIN}/Recibo_Admin`,
      );
    }

    const receipts = (await call(c.t, c.admin, 'GET', '/api/admin/receipts?limit=100')).json<{
      items: { id: string; proposito: string; estado: string }[];
    }>().items;
    const pending = receipts.filter((r) => r.proposito === 'hora_extra' && r.estado === 'pendiente');
    expect(pending).toHaveLength(1);
    expect((await call(c.t, c.admin, 'POST', '/api/admin/receipts/approve', { id: pending[0]!.id })).statusCode).toBe(
      200,
    );
    await call(c.t, c.admin, 'POST', '/api/admin/receipts/approve', { id: pending[0]!.id });
    const approved = await waitSubject(p.correo, 'Su pago fue aprobado');
    expect(linkIn(approved, ORIGIN)).toBe(`${ORIGIN}/Recibo_pagos`);
    expect(await settled(p.correo, 'Su pago fue aprobado')).toHaveLength(1);
  });
});

describe('in-person appointments', () => {
  it('request, doctor and administrators told; approval confirms with an .ics (reminders: modules/reminders); cancellation with one that removes it', async () => {
    const admins = await adminEmails(c.admin);
    const doctor = await doctorAccount(c.t);
    const p = await patientJar(c.t);
    const booked = await bookByReceipt(c.t, p.jar, { id_doctor: doctor.id, fecha: DAYS.wednesday, hora: '10:00' });
    expect(booked.statusCode, booked.body).toBe(200);
    const token = booked.json<{ token: string }>().token;

    const requested = await waitSubject(p.correo, 'Recibimos su solicitud de cita');
    expect(linkIn(requested, ORIGIN)).toBe(`${ORIGIN}/Citas_usuario`);
    expect(requested.parsed.text).not.toContain('presión arterial');
    const forDoctor = await waitSubject(doctor.correo, 'Nueva cita asignada');
    expect(linkIn(forDoctor, ORIGIN)).toBe(`${ORIGIN}/Citas_Admin_Doctor`);
    for (const a of admins) {
      await waitMail(
        a,
        (m) =>
          m.parsed.subject === 'Nuevo comprobante de pago por revisar (Transferencia)' &&
          linkIn(m, ORIGIN) === `${ORIGIN}/Citas_Admin`,
      );
    }

    const receipts = (await call(c.t, c.admin, 'GET', '/api/admin/receipts?limit=100')).json<{
      items: { id: string; proposito: string; estado: string }[];
    }>().items;
    const pending = receipts.filter((r) => r.proposito === 'cita' && r.estado === 'pendiente');
    expect(pending).toHaveLength(1);
    expect((await call(c.t, c.admin, 'POST', '/api/admin/receipts/approve', { id: pending[0]!.id })).statusCode).toBe(
      200,
    );
    const confirmed = await waitSubject(p.correo, 'Su cita fue confirmada');
    const ics = confirmed.parsed.attachments.find((x) => x.mimeType === 'text/calendar');
    expect(Buffer.from(ics!.content as ArrayBuffer).toString('utf8')).toContain('METHOD:PUBLISH');

    const cancel = await call(c.t, c.admin, 'POST', `/api/admin/appointments/${token}/cancel`, {
      motivo: 'El doctor no estará disponible',
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const cancelled = await waitSubject(p.correo, 'Su cita fue cancelada');
    // The staff's reason stays in the patient area (issue 18): the message points there.
    expect(cancelled.parsed.text).toContain('El motivo está en su área de paciente.');
    expect(cancelled.parsed.text).not.toContain('El doctor no estará disponible');
    const cancelIcs = cancelled.parsed.attachments.find((x) => x.mimeType === 'text/calendar');
    expect(Buffer.from(cancelIcs!.content as ArrayBuffer).toString('utf8')).toContain('METHOD:CANCEL');
  });
});

describe('medical documents', () => {
  it('a document made out to one of the doctor’s patients tells them to look in their area', async () => {
    // Documents are bound to an account the doctor treats (issue 18): a consultation first.
    const p = await patient(c.t);
    const member = await staffMember(c.t, 'doctor');
    await consultation(c.t, p, member.id);
    const doctor = member.jar;
    const body = multipart({ regNumber: '4521' }, [{ field: 'firma', filename: 'firma.png', bytes: drawnSignature(), type: 'image/png' }]);
    const profile = await c.t.app.inject({
      method: 'PUT',
      url: '/api/doctor/documents/profile',
      payload: body.payload,
      headers: { ...body.headers, cookie: doctor.header },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    await completeDoctorProfile(c.t, doctor);
    const res = await c.t.app.inject({
      method: 'POST',
      url: '/api/doctor/documents/recetario',
      headers: { cookie: doctor.header },
      payload: {
        pacienteId: p.id,
        correoPaciente: p.correo,
        patientName: 'Lucía Peña',
        country_code: '+507',
        Celular: '6555-1212',
        CIP: '8-777-3333',
        Edad: '29',
        Sexo: 'Mujer',
        Alergias: 'Ninguna',
        date: '2026-11-21',
        Medicamentos: [{ medicamento: 'Paracetamol', presentacion: 'Tabletas de 500 mg', dosis: '1 tableta', via: 'Oral', frecuencia: 'Cada 8 horas', duracion: '3 días', cantidad: '9 tabletas' }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await waitSubject(p.correo, 'Tiene un documento nuevo');
    expect(linkIn(mail, ORIGIN)).toBe(`${ORIGIN}/Documentos_usuario`);
    // No medical detail in the message.
    expect(mail.parsed.text).not.toContain('Paracetamol');
    expect(mail.parsed.attachments.filter((a) => a.mimeType === 'application/pdf')).toHaveLength(0);
  });
});
