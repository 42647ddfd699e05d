import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, multipart, type TestApp } from '../harness.js';
import { completeDoctorProfile } from '../../src/modules/doctor-profile/test-support.js';
import { drawnSignature } from '../signature-fixture.js';
import { consultation, PDF_BYTES } from '../../src/modules/records/records.test-support.js';
import { bookByReceipt, hours } from '../../src/modules/appointments/appointments.test-support.js';
import { expectBareRefusal, member, type Member, fingerprint, sqlRows } from './support.js';

/**
 * Ownership: random ownership graphs (patients and doctors owning consultations, appointments,
 * receipts, exam files, ID-card images and medical documents) built through the API; every call
 * that names a record by id or token, made by another user of the same role, answers 404 with no
 * data and changes no row of any table.
 */

let t: TestApp;
let patients: Member[];
let doctors: Member[];

interface Consultation {
  token: string;
  id: string;
  patient: number;
  doctor: number;
  examFileId?: string;
}
interface Appointment {
  token: string;
  patient: number;
  doctor: number;
}

const rows = async <T>(q: SQL) => ({ rows: await sqlRows<T>(t, q) });

const get = (who: Member, url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: who.jar.header } });
const post = (who: Member, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: who.jar.header }, payload: payload as Record<string, unknown> });
const uploadPdf = (who: Member, url: string) => {
  const body = multipart({}, [{ field: 'archivo_examenes', filename: 'examen.pdf', bytes: PDF_BYTES, type: 'application/pdf' }]);
  return t.app.inject({ method: 'POST', url, headers: { ...body.headers, cookie: who.jar.header }, payload: body.payload });
};

let nextDay = 0;
const WEEKDAYS = (() => {
  const out: string[] = [];
  for (let d = Date.parse('2026-11-23T12:00:00Z'); out.length < 200; d += 86_400_000) {
    const day = new Date(d).getUTCDay();
    if (day !== 0 && day !== 6) out.push(new Date(d).toISOString().slice(0, 10));
  }
  return out;
})();

async function book(p: Member, d: Member): Promise<Appointment | undefined> {
  for (let tries = 0; tries < 10; tries++) {
    const fecha = WEEKDAYS[nextDay++ % WEEKDAYS.length]!;
    const free = await hours(t, p.jar, d.id, fecha);
    if (free.length === 0) continue;
    const res = await bookByReceipt(t, p.jar, { id_doctor: d.id, fecha, hora: free[0]! });
    if (res.statusCode !== 200) throw new Error(res.body);
    return { token: res.json<{ token: string }>().token, patient: patients.indexOf(p), doctor: doctors.indexOf(d) };
  }
  return undefined;
}

beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: '0' });
  patients = [];
  for (let i = 0; i < 3; i++) patients.push(await member(t, 'patient'));
  doctors = [];
  for (let i = 0; i < 3; i++) doctors.push(await member(t, 'doctor'));
  // Doctors sign documents: each saves a signature once.
  for (const d of doctors) {
    const body = multipart({ regNumber: '4521' }, [{ field: 'firma', filename: 'firma.png', bytes: drawnSignature(), type: 'image/png' }]);
    const res = await t.app.inject({ method: 'PUT', url: '/api/doctor/documents/profile', payload: body.payload, headers: { ...body.headers, cookie: d.jar.header } });
    if (res.statusCode !== 200) throw new Error(res.body);
    await completeDoctorProfile(t, d.jar);
  }
}, 120_000);
afterAll(async () => t.close());

/** An ownership graph: who owns which consultations, appointments and documents. */
const graph = fc.record({
  consultations: fc.array(fc.record({ patient: fc.nat(2), doctor: fc.nat(2), withExam: fc.boolean() }), { minLength: 1, maxLength: 3 }),
  appointments: fc.array(fc.record({ patient: fc.nat(2), doctor: fc.nat(2) }), { maxLength: 2 }),
  documents: fc.array(fc.record({ patient: fc.nat(2), doctor: fc.nat(2) }), { maxLength: 2 }),
  // Which other user attacks each record (an offset to the owner's index, never 0).
  attacker: fc.integer({ min: 1, max: 2 }),
});

const other = (list: Member[], owner: number, offset: number) => list[(owner + offset) % list.length]!;

async function expectNotFound(res: Awaited<ReturnType<typeof get>>, context: string) {
  expect(res.statusCode, `${context}: ${res.body.slice(0, 200)}`).toBe(404);
  expectBareRefusal(res, context);
}

describe('ownership', () => {
  it('another user’s id or token answers 404 with no data and no side effect', async () => {
    await fc.assert(
      fc.asyncProperty(graph, async (g) => {
        // --- build the graph through the API ---
        const cons: Consultation[] = [];
        for (const c of g.consultations) {
          const p = patients[c.patient]!;
          const made = await consultation(t, p, doctors[c.doctor]!.id);
          const entry: Consultation = { ...made, patient: c.patient, doctor: c.doctor };
          if (c.withExam) {
            const up = await uploadPdf(p, `/api/consultations/${made.token}/exam-files`);
            expect(up.statusCode, up.body).toBe(201);
            const list = await get(p, `/api/consultations/${made.token}/exam-files`);
            entry.examFileId = list.json<{ id: string }[]>()[0]?.id;
          }
          cons.push(entry);
        }
        const appts: Appointment[] = [];
        for (const a of g.appointments) {
          const made = await book(patients[a.patient]!, doctors[a.doctor]!);
          if (made) appts.push(made);
        }
        const docs: { id: string; patient: number; doctor: number }[] = [];
        for (const d of g.documents) {
          const p = patients[d.patient]!;
          // A document is issued to one of the doctor's own patients (issue 18): a consultation first.
          await consultation(t, p, doctors[d.doctor]!.id);
          const res = await post(doctors[d.doctor]!, '/api/doctor/documents/certificado-salud', {
            pacienteId: p.id,
            correoPaciente: p.correo,
            ssn: 'SS-1',
            date: '2026-11-20',
            patientName: 'María González',
            doctorName: 'Dra. Elena Rivas',
            doctorCode: 'C-1',
            regNumber: '4521',
          });
          expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
          const codigo = res.headers['x-documento-codigo'];
          const issued = (await get(doctors[d.doctor]!, '/api/doctor/documents/certificado-salud')).json<{ id: string; codigo: string }[]>();
          docs.push({ id: issued.find((x) => x.codigo === codigo)!.id, patient: d.patient, doctor: d.doctor });
        }

        // --- positive controls: the owners reach their records ---
        for (const c of cons) {
          expect((await get(patients[c.patient]!, `/api/consultations/${c.token}`)).statusCode).toBe(200);
        }
        for (const c of cons) {
          expect((await get(doctors[c.doctor]!, `/api/doctor/consultations/${c.token}`)).statusCode).toBe(200);
        }
        for (const a of appts) {
          expect((await get(patients[a.patient]!, `/api/appointments/${a.token}`)).statusCode).toBe(200);
          expect((await get(doctors[a.doctor]!, `/api/doctor/appointments/${a.token}`)).statusCode).toBe(200);
        }
        for (const d of docs) {
          expect((await get(doctors[d.doctor]!, `/api/doctor/documents/certificado-salud/${d.id}/pdf`)).statusCode).toBe(200);
        }
        for (const d of docs) expect((await get(patients[d.patient]!, `/api/patient/documents/${d.id}/pdf`)).statusCode).toBe(200);

        // --- the attacks: same requests as another patient / another doctor ---
        const before = await fingerprint(t);
        for (const c of cons) {
          const thief = other(patients, c.patient, g.attacker);
          const owner = patients[c.patient]!;
          const [cedula] = (await rows<{ id: string }>(sql`select f.id from files f join patients p on p.image_cedula_file_id = f.id where p.correo = ${owner.correo}`)).rows;
          const patientCalls = [
            `/api/consultations/${c.token}`,
            `/api/consultations/${c.token}/exam-file`,
            `/api/consultations/${c.token}/exam-files`,
            ...(c.examFileId ? [`/api/consultations/${c.token}/exam-files/${c.examFileId}`] : []),
            ...(cedula ? [`/api/patient/cedula-image/${cedula.id}`, `/api/consultations/${c.token}/images/${cedula.id}`] : []),
          ];
          for (const url of patientCalls) {
            if (thief.correo === owner.correo) continue;
            await expectNotFound(await get(thief, url), `patient GET ${url}`);
          }
          await expectNotFound(await uploadPdf(thief, `/api/consultations/${c.token}/exam-files`), 'patient upload exam file');
          // The owner's receipts (payments) by token.
          const receipts = (await get(owner, '/api/receipts')).json<{ token: string }[]>();
          for (const r of receipts) {
            await expectNotFound(await get(thief, `/api/receipts/${r.token}`), 'receipt');
            await expectNotFound(await get(thief, `/api/receipts/${r.token}/comprobante`), 'receipt file');
          }
          // Another doctor.
          const stranger = other(doctors, c.doctor, g.attacker);
          const doctorCalls = [
            `/api/doctor/consultations/${c.token}`,
            `/api/doctor/chats/${c.token}`,
            ...(c.examFileId ? [`/api/doctor/consultations/${c.token}/exam-files/${c.examFileId}`] : []),
            ...(cedula ? [`/api/doctor/consultations/${c.token}/images/${cedula.id}`, `/api/doctor/chats/${c.token}/images/${cedula.id}`] : []),
          ];
          for (const url of doctorCalls) await expectNotFound(await get(stranger, url), `doctor GET ${url}`);
          await expectNotFound(await uploadPdf(stranger, `/api/doctor/consultations/${c.token}/exam-files`), 'doctor upload');
          await expectNotFound(
            await post(stranger, '/api/doctor/consultations/update', {
              consulta_id: c.id,
              correo: owner.correo,
              analisis: 'Cambiado por otro',
              plan: 'Nada',
              fecha: '2026-12-01',
              hora: '10:30',
              revisado: 1,
            }),
            'doctor update',
          );
        }
        for (const a of appts) {
          const thief = other(patients, a.patient, g.attacker);
          await expectNotFound(await get(thief, `/api/appointments/${a.token}`), 'appointment');
          await expectNotFound(await get(thief, `/api/appointments/${a.token}/calendar.ics`), 'appointment ics');
          await expectNotFound(await post(thief, `/api/appointments/${a.token}/cancel`, { motivo: 'No puedo asistir' }), 'appointment cancel');
          await expectNotFound(await get(other(doctors, a.doctor, g.attacker), `/api/doctor/appointments/${a.token}`), 'doctor appointment');
        }
        for (const d of docs) {
          await expectNotFound(await get(other(patients, d.patient, g.attacker), `/api/patient/documents/${d.id}/pdf`), 'patient document');
          await expectNotFound(
            await get(other(doctors, d.doctor, g.attacker), `/api/doctor/documents/certificado-salud/${d.id}/pdf`),
            'doctor document',
          );
        }
        expect(await fingerprint(t)).toEqual(before);
      }),
      { numRuns: 15, endOnFailure: true },
    );
  }, 600_000);
  it('another patient’s PayPal order cannot pay for their consultation: refused, nothing written, the owner still can', async () => {
    const history = {
      sintomas: 'Fiebre',
      antecedentesFamiliares: 'No hay información',
      antecedentesPersonales: 'No hay información',
      antecedentesQuirurgicos: 'No hay información',
      alergias: 'No hay información',
      otrosDatos: 'No hay información',
    };
    for (const p of patients) expect((await post(p, '/api/consultations/consent', { aceptar: 'si' })).statusCode).toBe(200);
    await fc.assert(
      fc.asyncProperty(fc.nat(2), fc.integer({ min: 1, max: 2 }), fc.nat(2), async (owner, offset, doc) => {
        const a = patients[owner]!;
        const thief = other(patients, owner, offset);
        const doctorId = doctors[doc]!.id;
        const order = await post(a, '/api/consultations/paypal/order', {
          servicio: 'consulta_general',
          doctor_id: doctorId,
          metodo_de_pago: 'Paypal o Tarjeta',
          monto: 10,
        });
        expect(order.statusCode, order.body).toBe(200);
        const orderID = order.json<{ id: string }>().id;
        const approved = await t.app.inject({ method: 'POST', url: `/paypal-sandbox/demo/orders/${orderID}/approve` });
        expect(approved.statusCode, approved.body).toBeLessThan(300);
        const body = { servicio: 'consulta_general', doctor_id: doctorId, ...history, orderID, payerID: 'PAYER123' };
        const before = await fingerprint(t);
        const stolen = await post(thief, '/api/consultations/paypal/capture', body);
        expect(stolen.statusCode, stolen.body).toBeGreaterThanOrEqual(400);
        expect(stolen.statusCode).toBeLessThan(500);
        expectBareRefusal(stolen, 'stolen PayPal order');
        expect(await fingerprint(t)).toEqual(before);
        const own = await post(a, '/api/consultations/paypal/capture', body);
        expect(own.statusCode, own.body).toBe(200);
        // Paying again with it does not work either, for anybody.
        const again = await post(thief, '/api/consultations/paypal/capture', body);
        expect(again.statusCode).toBeGreaterThanOrEqual(400);
        expect(again.statusCode).toBeLessThan(500);
        for (const p of patients) expect((await post(p, '/api/consultations/consent', { aceptar: 'si' })).statusCode).toBe(200);
      }),
      { numRuns: 6, endOnFailure: true },
    );
  }, 300_000);
});
