import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { messages, patientExportSchema, profileSchema } from '@clinica/shared';
import { PNG_1X1, createTestApp, type TestApp } from '../../../test/harness.js';
import { PDF_BYTES, auditRows, call, consultation, patient, select, staffMember, upload, type Person } from './records.test-support.js';

// The patient's own records (issue 6): profile and ID image, exam files, the Ley 81 export, and
// that nothing of another patient is reachable by changing a token or an id.

let t: TestApp;
let doctor: Person;
let ana: Person;
let beto: Person;
let anaConsultation: { token: string; id: string };
let betoConsultation: { token: string; id: string };

beforeAll(async () => {
  t = await createTestApp();
  doctor = await staffMember(t, 'doctor');
  ana = await patient(t, { nombre: 'Ana', apellido: 'Quintero' });
  beto = await patient(t, { nombre: 'Beto', apellido: 'Saldaña' });
  anaConsultation = await consultation(t, ana, doctor.id, 'Dolor de garganta de Ana');
  betoConsultation = await consultation(t, beto, doctor.id, 'Dolor lumbar de Beto');
});
afterAll(async () => t.close());

describe('profile (/Usuarios)', () => {
  it('shows the signed-in patient their own profile fields, and nothing else', async () => {
    const res = await call(t, ana.jar, 'GET', '/api/patient/profile');
    expect(res.statusCode).toBe(200);
    const body = res.json<Record<string, unknown>>();
    expect(z.strictObject(profileSchema.shape).parse(body)).toMatchObject({
      nombre: 'Ana',
      apellido: 'Quintero',
      correo: ana.correo,
      cedula: '8-123-456',
      celular: '+507 6123-4567',
      name_img_cedula: 'cedula.png',
    });
    expect(JSON.stringify(body)).not.toMatch(/password|hash/i);
  });

  it('refuses the profile without a session', async () => {
    expect((await call(t, null, 'GET', '/api/patient/profile')).statusCode).toBe(401);
  });

  it('serves the patient their ID-card image, and another patient id card answers 404 with a refusal row', async () => {
    const own = (await call(t, ana.jar, 'GET', '/api/patient/profile')).json<{ url_img_cedula: string }>().url_img_cedula;
    const res = await call(t, ana.jar, 'GET', own);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG_1X1)).toBe(true);
    const [downloaded] = await auditRows(t, `action = 'file.id_card' and actor_id = '${ana.id}'`);
    expect(downloaded).toMatchObject({ actor_role: 'patient', patient_id: ana.id, outcome: 'success' });

    const betoUrl = (await call(t, beto.jar, 'GET', '/api/patient/profile')).json<{ url_img_cedula: string }>().url_img_cedula;
    const stolen = await call(t, ana.jar, 'GET', betoUrl);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.rawPayload.includes(PNG_1X1)).toBe(false);
    const refusals = await auditRows(t, `action = 'refusal' and actor_id = '${ana.id}' and path = '${betoUrl}'`);
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatchObject({ outcome: 'denied', status_code: 404, actor_role: 'patient' });
  });
});

describe('consultations of another patient', () => {
  it('answer 404 with no data when the token is changed, and the refusal names whose record it was', async () => {
    const res = await call(t, beto.jar, 'GET', `/api/consultations/${anaConsultation.token}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('Ana');
    expect(res.body).not.toContain('garganta');
    const [row] = await auditRows(t, `action = 'refusal' and actor_id = '${beto.id}' and path = '/api/consultations/${anaConsultation.token}'`);
    expect(row).toMatchObject({
      actor_role: 'patient',
      outcome: 'denied',
      status_code: 404,
      resource_type: 'consultation',
      resource_id: anaConsultation.token,
      patient_id: ana.id,
      method: 'GET',
    });
    expect(row!.ip).toBeTruthy();
  });

  it('keep their exam files out of reach: list, upload and download answer 404', async () => {
    const up = await upload(t, ana.jar, `/api/consultations/${anaConsultation.token}/exam-files`, 'archivo_examenes', {
      filename: 'hemograma.pdf',
      bytes: PDF_BYTES,
    });
    expect(up.statusCode).toBe(201);
    const [file] = (await call(t, ana.jar, 'GET', `/api/consultations/${anaConsultation.token}/exam-files`)).json<{ id: string; url: string }[]>();

    expect((await call(t, beto.jar, 'GET', `/api/consultations/${anaConsultation.token}/exam-files`)).statusCode).toBe(404);
    const stolen = await call(t, beto.jar, 'GET', file!.url);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.body).not.toContain('%PDF');
    // Beto's own token with Ana's file id is refused too.
    expect((await call(t, beto.jar, 'GET', `/api/consultations/${betoConsultation.token}/exam-files/${file!.id}`)).statusCode).toBe(404);
    const sneaked = await upload(t, beto.jar, `/api/consultations/${anaConsultation.token}/exam-files`, 'archivo_examenes', {
      filename: 'x.pdf',
      bytes: PDF_BYTES,
    });
    expect(sneaked.statusCode).toBe(404);
    expect(await auditRows(t, `action = 'refusal' and actor_id = '${beto.id}' and patient_id = '${ana.id}'`)).not.toHaveLength(0);
  });
});

describe('exam files', () => {
  it('are stored encrypted, listed, downloaded by their patient, and linked as archivo_examenes_encrypted', async () => {
    const c = await consultation(t, ana, doctor.id);
    const png = await upload(t, ana.jar, `/api/consultations/${c.token}/exam-files`, 'archivo_examenes', { filename: 'rx.png', bytes: PNG_1X1 });
    expect(png.statusCode).toBe(201);
    expect(png.json()).toEqual({ success: true, message: messages.examFileUploaded });
    const list = (await call(t, ana.jar, 'GET', `/api/consultations/${c.token}/exam-files`)).json<{ id: string; nombre: string; subido_por: string; url: string }[]>();
    expect(list).toEqual([expect.objectContaining({ nombre: 'rx.png', subido_por: 'patient' })]);

    const onDisk = await fs.readFile(path.join(t.dataDir, 'files', list[0]!.id.slice(0, 2), list[0]!.id));
    expect(onDisk.includes(PNG_1X1.subarray(0, 8))).toBe(false);

    const down = await call(t, ana.jar, 'GET', list[0]!.url);
    expect(down.statusCode).toBe(200);
    expect(down.headers['content-type']).toBe('image/png');
    expect(down.rawPayload.equals(PNG_1X1)).toBe(true);
    const [row] = await auditRows(t, `action = 'file.exam' and resource_id = '${c.id}'`);
    expect(row).toMatchObject({ actor_role: 'patient', actor_id: ana.id, patient_id: ana.id, outcome: 'success' });
    expect(JSON.stringify(row)).not.toContain('PNG');

    const detail = (await call(t, ana.jar, 'GET', `/api/consultations/${c.token}`)).json<{ archivo_examenes_encrypted: string | null }>();
    expect(detail.archivo_examenes_encrypted).toBe(`/api/consultations/${c.token}/exam-file`);
    const latest = await call(t, ana.jar, 'GET', detail.archivo_examenes_encrypted!);
    expect(latest.rawPayload.equals(PNG_1X1)).toBe(true);
  });

  it('refuses a file that is neither a PDF nor an image, by its content, and writes nothing', async () => {
    const before = await select<{ n: number }>(t, 'select count(*)::int as n from files');
    const res = await upload(t, ana.jar, `/api/consultations/${anaConsultation.token}/exam-files`, 'archivo_examenes', {
      filename: 'analisis.pdf',
      bytes: Buffer.from('MZ\x90\x00 not a pdf at all'),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: messages.invalidExamFile });
    const missing = await upload(t, ana.jar, `/api/consultations/${anaConsultation.token}/exam-files`, 'otro', { filename: 'a.pdf', bytes: PDF_BYTES });
    expect(missing.statusCode).toBe(400);
    expect(await select<{ n: number }>(t, 'select count(*)::int as n from files')).toEqual(before);
  });
});

describe('the data export (Ley 81 de 2019)', () => {
  it('is one JSON file with the caller data only', async () => {
    await call(t, ana.jar, 'POST', '/api/suggestions', { sugerencia: 'Más horarios los sábados' });
    await call(t, beto.jar, 'POST', '/api/suggestions', { sugerencia: 'Sugerencia privada de Beto' });
    const res = await call(t, ana.jar, 'GET', '/api/patient/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mis-datos-clinica-\d{4}-\d{2}-\d{2}\.json"$/);
    const data = patientExportSchema.parse(res.json());
    expect(data.perfil.correo).toBe(ana.correo);
    expect(data.consultas.map((c) => c.token)).toContain(anaConsultation.token);
    expect(data.consultas.every((c) => c.sintomas !== 'Dolor lumbar de Beto')).toBe(true);
    expect(data.pagos.length).toBe(data.consultas.length);
    expect(data.sugerencias).toEqual([expect.objectContaining({ sugerencia: 'Más horarios los sábados' })]);
    // Nothing of Beto anywhere in the file.
    for (const secret of [beto.correo, betoConsultation.token, 'Beto', 'Saldaña', 'lumbar']) expect(res.body).not.toContain(secret);
    expect(res.body).not.toMatch(/password|hash/i);
    const [row] = await auditRows(t, `action = 'patient.export' and actor_id = '${ana.id}'`);
    expect(row).toMatchObject({ patient_id: ana.id, outcome: 'success' });
  });

  it('lists who accessed the patient data', async () => {
    const admin = await staffMember(t, 'admin');
    await call(t, admin.jar, 'GET', `/api/admin/patients/${ana.id}`);
    const data = patientExportSchema.parse((await call(t, ana.jar, 'GET', '/api/patient/export')).json());
    expect(data.accesos).toContainEqual(expect.objectContaining({ rol: 'Administrador', accion: 'Ficha del paciente', resultado: 'Correcto' }));
  });
});
