import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { createTestApp, multipart, type CookieJar, type TestApp } from '../../../test/harness.js';
import { drawnSignature } from '../../../test/signature-fixture.js';
import { auditRows, call, consultation, patient, select, staffMember, type Person } from '../records/records.test-support.js';
import { completeDoctorProfile } from '../doctor-profile/test-support.js';

// Issue 18, item 2: documents belong to a patient account, not to whoever holds an e-mail address.
// A doctor reaches only their own patients; a walk-in's document waits for an administrator, who
// links it after checking the cédula; every lookup and issue lands in the patient's access history.

let t: TestApp;
let ana: Person; // doctor
let bruno: Person; // another doctor
let admin: Person;
let maria: Person; // Ana's patient (a consultation with her)
let pedro: Person; // registered, nobody's patient
let squatter: Person; // registers victima@example.com after a document was issued to it

const RECETA = { patientName: 'María Núñez', date: '2026-11-21', Medicamentos: [{ medicamento: 'Paracetamol', presentacion: 'Tabletas de 500 mg', dosis: '1 tableta', via: 'Oral', frecuencia: 'Cada 8 horas', duracion: '3 días', cantidad: '9 tabletas' }] };

const saveProfile = (jar: CookieJar) => {
  const body = multipart({ regNumber: 'Reg. 4521' }, [{ field: 'firma', filename: 'firma.png', bytes: drawnSignature(), type: 'image/png' }]);
  return t.app.inject({ method: 'PUT', url: '/api/doctor/documents/profile', payload: body.payload, headers: { ...body.headers, cookie: jar.header } });
};
const issue = (jar: CookieJar, tipo: string, payload: object) => call(t, jar, 'POST', `/api/doctor/documents/${tipo}`, payload);
const patientDocuments = async (who: Person) => {
  const res = await call(t, who.jar, 'GET', '/api/patient/documents');
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string; tipo: string; codigo: string }[]>();
};
/** The patient's "who accessed my data" history, as their Ley 81 export gives it. */
const accessHistory = async (who: Person) => {
  const res = await call(t, who.jar, 'GET', '/api/patient/export');
  expect(res.statusCode).toBe(200);
  return res.json<{ accesos: { rol: string; accion: string; resultado: string }[] }>().accesos;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: '0' });
  ana = await staffMember(t, 'doctor', { nombre: 'Ana', apellido: 'Castillo' });
  bruno = await staffMember(t, 'doctor', { nombre: 'Bruno', apellido: 'Díaz' });
  admin = await staffMember(t, 'admin');
  maria = await patient(t, { nombre: 'María José', apellido: 'Núñez', cedula: '8-123-4567', genero: 'femenino', edad: '34' });
  pedro = await patient(t, { nombre: 'Pedro', apellido: 'Mora', cedula: '4-555-1212' });
  await consultation(t, maria, ana.id);
  expect((await saveProfile(ana.jar)).statusCode).toBe(200);
  expect((await saveProfile(bruno.jar)).statusCode).toBe(200);
  await completeDoctorProfile(t, ana.jar);
  await completeDoctorProfile(t, bruno.jar, { nombreCompleto: 'Bruno Díaz', sexo: 'Hombre' });
});
afterAll(async () => t.close());

describe('the document-squatting sequence', () => {
  it('a document issued to an address without an account is not shown to whoever registers that address later', async () => {
    const res = await issue(ana.jar, 'recetario', { ...RECETA, correoPaciente: 'victima@example.com', patientName: 'Víctima Real' });
    expect(res.statusCode, res.body).toBe(201);
    const [doc] = await select<{ id: string; patient_id: string | null }>(t, `select id, patient_id from documents where correo_paciente = 'victima@example.com'`);
    expect(doc!.patient_id).toBeNull();
    // No e-mail told that address about it either: it is nobody's area yet.
    expect(await select(t, `select id from mail_jobs where recipient = 'victima@example.com'`)).toEqual([]);

    squatter = await patient(t, { correo: 'victima@example.com', nombre: 'Intruso', apellido: 'Cualquiera' });
    expect(await patientDocuments(squatter)).toEqual([]);
    const stolen = await call(t, squatter.jar, 'GET', `/api/patient/documents/${doc!.id}/pdf`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ success: false, message: messages.notFound });
    const exported = await call(t, squatter.jar, 'GET', '/api/patient/export');
    expect(exported.json<{ documentos: unknown[] }>().documentos).toEqual([]);
  });

  it('a mistyped address of another patient binds the document to nobody', async () => {
    const res = await issue(ana.jar, 'recetario', { ...RECETA, correoPaciente: pedro.correo });
    expect(res.statusCode, res.body).toBe(201);
    expect(await patientDocuments(pedro)).toEqual([]);
  });
});

describe('documents issued to one of the doctor’s own patients', () => {
  it('is bound to the account, prints the account’s e-mail, tells that address and is audited with the patient id', async () => {
    const res = await issue(ana.jar, 'recetario', { ...RECETA, correoPaciente: 'otra-direccion@example.com', pacienteId: maria.id });
    expect(res.statusCode, res.body).toBe(201);
    const codigo = String(res.headers['x-documento-codigo']);
    const [row] = await select<{ id: string; patient_id: string; correo_paciente: string }>(
      t,
      `select id, patient_id, correo_paciente from documents where codigo = '${codigo}'`,
    );
    // correoPaciente is filled from the account, whatever the browser sent.
    expect(row).toMatchObject({ patient_id: maria.id, correo_paciente: maria.correo });
    expect((await patientDocuments(maria)).map((d) => d.codigo)).toContain(codigo);
    const pdf = await call(t, maria.jar, 'GET', `/api/patient/documents/${row!.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(await select(t, `select id from mail_jobs where recipient = '${maria.correo}' and kind = 'documentAvailable'`)).toHaveLength(1);
    expect(await select(t, `select id from mail_jobs where recipient = 'otra-direccion@example.com'`)).toEqual([]);

    const [audit] = await auditRows(t, `action = 'document.issue' and resource_id = '${row!.id}'`);
    expect(audit).toMatchObject({ actor_id: ana.id, patient_id: maria.id, outcome: 'success' });
    expect(await accessHistory(maria)).toContainEqual({
      fecha: expect.any(String),
      rol: 'Médico',
      accion: 'Emisión de un documento médico',
      resultado: 'Correcto',
    });
  });

  it('refuses a document for somebody who is not the doctor’s patient exactly as for an unknown account, and writes nothing', async () => {
    const before = await select(t, 'select id from documents');
    const notMine = await issue(bruno.jar, 'recetario', { ...RECETA, correoPaciente: maria.correo, pacienteId: maria.id });
    const unknown = await issue(bruno.jar, 'recetario', { ...RECETA, correoPaciente: maria.correo, pacienteId: crypto.randomUUID() });
    expect(notMine.statusCode).toBe(404);
    expect(notMine.body).toBe(unknown.body);
    expect(notMine.json()).toEqual({ success: false, message: messages.patientNotYours });
    expect(await select(t, 'select id from documents')).toHaveLength(before.length);
    const [denied] = await auditRows(t, `action = 'document.issue' and actor_id = '${bruno.id}' and patient_id = '${maria.id}'`);
    expect(denied).toMatchObject({ outcome: 'denied' });
  });
});

describe('the doctor’s patient lookup', () => {
  it('suggests only the doctor’s own patients, by name without accents or by the whole cédula', async () => {
    for (const q of ['maria jose', 'NÚÑEZ', '8-123-4567', ' 8-123-4567 ']) {
      const res = await call(t, ana.jar, 'GET', `/api/doctor/documents/patients?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json(), q).toEqual([{ id: maria.id, nombre: 'María José', apellido: 'Núñez', cedula: '8-123-4567' }]);
    }
    // The cédula is encrypted and found by its blind index (decision 0030): whole, never a prefix.
    expect((await call(t, ana.jar, 'GET', '/api/doctor/documents/patients?q=8-123')).json()).toEqual([]);
    // Pedro is registered but nobody's patient; Bruno treats nobody.
    expect((await call(t, ana.jar, 'GET', '/api/doctor/documents/patients?q=Pedro')).json()).toEqual([]);
    expect((await call(t, bruno.jar, 'GET', '/api/doctor/documents/patients?q=Mar')).json()).toEqual([]);
    const short = await call(t, ana.jar, 'GET', '/api/doctor/documents/patients?q=M');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(messages.patientSearchTooShort);
    expect((await call(t, maria.jar, 'GET', '/api/doctor/documents/patients?q=Mar')).statusCode).toBe(401);
  });

  it('answers a patient of another doctor exactly as an unknown person, audits it with the patient id, and the patient sees it', async () => {
    const asked = (jar: CookieJar, query: string) => call(t, jar, 'GET', `/api/doctor/documents/patient?${query}`);
    const notMine = await asked(bruno.jar, `correo=${encodeURIComponent(maria.correo)}`);
    const unknown = await asked(bruno.jar, 'correo=nadie.registrado@example.com');
    const notMineById = await asked(bruno.jar, `id=${maria.id}`);
    const unknownById = await asked(bruno.jar, `id=${crypto.randomUUID()}`);
    for (const res of [notMine, unknown, notMineById, unknownById]) {
      expect(res.statusCode).toBe(404);
      expect(res.body).toBe(JSON.stringify({ success: false, message: messages.patientNotYours }));
      expect(res.headers['content-type']).toBe(unknown.headers['content-type']);
      // Nothing of María leaves the server.
      expect(res.body).not.toContain('8-123-4567');
    }

    const rows = await auditRows(t, `action = 'document.patient_lookup' and actor_id = '${bruno.id}'`);
    expect(rows.filter((r) => r.patient_id === maria.id)).toHaveLength(2);
    expect(rows.every((r) => r.outcome === 'denied')).toBe(true);
    expect(await accessHistory(maria)).toContainEqual({
      fecha: expect.any(String),
      rol: 'Médico',
      accion: 'Búsqueda de datos del paciente para un documento',
      resultado: 'Rechazado',
    });

    // Her own doctor gets her data, audited as a success with her id.
    const mine = await asked(ana.jar, `id=${maria.id}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: maria.id, correo: maria.correo, cedula: '8-123-4567', genero: 'Mujer', edad: '34' });
    const [ok] = await auditRows(t, `action = 'document.patient_lookup' and actor_id = '${ana.id}'`);
    expect(ok).toMatchObject({ patient_id: maria.id, outcome: 'success' });
  });

  it('takes about as long for somebody else’s patient as for an unknown address', async () => {
    const time = async (query: string) => {
      const start = performance.now();
      await call(t, bruno.jar, 'GET', `/api/doctor/documents/patient?${query}`);
      return performance.now() - start;
    };
    const notMine: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 15; i++) {
      notMine.push(await time(`correo=${encodeURIComponent(maria.correo)}`));
      unknown.push(await time(`correo=nadie${i}@example.com`));
    }
    // The same single query and the same audit writes either way: no path is several times slower.
    const ratio = median(notMine) / median(unknown);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });
});

describe('an administrator links a walk-in’s document after checking the cédula', () => {
  it('lists it, refuses a cédula that does not match, links it to the right account, audits it and then the patient sees it', async () => {
    const res = await issue(ana.jar, 'solicitud-examenes', {
      correoPaciente: 'sin.cuenta@example.com',
      patientName: 'Rosa Pérez',
      CIP: '8-777-1234',
      country_code: '+507',
      Examenes: 'Hemograma completo.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const codigo = String(res.headers['x-documento-codigo']);

    const list = await call(t, admin.jar, 'GET', '/api/admin/documents/unlinked');
    expect(list.statusCode).toBe(200);
    const doc = list.json<{ items: { id: string; codigo: string; nombre_paciente: string; cedula_paciente: string; doctor: string }[] }>().items.find((d) => d.codigo === codigo)!;
    expect(doc).toMatchObject({ nombre_paciente: 'Rosa Pérez', cedula_paciente: '8-777-1234', doctor: 'Ana Castillo', titulo: 'Solicitud de Exámenes' });
    expect((await call(t, ana.jar, 'GET', '/api/admin/documents/unlinked')).statusCode).toBe(401);
    expect((await call(t, maria.jar, 'GET', '/api/admin/documents/unlinked')).statusCode).toBe(401);

    const candidates = (cedula: string) => call(t, admin.jar, 'GET', `/api/admin/documents/unlinked/${doc.id}/candidates?cedula=${encodeURIComponent(cedula)}`);
    // Not the cédula on the document.
    const wrong = await candidates('8-123-4567');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(messages.cedulaDoesNotMatchDocument);
    // Nobody registered with it yet.
    const nobody = await candidates('8-777-1234');
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe(messages.noPatientWithCedula);

    const rosa = await patient(t, { nombre: 'Rosa', apellido: 'Pérez', cedula: '8-777-1234' });
    expect(await patientDocuments(rosa)).toEqual([]);
    const found = await candidates(' 8-777-1234 ');
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toEqual([{ id: rosa.id, nombre: 'Rosa', apellido: 'Pérez', cedula: '8-777-1234', correo: rosa.correo }]);

    const link = (payload: object) => call(t, admin.jar, 'POST', `/api/admin/documents/unlinked/${doc.id}/link`, payload);
    // Another account (its cédula is not the one checked) is refused, and nothing changes.
    const other = await link({ pacienteId: pedro.id, cedula: '8-777-1234' });
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe(messages.cedulaDoesNotMatchPatient);
    const mismatch = await link({ pacienteId: pedro.id, cedula: '4-555-1212' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe(messages.cedulaDoesNotMatchDocument);
    expect(await patientDocuments(pedro)).toEqual([]);
    expect((await call(t, ana.jar, 'POST', `/api/admin/documents/unlinked/${doc.id}/link`, { pacienteId: rosa.id, cedula: '8-777-1234' })).statusCode).toBe(401);

    const ok = await link({ pacienteId: rosa.id, cedula: '8-777-1234' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: messages.documentLinked, paciente: 'Rosa Pérez' });
    expect((await patientDocuments(rosa)).map((d) => d.codigo)).toEqual([codigo]);
    const again = await link({ pacienteId: rosa.id, cedula: '8-777-1234' });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(messages.documentAlreadyLinked);
    const still = (await call(t, admin.jar, 'GET', '/api/admin/documents/unlinked?limit=100')).json<{ items: { id: string }[] }>().items;
    expect(still.map((d) => d.id)).not.toContain(doc.id);

    const [linked] = await auditRows(t, `action = 'document.link' and outcome = 'success' and resource_id = '${doc.id}'`);
    expect(linked).toMatchObject({ actor_id: admin.id, patient_id: rosa.id });
    expect(await auditRows(t, `action = 'document.link' and outcome = 'failure' and resource_id = '${doc.id}'`)).toHaveLength(3);
    expect(await accessHistory(rosa)).toContainEqual({
      fecha: expect.any(String),
      rol: 'Administrador',
      accion: 'Vinculación de un documento a la cuenta del paciente',
      resultado: 'Correcto',
    });
  });

  it('links a document whose form had no cédula to the account holding the cédula the administrator checked', async () => {
    const res = await issue(bruno.jar, 'recetario', { ...RECETA, correoPaciente: 'pedro.otro@example.com', patientName: 'Pedro Mora' });
    expect(res.statusCode).toBe(201);
    const doc = (await call(t, admin.jar, 'GET', '/api/admin/documents/unlinked?limit=100'))
      .json<{ items: { id: string; codigo: string; cedula_paciente: string }[] }>()
      .items.find((d) => d.codigo === res.headers['x-documento-codigo'])!;
    expect(doc.cedula_paciente).toBe('');
    const found = await call(t, admin.jar, 'GET', `/api/admin/documents/unlinked/${doc.id}/candidates?cedula=4-555-1212`);
    expect(found.json()).toEqual([expect.objectContaining({ id: pedro.id })]);
    const ok = await call(t, admin.jar, 'POST', `/api/admin/documents/unlinked/${doc.id}/link`, { pacienteId: pedro.id, cedula: '4-555-1212' });
    expect(ok.statusCode).toBe(200);
    expect(await patientDocuments(pedro)).toHaveLength(1);
  });
});

describe('the migration that binds the documents issued before this change', () => {
  it('binds one only to an account that existed and already was the issuing doctor’s patient when it was issued', async () => {
    const file = await fs.readFile(new URL('../../db/migrations/0013_documents_bound_to_patients.sql', import.meta.url), 'utf8');
    const binding = file.split('--> statement-breakpoint').at(-1)!;
    expect(binding).toContain('UPDATE "documents"');
    const exec = (text: string) => t.app.db.execute(sql.raw(text));
    // The squatter of victima@example.com even becomes doctor Ana's patient.
    await consultation(t, squatter, ana.id);

    // A timeline: accounts and María's consultation before the documents, the squatter's account after them.
    const timeline = async (consultationAt: string) => {
      await exec(`update documents set patient_id = null, created_at = '2026-06-01T12:00:00Z'`);
      await exec(`update patients set created_at = '2026-01-01T12:00:00Z'`);
      await exec(`update patients set created_at = '2026-07-01T12:00:00Z' where id = '${squatter.id}'`);
      await exec(`update consultations set fecha_registro = '${consultationAt}'`);
      await exec(binding);
      return select<{ correo_paciente: string; patient_id: string | null }>(t, 'select correo_paciente, patient_id from documents');
    };

    const after = await timeline('2026-02-01T12:00:00Z');
    const mariasDocs = after.filter((d) => d.correo_paciente === maria.correo);
    expect(mariasDocs.length).toBeGreaterThan(0);
    expect(mariasDocs.every((d) => d.patient_id === maria.id)).toBe(true);
    // The squatter, Pedro (registered, not Ana's patient when she typed his address) and the
    // addresses without an account stay unlinked, for an administrator.
    for (const correo of ['victima@example.com', pedro.correo, 'sin.cuenta@example.com']) {
      const docs = after.filter((d) => d.correo_paciente === correo);
      expect(docs.length, correo).toBeGreaterThan(0);
      expect(docs.every((d) => d.patient_id === null), correo).toBe(true);
    }

    // A consultation that came only after the document does not make it hers.
    const late = await timeline('2026-08-01T12:00:00Z');
    expect(late.filter((d) => d.correo_paciente === maria.correo).every((d) => d.patient_id === null)).toBe(true);
  });
});
