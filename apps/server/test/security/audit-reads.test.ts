import { eq, sql } from 'drizzle-orm';
import { patients } from '../../src/db/schema.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, PNG_1X1, type TestApp } from '../harness.js';
import { completeDoctorProfile } from '../../src/modules/doctor-profile/test-support.js';
import { drawnSignature } from '../signature-fixture.js';
import { consultation, PDF_BYTES } from '../../src/modules/records/records.test-support.js';
import { bookByReceipt, DAYS } from '../../src/modules/appointments/appointments.test-support.js';
import { member, sqlRows, type Member } from './support.js';

/**
 * Every read of health or identity data is audited with the patient's id (issue 19 item 5,
 * decision 0030): the GET routes of the real route table are each either a personal-data read,
 * called here as its caller and required to write an audit row naming the patient, or named as
 * carrying no patient's data. A new GET route in neither list fails the test. Every gated API
 * answer is `Cache-Control: no-store`.
 */

interface Fixture {
  patient: Member;
  doctor: Member;
  admin: Member;
  consultation: { token: string; id: string };
  examFileId: string;
  imageFileId: string;
  cedulaFileId: string;
  receiptToken: string;
  appointmentToken: string;
  documentId: string;
  unlinkedId: string;
  cedula: string;
  patientName: string;
  mailId: string;
}

type Caller = 'patient' | 'doctor' | 'admin';
/** Personal-data reads: who calls it and the URL with the fixture's ids. */
const PERSONAL_READS: Record<string, [Caller, (f: Fixture) => string]> = {
  '/api/receipts': ['patient', () => '/api/receipts'],
  '/api/receipts/:token': ['patient', (f) => `/api/receipts/${f.receiptToken}`],
  '/api/receipts/:token/:kind': ['patient', (f) => `/api/receipts/${f.receiptToken}/comprobante`],
  '/api/admin/receipts': ['admin', () => '/api/admin/receipts'],
  '/api/admin/receipts/:token': ['admin', (f) => `/api/admin/receipts/${f.receiptToken}`],
  '/api/admin/receipts/:token/:kind': ['admin', (f) => `/api/admin/receipts/${f.receiptToken}/comprobante`],
  '/api/consultations': ['patient', () => '/api/consultations'],
  '/api/consultations/:token': ['patient', (f) => `/api/consultations/${f.consultation.token}`],
  '/api/consultations/:token/exam-file': ['patient', (f) => `/api/consultations/${f.consultation.token}/exam-file`],
  '/api/consultations/:token/images/:fileId': ['patient', (f) => `/api/consultations/${f.consultation.token}/images/${f.imageFileId}`],
  '/api/consultations/:token/exam-files': ['patient', (f) => `/api/consultations/${f.consultation.token}/exam-files`],
  '/api/consultations/:token/exam-files/:fileId': ['patient', (f) => `/api/consultations/${f.consultation.token}/exam-files/${f.examFileId}`],
  '/api/admin/consultations': ['admin', () => '/api/admin/consultations'],
  '/api/admin/consultations/:token': ['admin', (f) => `/api/admin/consultations/${f.consultation.token}`],
  '/api/admin/consultations/:token/exam-file': ['admin', (f) => `/api/admin/consultations/${f.consultation.token}/exam-file`],
  '/api/admin/consultations/:token/images/:fileId': ['admin', (f) => `/api/admin/consultations/${f.consultation.token}/images/${f.imageFileId}`],
  '/api/doctor/chats': ['doctor', () => '/api/doctor/chats'],
  '/api/doctor/chats/:token': ['doctor', (f) => `/api/doctor/chats/${f.consultation.token}`],
  '/api/doctor/chats/:token/images/:fileId': ['doctor', (f) => `/api/doctor/chats/${f.consultation.token}/images/${f.imageFileId}`],
  '/api/doctor/consultations': ['doctor', () => '/api/doctor/consultations'],
  '/api/doctor/consultations/:token': ['doctor', (f) => `/api/doctor/consultations/${f.consultation.token}`],
  '/api/doctor/consultations/:token/exam-files/:fileId': ['doctor', (f) => `/api/doctor/consultations/${f.consultation.token}/exam-files/${f.examFileId}`],
  '/api/doctor/consultations/:token/images/:fileId': ['doctor', (f) => `/api/doctor/consultations/${f.consultation.token}/images/${f.imageFileId}`],
  '/api/appointments': ['patient', () => '/api/appointments'],
  '/api/appointments/waitlist': ['patient', () => '/api/appointments/waitlist'],
  '/api/appointments/:token': ['patient', (f) => `/api/appointments/${f.appointmentToken}`],
  '/api/appointments/:token/calendar.ics': ['patient', (f) => `/api/appointments/${f.appointmentToken}/calendar.ics`],
  '/api/doctor/appointments': ['doctor', () => '/api/doctor/appointments'],
  '/api/doctor/calendar/week': ['doctor', () => `/api/doctor/calendar/week?desde=${DAYS.monday}`],
  '/api/admin/calendar/week': ['admin', () => `/api/admin/calendar/week?desde=${DAYS.monday}`],
  '/api/doctor/appointments/:token': ['doctor', (f) => `/api/doctor/appointments/${f.appointmentToken}`],
  '/api/admin/appointments': ['admin', () => '/api/admin/appointments'],
  '/api/admin/appointments/:token': ['admin', (f) => `/api/admin/appointments/${f.appointmentToken}`],
  '/api/admin/outbox': ['admin', () => '/api/admin/outbox'],
  '/api/admin/outbox/:id': ['admin', (f) => `/api/admin/outbox/${f.mailId}`],
  '/api/admin/outbox/:id/eml': ['admin', (f) => `/api/admin/outbox/${f.mailId}/eml`],
  '/api/doctor/documents/patient': ['doctor', (f) => `/api/doctor/documents/patient?correo=${encodeURIComponent(f.patient.correo)}`],
  '/api/doctor/documents/:tipo': ['doctor', () => '/api/doctor/documents/certificado-salud'],
  '/api/doctor/documents/:tipo/:id/pdf': ['doctor', (f) => `/api/doctor/documents/certificado-salud/${f.documentId}/pdf`],
  '/api/patient/documents': ['patient', () => '/api/patient/documents'],
  '/api/patient/documents/:id/pdf': ['patient', (f) => `/api/patient/documents/${f.documentId}/pdf`],
  '/api/patient/profile': ['patient', () => '/api/patient/profile'],
  '/api/patient/notification-channels': ['patient', () => '/api/patient/notification-channels'],
  '/api/doctor/documents/patients': ['doctor', (f) => `/api/doctor/documents/patients?q=${encodeURIComponent(f.patientName)}`],
  '/api/admin/documents/unlinked/:id/candidates': ['admin', (f) => `/api/admin/documents/unlinked/${f.unlinkedId}/candidates?cedula=${encodeURIComponent(f.cedula)}`],
  '/api/patient/data-requests': ['patient', () => '/api/patient/data-requests'],
  '/api/admin/data-requests': ['admin', () => '/api/admin/data-requests'],
  '/api/patient/cedula-image/:fileId': ['patient', (f) => `/api/patient/cedula-image/${f.cedulaFileId}`],
  '/api/patient/export': ['patient', () => '/api/patient/export'],
  '/api/admin/patients': ['admin', () => '/api/admin/patients'],
  '/api/admin/patients/:id': ['admin', (f) => `/api/admin/patients/${f.patient.id}`],
  '/api/admin/patients/:id/cedula-image': ['admin', (f) => `/api/admin/patients/${f.patient.id}/cedula-image`],
};

/** GET routes that carry no patient's health or identity data (each with why). */
const NOT_PERSONAL: Record<string, string> = {
  '/api/site/config': 'public configuration',
  '/api/auth/session': "the caller's own session state",
  '/api/admin/session': "the caller's own session state",
  '/api/doctor/session': "the caller's own session state",
  '/api/payments/config': 'payment methods and prices',
  '/api/payments/session': 'whether a payment is under way',
  // Yappy's button (decision 0058): both proven audited in modules/payments/yappy.test.ts.
  '/api/payments/yappy/ipn': "Yappy's notification: answers only success true/false (paid, late and refused ones audited)",
  '/api/payments/yappy/orders/:orden': "the caller's own Yappy order's state (no health data; audited anyway as yappy.order_read)",
  '/api/doctors': 'doctors by name and service',
  '/api/consultations/session': "the caller's consultation state",
  '/api/consultations/authorisation': 'whether the chat is allowed',
  '/api/consultations/active': "the caller's own consultations' states and chat clocks (no health data)",
  '/api/consultations/chat-session': 'whether the chat is allowed',
  '/api/chat': "the patient's chat clock and state (the socket's history is audited on connect)",
  '/api/chat/ws': 'a WebSocket: audited when it joins (chat.read), not callable by inject',
  '/api/video/turn': 'relay credentials, no patient data (audited anyway as video.turn; needs an opened chat, proven in modules/video/video.test.ts)',
  '/api/video/consent': "the patient's own consent flag and the catalogue's text",
  '/api/appointments/blocked-dates': 'a doctor’s unavailable dates',
  '/api/appointments/hours': 'free hours',
  '/api/appointments/waitlist/days': 'a doctor’s full days (dates only)',
  // Needs an offer, so it has no caller here: waitlist.test.ts proves the read writes an appointment.read row naming the patient.
  '/api/appointments/waitlist/offers/:token': 'the caller’s own waitlist offer, audited in waitlist.test.ts',
  '/api/doctor/waitlist': 'how many patients wait per day (numbers, no patient)',
  '/api/admin/waitlist': 'how many patients wait per doctor and day (numbers, no patient)',
  '/api/appointments/policy': 'whether the signed-in patient must pay at once (a yes/no and a fixed message, decision 0049)',
  '/api/doctor/blocked-dates': 'the doctor’s own unavailable dates',
  '/api/doctor/weekly-hours': 'the doctor’s own weekly hours',
  '/api/doctor/calendar-feed': 'whether the doctor’s own feed URL exists (no patient)',
  // Anonymous (the URL's token is the key), so it has no caller here: calendar.test.ts proves each
  // fetch writes an appointment.list row naming the doctor and the patients the feed showed.
  '/api/calendar/:file': 'a doctor’s feed, audited in calendar.test.ts',
  '/api/admin/doctors/:id/weekly-hours': 'a doctor’s weekly hours (no patient)',
  '/api/admin/doctors/:id/blocked-dates': 'a doctor’s unavailable dates, with how many appointments each keeps (no patient)',
  '/api/doctor/documents/cie10': 'the CIE-10 list the clinic ships (codes and titles, no patient)',
  '/api/doctor/documents/profile': "the doctor's own registration data",
  '/api/doctor/documents/profile/signature': "the doctor's own signature",
  '/api/doctor/profile': "the doctor's own profile (name, title, registration)",
  '/api/admin/doctors/:id/profile': "a doctor's profile: staff data, not a patient's",
  '/api/documents/verify/:codigo': 'public verification of a code: type and date only',
  '/api/images/:file': 'published pictures',
  '/api/news': 'published news',
  '/api/blog': 'published posts',
  '/api/gallery': 'published pictures',
  '/api/sponsors': 'published sponsors',
  '/api/admin/audit': 'the trail itself (audited as audit.list)',
  '/api/admin/audit/staff': 'staff accounts',
  '/api/admin/two-factor': "the caller's own second factor",
  '/api/doctor/two-factor': "the caller's own second factor",
  '/api/admin/suggestions': 'suggestions (audited as suggestion.list)',
  '/api/admin/backups': 'backup runs: times, sizes and results (no patient)',
  '/api/auth/email/status': "the caller's own verification state",
  '/api/admin/staff': 'staff accounts',
  '/api/admin/passkeys': "the caller's own passkeys",
  '/api/doctor/passkeys': "the caller's own passkeys",
  '/api/admin/dashboard': 'counts, sums and medians over every patient; doctors by name (no patient)',
  '/api/admin/documents/unlinked': 'documents bound to no account: no patient account to name (audited as document.unlinked_list)',
};

let t: TestApp;
let f: Fixture;

const get = (who: Member, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: who.jar.header } });
const post = (who: Member, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: who.jar.header }, payload: payload as Record<string, unknown> });
const lastAuditId = async () => (await sqlRows<{ id: number | null }>(t, sql`select max(id)::int as id from audit_log`))[0]?.id ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  const patient = await member(t, 'patient');
  const doctor = await member(t, 'doctor');
  const admin = await member(t, 'admin');
  const c = await consultation(t, patient, doctor.id);
  // An exam file; then chat permission (the administrator classifies the transfer) and a chat image.
  const exam = multipart({}, [{ field: 'archivo_examenes', filename: 'examen.pdf', bytes: PDF_BYTES, type: 'application/pdf' }]);
  const up = await t.app.inject({ method: 'POST', url: `/api/consultations/${c.token}/exam-files`, headers: { ...exam.headers, cookie: patient.jar.header }, payload: exam.payload });
  expect(up.statusCode, up.body).toBe(201);
  expect((await post(admin, '/api/admin/consultations/update', { consulta_id: c.id, correo: patient.correo, tipo_consulta: 'tipo_a', estado_consulta: 1 })).statusCode).toBe(200);
  await get(patient, '/api/chat');
  const image = multipart({}, [{ field: 'image', filename: 'garganta.png', bytes: PNG_1X1, type: 'image/png' }]);
  const img = await t.app.inject({ method: 'POST', url: '/api/chat/images', headers: { ...image.headers, cookie: patient.jar.header }, payload: image.payload });
  expect(img.statusCode, img.body).toBeLessThan(300);
  const booked = await bookByReceipt(t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '10:00' });
  expect(booked.statusCode, booked.body).toBe(200);
  const signature = multipart({ regNumber: '4521' }, [{ field: 'firma', filename: 'firma.png', bytes: drawnSignature(), type: 'image/png' }]);
  expect((await t.app.inject({ method: 'PUT', url: '/api/doctor/documents/profile', payload: signature.payload, headers: { ...signature.headers, cookie: doctor.jar.header } })).statusCode).toBe(200);
  await completeDoctorProfile(t, doctor.jar);
  // One document bound to the patient (one of the doctor's patients), one for a walk-in.
  const doc = await post(doctor, '/api/doctor/documents/certificado-salud', {
    pacienteId: patient.id,
    correoPaciente: patient.correo,
    ssn: 'SS-1',
    date: '2026-11-20',
    patientName: 'María González',
    doctorName: 'Dra. Elena Rivas',
    doctorCode: 'C-1',
    regNumber: '4521',
  });
  expect(doc.statusCode, doc.body).toBe(201);
  const walkIn = await post(doctor, '/api/doctor/documents/certificado-salud', {
    correoPaciente: 'sin.cuenta@example.com',
    ssn: 'SS-2',
    date: '2026-11-20',
    patientName: 'Persona Sin Cuenta',
    doctorName: 'Dra. Elena Rivas',
    doctorCode: 'C-1',
    regNumber: '4521',
  });
  expect(walkIn.statusCode, walkIn.body).toBe(201);
  const correction = await post(patient, '/api/patient/data-requests/correction', { cambios: { direccion: 'Vía Argentina 12, El Cangrejo' }, motivo: 'Me mudé.' });
  expect(correction.statusCode, correction.body).toBe(201);

  const one = async <T>(q: ReturnType<typeof sql>) => (await sqlRows<T>(t, q))[0]!;
  const examFileId = (await one<{ id: string }>(sql`select file_id::text as id from consultation_exam_files where consultation_id = ${c.id}`)).id;
  const imageFileId = (await one<{ id: string }>(sql`select file_id::text as id from consultation_images where consultation_id = ${c.id}`)).id;
  const cedulaFileId = (await one<{ id: string }>(sql`select image_cedula_file_id::text as id from patients where id = ${patient.id}`)).id;
  const receiptToken = (await one<{ token: string }>(sql`select token from payments where patient_id = ${patient.id} order by created_at limit 1`)).token;
  const appointmentToken = booked.json<{ token: string }>().token;
  const documentId = (await one<{ id: string }>(sql`select id::text from documents where patient_id = ${patient.id}`)).id;
  const unlinkedId = (await one<{ id: string }>(sql`select id::text from documents where patient_id is null`)).id;
  // Read through the schema: the cédula is encrypted in the table (decision 0030).
  const [identity] = await t.app.db.select({ cedula: patients.cedula, nombre: patients.nombre }).from(patients).where(eq(patients.id, patient.id));
  // The outbox: the worker writes the patient's mails (the booking's acknowledgement among them).
  let mailId = '';
  for (let i = 0; i < 100 && !mailId; i++) {
    const list = (await get(admin, '/api/admin/outbox')).json<{ items: { id: string; to: string; in_outbox: boolean }[] }>();
    // One already written to the outbox folder (a queued one, such as a reminder, has no file yet: 404).
    mailId = list.items.find((m) => m.to.includes(patient.correo) && m.in_outbox)?.id ?? '';
    if (!mailId) await new Promise((r) => setTimeout(r, 100));
  }
  expect(mailId, 'a mail to the patient in the outbox').not.toBe('');
  f = { patient, doctor, admin, consultation: c, examFileId, imageFileId, cedulaFileId, receiptToken, appointmentToken, documentId, unlinkedId, cedula: identity!.cedula, patientName: identity!.nombre, mailId };
}, 180_000);
afterAll(async () => t.close());

const getRoutes = () => [...new Set(t.app.routeTable.filter((r) => r.method === 'GET' && r.url.startsWith('/api/')).map((r) => r.url))];

describe('audited reads', () => {
  it('names every GET route of the app as a personal-data read or as carrying none', () => {
    const live = getRoutes();
    expect(live.filter((u) => !(u in PERSONAL_READS) && !(u in NOT_PERSONAL)), 'GET routes in neither list').toEqual([]);
    expect(Object.keys(PERSONAL_READS).filter((u) => !live.includes(u)), 'listed reads with no route').toEqual([]);
    expect(Object.keys(PERSONAL_READS).filter((u) => u in NOT_PERSONAL)).toEqual([]);
  });

  it.each(Object.keys(PERSONAL_READS))('GET %s writes an audit row naming the patient, and answers no-store', async (route) => {
    const [caller, url] = PERSONAL_READS[route]!;
    const before = await lastAuditId();
    const res = await get(f[caller], url(f));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(String(res.headers['cache-control'])).toContain('no-store');
    const rows = await sqlRows<{ patient_id: string | null; actor_role: string; action: string; outcome: string }>(
      t,
      sql`select patient_id::text, actor_role, action, outcome from audit_log where id > ${before} order by id`,
    );
    expect(rows, `${route}: audit rows`).toContainEqual({ patient_id: f.patient.id, actor_role: caller, action: expect.any(String) as string, outcome: 'success' });
  });

  it('shows those reads in the patient’s access history (their data export)', async () => {
    const accesses = (await get(f.patient, '/api/patient/export')).json<{ accesos: { rol: string; accion: string }[] }>().accesos;
    for (const accion of ['Chat de la consulta', 'Lista de citas', 'Cita', 'Correo enviado', 'Lista de documentos médicos']) {
      expect(accesses.map((a) => a.accion), accion).toContain(accion);
    }
    expect(accesses).toContainEqual(expect.objectContaining({ rol: 'Médico', accion: 'Chat de la consulta' }));
  });
});
