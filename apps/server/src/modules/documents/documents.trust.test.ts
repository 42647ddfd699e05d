import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { createTestApp, multipart, type CookieJar, type TestApp } from '../../../test/harness.js';
import { drawnSignature } from '../../../test/signature-fixture.js';
import { auditRows, call, consultation, patient, select, staffMember, type Person } from '../records/records.test-support.js';
import { DOCTOR_PROFILE, completeDoctorProfile } from '../doctor-profile/test-support.js';

/**
 * Issue 22, items 1–5 (docs/decisions/0041): the doctor's identity from the account, the
 * patient's cédula and age, numbering, annulment and replacement, and consistency.
 */
const run = promisify(execFile);
let t: TestApp;
let ana: Person; // Dra. Ana Castillo Ibáñez, complete profile and signature
let bruno: Person; // Dr. Bruno Díaz, complete profile and signature
let carla: Person; // a doctor with a signature but no complete profile
let admin: Person;
let maria: Person; // Ana's patient
let pedro: Person; // Bruno's patient

async function pdfText(pdf: Buffer) {
  const file = path.join(t.dataDir, `extract-${crypto.randomUUID()}.pdf`);
  await fs.writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  await fs.rm(file);
  return stdout.replace(/\s+/g, ' ');
}

const saveSignature = (jar: CookieJar) => {
  const body = multipart({}, [{ field: 'firma', filename: 'firma.png', bytes: drawnSignature(), type: 'image/png' }]);
  return t.app.inject({ method: 'PUT', url: '/api/doctor/documents/profile', payload: body.payload, headers: { ...body.headers, cookie: jar.header } });
};
const issue = (who: Person, tipo: string, payload: object) => call(t, who.jar, 'POST', `/api/doctor/documents/${tipo}`, payload);
const verify = async (codigo: string) => (await call(t, null, 'GET', `/api/documents/verify/${codigo}`)).json<Record<string, unknown>>();

/** One structured prescription line (decision 0042); `medicamento` varies where a test needs it. */
const line = (medicamento = 'Paracetamol') => ({
  medicamento,
  presentacion: 'Tabletas de 500 mg',
  dosis: '1 tableta',
  via: 'Oral',
  frecuencia: 'Cada 8 horas',
  duracion: '3 días',
  cantidad: '9 tabletas',
});
const RECETA = { correoPaciente: 'x@example.com', patientName: 'María José Núñez', date: '2026-11-21', Medicamentos: [line()] };
const SALUD = {
  correoPaciente: 'x@example.com',
  patientName: 'María José Núñez',
  date: '2026-11-21',
  // What the browser says of the doctor is never printed (issue 22: a forged certificate).
  doctorName: 'Dr. Luis Herrera',
  regNumber: 'REG-DE-OTRO-MEDICO',
  doctorCode: 'COD-FALSO',
};
const INCAPACIDAD = {
  correoPaciente: 'x@example.com',
  patientName: 'María José Núñez',
  date: '2026-11-21',
  dias_incapacidad: '2',
  hora_inicio: '08:00',
  dia_inicio: '21',
  mes_inicio: '11',
  ano_inicio: '2026',
  hora_final: '08:00',
  dia_final: '23',
  mes_final: '11',
  ano_final: '2026',
  doctorName: 'x',
  regNumber: 'x',
};

beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: '0' });
  ana = await staffMember(t, 'doctor', { nombre: 'Ana', apellido: 'Castillo' });
  bruno = await staffMember(t, 'doctor', { nombre: 'Bruno', apellido: 'Díaz' });
  carla = await staffMember(t, 'doctor', { nombre: 'Carla', apellido: 'Soto' });
  admin = await staffMember(t, 'admin');
  maria = await patient(t, { nombre: 'María José', apellido: 'Núñez', cedula: '8-123-4567', genero: 'femenino', edad: '34' });
  pedro = await patient(t, { nombre: 'Pedro', apellido: 'Mora', cedula: 'PA-A1234567', edad: '51' });
  await consultation(t, maria, ana.id);
  await consultation(t, pedro, bruno.id);
  for (const d of [ana, bruno, carla]) expect((await saveSignature(d.jar)).statusCode).toBe(200);
  await completeDoctorProfile(t, ana.jar);
  await completeDoctorProfile(t, bruno.jar, { nombreCompleto: 'Bruno Díaz Quintero', sexo: 'Hombre', especialidad: 'Medicina Interna', regNumber: 'Idoneidad 7788', doctorCode: '' });
}, 120_000);
afterAll(async () => t.close());

describe("the doctor's identity comes from the account", () => {
  it('ignores a forged doctor name and registration: the PDF says who really signed, with her title', async () => {
    const res = await issue(ana, 'certificado-salud', { ...SALUD, pacienteId: maria.id });
    expect(res.statusCode, res.body).toBe(201);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Quien suscribe, Dra. Ana Castillo Ibáñez, médica con número de registro (idoneidad) Idoneidad N.º 4521 y código CÓD-0771');
    expect(text).not.toContain('Luis Herrera');
    expect(text).not.toContain('REG-DE-OTRO-MEDICO');
    expect(text).not.toContain('COD-FALSO');
    // The patient's cédula and age from her account; her e-mail nowhere.
    expect(text).toContain('Cédula/Pasaporte: 8-123-4567');
    expect(text).toContain('Edad: 34 años');
    expect(text).toContain('con cédula 8-123-4567');
    expect(text).not.toContain(maria.correo);
    expect(text).not.toContain('x@example.com');
    // The cédula kept on the row for the administrators is sealed like every cédula (decision 0030).
    const [raw] = await select<{ cedula_paciente: string }>(t, `select cedula_paciente from documents where codigo = '${String(res.headers['x-documento-codigo'])}'`);
    expect(raw!.cedula_paciente).not.toContain('8-123-4567');
  });

  it("a man is 'Dr.' and 'médico'; a passport is printed as the account holds it", async () => {
    const res = await issue(bruno, 'certificado-salud', { ...SALUD, pacienteId: pedro.id });
    expect(res.statusCode, res.body).toBe(201);
    const text = await pdfText(res.rawPayload);
    expect(text).toContain('Quien suscribe, Dr. Bruno Díaz Quintero, médico con número de registro (idoneidad) Idoneidad 7788,');
    expect(text).toContain('Medicina Interna');
    expect(text).toContain('Cédula/Pasaporte: PA-A1234567');
    expect(text).toContain('Edad: 51 años');
  });

  it('refuses a doctor without a complete profile, and one no longer approved, and stores nothing', async () => {
    const before = await select<{ n: number }>(t, 'select count(*)::int as n from documents');
    const res = await issue(carla, 'recetario', RECETA);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: messages.doctorProfileIncomplete });
    // An invalid profile is refused field by field.
    const bad = await call(t, carla.jar, 'PUT' as 'POST', '/api/doctor/profile', { ...DOCTOR_PROFILE, sexo: 'Otro', regNumber: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ sexo: messages.invalidChoice, regNumber: messages.missingFields });
    // Carla's account is deactivated while her session is still in the cache: the issue re-reads it.
    await completeDoctorProfile(t, carla.jar, { nombreCompleto: 'Carla Soto' });
    await t.app.db.execute(`update staff set estado = 'desactivado' where id = '${carla.id}'` as never);
    const gone = await issue(carla, 'recetario', RECETA);
    expect([401, 403]).toContain(gone.statusCode);
    if (gone.statusCode === 403) expect(gone.json().message).toBe(messages.doctorNotApproved);
    const after = await select<{ n: number }>(t, 'select count(*)::int as n from documents');
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("an administrator edits a doctor's profile (audited) and the next document prints it; nobody else can", async () => {
    const url = `/api/admin/doctors/${bruno.id}/profile`;
    const read = await call(t, admin.jar, 'GET', url);
    expect(read.json()).toMatchObject({ nombreCompleto: 'Bruno Díaz Quintero', sexo: 'Hombre', completo: true, hasSignature: true });
    const put = await t.app.inject({ method: 'PUT', url, headers: { cookie: admin.jar.header }, payload: { nombreCompleto: 'Bruno A. Díaz Quintero', sexo: 'Hombre', especialidad: 'Medicina Interna', regNumber: 'Idoneidad 7789' } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ success: true, message: messages.doctorProfileSaved, perfil: { regNumber: 'Idoneidad 7789', doctorCode: '' } });
    const [row] = await auditRows(t, `action = 'doctor_profile.update' and actor_id = '${admin.id}'`);
    expect(row).toMatchObject({ resource_type: 'staff', resource_id: bruno.id, outcome: 'success' });
    const doc = await issue(bruno, 'recetario', { ...RECETA, patientName: 'Pedro Mora', pacienteId: pedro.id });
    const text = await pdfText(doc.rawPayload);
    expect(text).toContain('Dr. Bruno A. Díaz Quintero');
    expect(text).toContain('Idoneidad 7789');
    // A doctor edits only their own (no route takes another's id); patients and strangers get nothing.
    expect((await t.app.inject({ method: 'PUT', url, headers: { cookie: ana.jar.header }, payload: DOCTOR_PROFILE })).statusCode).toBe(401);
    expect((await call(t, maria.jar, 'GET', url)).statusCode).toBe(401);
    expect((await call(t, admin.jar, 'GET', `/api/admin/doctors/${admin.id}/profile`)).statusCode).toBe(404);
  });
});

describe("'Completar datos': the latest consultation", () => {
  it("offers the doctor the history of the patient's latest consultation with them, and audits the read", async () => {
    const res = await call(t, ana.jar, 'GET', `/api/doctor/documents/patient?id=${maria.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ cedula: '8-123-4567', consulta: { sintomas: 'Tos seca y fiebre desde ayer', fecha: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) } });
    const [row] = await auditRows(t, `action = 'document.patient_lookup' and actor_id = '${ana.id}' and patient_id = '${maria.id}'`);
    expect(row).toMatchObject({ outcome: 'success', detail: 'datos del paciente y de su última consulta para un documento' });
    // Another doctor learns nothing of it.
    expect((await call(t, bruno.jar, 'GET', `/api/doctor/documents/patient?id=${maria.id}`)).statusCode).toBe(404);
  });
});

describe('consistency of dates and days', () => {
  const refused = async (payload: object, field: string, message: string, tipo = 'certificado-incapacidad') => {
    const res = await issue(ana, tipo, { ...payload, pacienteId: maria.id });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: { [field]: message } });
  };

  it('refuses 10 days of incapacity over a 2-day period, and accepts the days the period spans', async () => {
    await refused({ ...INCAPACIDAD, dias_incapacidad: '10', dia_inicio: '20', dia_final: '22' }, 'dias_incapacidad', messages.incapacityDaysMismatch);
    // 08:00 to 17:00 the same day is one day begun.
    const oneDay = await issue(ana, 'certificado-incapacidad', { ...INCAPACIDAD, dias_incapacidad: '1', dia_final: '21', hora_final: '17:00', pacienteId: maria.id });
    expect(oneDay.statusCode, oneDay.body).toBe(201);
    const two = await issue(ana, 'certificado-incapacidad', { ...INCAPACIDAD, pacienteId: maria.id });
    expect(two.statusCode, two.body).toBe(201);
    expect(await pdfText(two.rawPayload)).toContain('requiere incapacidad por 2 días, desde las 8:00 a. m. del 21 nov. 2026 hasta las 8:00 a. m. del 23 nov. 2026');
  });

  it('refuses an end before the start, a start far from the certificate, a future or ancient date', async () => {
    await refused({ ...INCAPACIDAD, dia_final: '20' }, 'dia_final', messages.incapacityEndBeforeStart);
    await refused({ ...INCAPACIDAD, mes_inicio: '9', mes_final: '9' }, 'dia_inicio', messages.incapacityStartOutOfRange);
    await refused({ ...RECETA, date: '2026-11-22' }, 'date', messages.documentDateOutOfRange, 'recetario');
    await refused({ ...RECETA, date: '2024-11-21' }, 'date', messages.documentDateOutOfRange, 'recetario');
  });
});

describe('numbering', () => {
  it('numbers 20 documents issued at the same moment uniquely and without gaps, per type and year', async () => {
    const [{ n: before } = { n: 0 }] = await select<{ n: number }>(t, `select coalesce(max(ultimo), 0)::int as n from document_counters where tipo = 'recetario' and ano = 2026`);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => issue(ana, 'recetario', { ...RECETA, Medicamentos: [line(`Receta ${i}`)], pacienteId: maria.id })),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    const numbers = results.map((r) => String(r.headers['x-documento-numero'])).sort();
    expect(new Set(numbers).size).toBe(20);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => `RE-2026-${String(before + i + 1).padStart(6, '0')}`));
    // Printed on the document and shown on the verification page.
    const last = results.find((r) => r.headers['x-documento-numero'] === numbers[19])!;
    expect(await pdfText(last.rawPayload)).toContain(`N.º ${numbers[19]}`);
    expect(await verify(String(last.headers['x-documento-codigo']))).toMatchObject({ numero: numbers[19] });
    // A refused issue takes no number; another type counts on its own.
    expect((await issue(ana, 'recetario', { ...RECETA, date: '2030-01-01', pacienteId: maria.id })).statusCode).toBe(400);
    const next = await issue(ana, 'recetario', { ...RECETA, pacienteId: maria.id });
    expect(next.headers['x-documento-numero']).toBe(`RE-2026-${String(before + 21).padStart(6, '0')}`);
    const otherType = await issue(ana, 'solicitud-examenes', { correoPaciente: 'x@example.com', patientName: 'María', Examenes: 'Hemograma', pacienteId: maria.id });
    expect(otherType.headers['x-documento-numero']).toMatch(/^SE-2026-\d{6}$/);
  });
});

describe('annul and replace', () => {
  it('the issuing doctor annuls with a reason; verification and the patient say ANULADO; the bytes stay; audited', async () => {
    const res = await issue(ana, 'recetario', { ...RECETA, pacienteId: maria.id });
    const codigo = String(res.headers['x-documento-codigo']);
    const numero = String(res.headers['x-documento-numero']);
    const [doc] = await select<{ id: string }>(t, `select id from documents where codigo = '${codigo}'`);
    const url = `/api/doctor/documents/recetario/${doc!.id}/anular`;

    expect((await call(t, ana.jar, 'POST', url, { motivo: '' })).json()).toMatchObject({ message: messages.annulReasonRequired });
    // Another doctor cannot, nor can the patient.
    expect((await call(t, bruno.jar, 'POST', url, { motivo: 'No es mío' })).statusCode).toBe(404);
    expect((await call(t, maria.jar, 'POST', url, { motivo: 'No me gusta' })).statusCode).toBe(401);
    expect(await verify(codigo)).toMatchObject({ anulado: null });

    t.clock.advance(10 * 60_000);
    const done = await call(t, ana.jar, 'POST', url, { motivo: 'Dosis equivocada' });
    expect(done.json()).toEqual({ success: true, message: messages.documentAnnulled });
    expect((await call(t, ana.jar, 'POST', url, { motivo: 'Otra vez' })).json()).toMatchObject({ message: messages.documentAlreadyAnnulled });

    const checked = await verify(codigo);
    expect(checked).toMatchObject({ numero, anulado: { motivo: 'Dosis equivocada', fecha: new Date(t.clock.now()).toISOString() }, reemplazadoPor: null });
    const mine = (await call(t, maria.jar, 'GET', '/api/patient/documents')).json<{ codigo: string; anulado: unknown }[]>();
    expect(mine.find((d) => d.codigo === codigo)!.anulado).toMatchObject({ motivo: 'Dosis equivocada' });
    // The stored PDF is kept, byte for byte.
    const dl = await call(t, maria.jar, 'GET', `/api/patient/documents/${doc!.id}/pdf`);
    expect(dl.rawPayload.equals(res.rawPayload)).toBe(true);
    const [row] = await auditRows(t, `action = 'document.annul' and resource_id = '${doc!.id}'`);
    expect(row).toMatchObject({ actor_id: ana.id, patient_id: maria.id, outcome: 'success' });

    // 'Reemplazar': a corrected document linked to the annulled one, once.
    const replacement = await issue(ana, 'recetario', { ...RECETA, Medicamentos: [{ ...line(), frecuencia: 'Cada 6 horas' }], pacienteId: maria.id, reemplazaId: doc!.id });
    expect(replacement.statusCode, replacement.body).toBe(201);
    const nuevo = String(replacement.headers['x-documento-numero']);
    expect(await verify(codigo)).toMatchObject({ reemplazadoPor: nuevo });
    expect(await verify(String(replacement.headers['x-documento-codigo']))).toMatchObject({ anulado: null, reemplazaA: numero });
    const again = await issue(ana, 'recetario', { ...RECETA, pacienteId: maria.id, reemplazaId: doc!.id });
    expect(again.json()).toMatchObject({ message: messages.documentAlreadyReplaced });
  });

  it('replaces only an annulled document of the same doctor, type and patient', async () => {
    const live = await issue(ana, 'recetario', { ...RECETA, pacienteId: maria.id });
    const [doc] = await select<{ id: string }>(t, `select id from documents where codigo = '${String(live.headers['x-documento-codigo'])}'`);
    expect((await issue(ana, 'recetario', { ...RECETA, pacienteId: maria.id, reemplazaId: doc!.id })).json()).toMatchObject({ message: messages.replaceOnlyAnnulled });
    await call(t, ana.jar, 'POST', `/api/doctor/documents/recetario/${doc!.id}/anular`, { motivo: 'Paciente equivocado' });
    expect((await issue(ana, 'recetario', { ...RECETA, reemplazaId: doc!.id })).json()).toMatchObject({ message: messages.replacementMustMatch });
    expect((await issue(bruno, 'recetario', { ...RECETA, pacienteId: pedro.id, reemplazaId: doc!.id })).statusCode).toBe(404);
  });

  it('an administrator annuls any document by the code printed on it', async () => {
    const res = await issue(bruno, 'recetario', { ...RECETA, patientName: 'Pedro Mora', pacienteId: pedro.id });
    const codigo = String(res.headers['x-documento-codigo']);
    const url = `/api/admin/documents/verify/${codigo.toLowerCase()}/anular`;
    expect((await call(t, ana.jar, 'POST', url, { motivo: 'x' })).statusCode).toBe(401);
    const done = await call(t, admin.jar, 'POST', url, { motivo: 'Emitido por error de la clínica' });
    expect(done.json()).toEqual({ success: true, message: messages.documentAnnulled });
    expect(await verify(codigo)).toMatchObject({ anulado: { motivo: 'Emitido por error de la clínica' } });
    const [row] = await auditRows(t, `action = 'document.annul' and actor_id = '${admin.id}'`);
    expect(row).toMatchObject({ patient_id: pedro.id });
    expect((await call(t, admin.jar, 'POST', '/api/admin/documents/verify/ABCD-EFGH-JKMN/anular', { motivo: 'Nada' })).json()).toMatchObject({ message: messages.documentNotIssued });
  });
});
