import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { doctorConsultationDetailSchema, messages, panamaClock } from '@clinica/shared';
import { PNG_1X1, createTestApp, type TestApp } from '../../../test/harness.js';
import { consultationImages, consultations, files } from '../../db/schema.js';
import { chatRepository } from '../chat/chat.repository.js';
import { PDF_BYTES, auditRows, call, consultation, patient, staffMember, upload, type Person } from '../records/records.test-support.js';

// /Consultas_Admin_Doctor (issue 6): a doctor's own consultations, the modal, the follow-up the
// patient then sees, the exam files, and nothing of another doctor's consultations.

let t: TestApp;
let doctor: Person;
let other: Person;
let lucia: Person;
let mine: { token: string; id: string };
let theirs: { token: string; id: string };

beforeAll(async () => {
  t = await createTestApp();
  doctor = await staffMember(t, 'doctor');
  other = await staffMember(t, 'doctor');
  lucia = await patient(t, { nombre: 'Lucía', apellido: 'Batista' });
  mine = await consultation(t, lucia, doctor.id, 'Migraña desde hace tres días');
  theirs = await consultation(t, lucia, other.id, 'Consulta con el otro médico');
});
afterAll(async () => t.close());

const update = (over: Record<string, unknown> = {}) => ({
  consulta_id: mine.id,
  correo: lucia.correo,
  analisis: 'Cefalea tensional probable.',
  plan: 'Ibuprofeno 400 mg cada 8 horas por 3 días; hidratación.',
  fecha: '2026-12-01',
  hora: '10:30',
  revisado: 1,
  ...over,
});

describe('the list', () => {
  it('holds only the consultations assigned to the doctor', async () => {
    const res = await call(t, doctor.jar, 'GET', '/api/doctor/consultations');
    expect(res.statusCode).toBe(200);
    const page = res.json<{ items: { token: string; nombre: string; cedula: string; correo: string; fecha_registro: string }[]; next_cursor: string | null }>();
    expect(page.items.map((r) => r.token)).toEqual([mine.token]);
    expect(page.items[0]).toMatchObject({ nombre: 'Lucía', apellido: 'Batista', cedula: '8-123-456', correo: lucia.correo });
    expect(page.next_cursor).toBeNull();
    const [row] = await auditRows(t, `action = 'consultation.list' and actor_id = '${doctor.id}'`);
    expect(row).toMatchObject({ actor_role: 'doctor', outcome: 'success' });
  });

  it('finds the patient by first name without case or accents', async () => {
    for (const q of ['lucia', 'LUCÍA', 'Luc']) {
      const page = (await call(t, doctor.jar, 'GET', `/api/doctor/consultations?nombre=${encodeURIComponent(q)}`)).json<{ items: unknown[] }>();
      expect(page.items, q).toHaveLength(1);
    }
    const none = (await call(t, doctor.jar, 'GET', '/api/doctor/consultations?nombre=Pedro')).json<{ items: unknown[] }>();
    expect(none.items).toHaveLength(0);
  });

  it('is closed to patients and administrators', async () => {
    const admin = await staffMember(t, 'admin');
    expect((await call(t, lucia.jar, 'GET', '/api/doctor/consultations')).statusCode).toBe(401);
    expect((await call(t, admin.jar, 'GET', '/api/doctor/consultations')).statusCode).toBe(401);
  });
});

describe('the modal', () => {
  it('shows the full patient data, vitals and images, and no chat section until the chat has lines', async () => {
    const fileId = crypto.randomUUID();
    await t.app.storage.put(fileId, PNG_1X1, { encrypt: true });
    await t.app.db.insert(files).values({ id: fileId, kind: 'consultation_image', mime: 'image/png', size: PNG_1X1.length, sha256: 'x', nombre: 'garganta.png', encrypted: true });
    await t.app.db.insert(consultationImages).values({ consultation_id: mine.id, file_id: fileId });
    // Through drizzle: the vitals are encrypted columns (decision 0030).
    await t.app.db.update(consultations).set({ peso: 61.5, talla: 1.62, presion_arterial: '120/80' }).where(eq(consultations.id, mine.id));

    const res = await call(t, doctor.jar, 'GET', `/api/doctor/consultations/${mine.token}`);
    expect(res.statusCode).toBe(200);
    const d = z.strictObject(doctorConsultationDetailSchema.shape).parse(res.json());
    expect(d).toMatchObject({
      nombre: 'Lucía',
      nacionalidad: 'Panamá',
      genero: 'femenino',
      edad: 31,
      direccion: 'Calle 50, Ciudad de Panamá',
      celular: '+507 6123-4567',
      sintomas: 'Migraña desde hace tres días',
      alergias: 'Penicilina',
      peso: 61.5,
      talla: 1.62,
      presion_arterial: '120/80',
      chat: [],
    });
    expect(d.imagenes).toEqual([{ url: `/api/doctor/consultations/${mine.token}/images/${fileId}`, nombre: 'garganta.png' }]);
    const image = await call(t, doctor.jar, 'GET', d.imagenes[0]!.url);
    expect(image.rawPayload.equals(PNG_1X1)).toBe(true);
    expect(await auditRows(t, `action = 'file.consultation_image' and actor_id = '${doctor.id}' and patient_id = '${lucia.id}'`)).toHaveLength(1);
    expect(await auditRows(t, `action = 'consultation.read' and actor_id = '${doctor.id}' and patient_id = '${lucia.id}'`)).toHaveLength(1);
  });

  it("shows the consultation's chat transcript, in order, from the chat's own messages", async () => {
    const at = (min: number) => new Date(Date.parse('2026-11-21T15:00:00.000Z') + min * 60_000);
    await chatRepository(t.app.db).insertMessages([
      { consultation_id: mine.id, sender_role: 'patient', sender_id: lucia.id, body: 'Me duele la cabeza', created_at: at(1) },
      { consultation_id: mine.id, sender_role: 'doctor', sender_id: doctor.id, body: '¿Desde cuándo?', created_at: at(2) },
    ]);
    const d = (await call(t, doctor.jar, 'GET', `/api/doctor/consultations/${mine.token}`)).json<{ chat: unknown[] }>();
    expect(d.chat).toEqual([
      { de: 'paciente', texto: 'Me duele la cabeza', enviado_at: at(1).toISOString() },
      { de: 'doctor', texto: '¿Desde cuándo?', enviado_at: at(2).toISOString() },
    ]);
  });

  it('answers 404 for a consultation assigned to another doctor, and records the refusal', async () => {
    const res = await call(t, doctor.jar, 'GET', `/api/doctor/consultations/${theirs.token}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('otro médico');
    // Nor the patient's phone, which the doctor's own consultations link to WhatsApp (decision 0060).
    expect(res.body).not.toContain('6123-4567');
    const [row] = await auditRows(t, `action = 'refusal' and actor_id = '${doctor.id}' and resource_id = '${theirs.token}'`);
    expect(row).toMatchObject({ actor_role: 'doctor', outcome: 'denied', status_code: 404, patient_id: lucia.id });
  });
});

describe('the follow-up (Actualizar)', () => {
  it('saves analysis, plan, next visit and the reviewed flag, and the patient sees them', async () => {
    const res = await call(t, doctor.jar, 'POST', '/api/doctor/consultations/update', update());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: messages.consultationUpdated });
    const seen = (await call(t, lucia.jar, 'GET', `/api/consultations/${mine.token}`)).json<Record<string, unknown>>();
    expect(seen).toMatchObject({
      analisis: 'Cefalea tensional probable.',
      plan: 'Ibuprofeno 400 mg cada 8 horas por 3 días; hidratación.',
      fecha: '2026-12-01',
      hora: '10:30',
      revisado: 1,
    });
    const [row] = await auditRows(t, `action = 'consultation.update' and actor_id = '${doctor.id}'`);
    expect(row).toMatchObject({ patient_id: lucia.id, resource_id: mine.id, outcome: 'success' });
  });

  it('clears the next visit when both are left empty', async () => {
    expect((await call(t, doctor.jar, 'POST', '/api/doctor/consultations/update', update({ fecha: '', hora: '', revisado: 0 }))).statusCode).toBe(200);
    const seen = (await call(t, lucia.jar, 'GET', `/api/consultations/${mine.token}`)).json<Record<string, unknown>>();
    expect(seen).toMatchObject({ fecha: null, hora: null, revisado: 0 });
  });

  it('refuses a next-visit date without its time, a wrong e-mail and bad values', async () => {
    const half = await call(t, doctor.jar, 'POST', '/api/doctor/consultations/update', update({ hora: '' }));
    expect(half.statusCode).toBe(400);
    expect(half.json()).toMatchObject({ message: messages.nextVisitIncomplete, errors: { hora: messages.nextVisitIncomplete } });
    const wrongMail = await call(t, doctor.jar, 'POST', '/api/doctor/consultations/update', update({ correo: 'otra@example.com' }));
    expect(wrongMail.statusCode).toBe(400);
    expect(wrongMail.json()).toMatchObject({ message: messages.consultationEmailMismatch });
    expect((await call(t, doctor.jar, 'POST', '/api/doctor/consultations/update', update({ fecha: '2026-02-30' }))).json()).toMatchObject({ message: messages.invalidDate });
    expect((await call(t, doctor.jar, 'POST', '/api/doctor/consultations/update', update({ hora: '25:00' }))).json()).toMatchObject({ message: messages.invalidTime });
    expect((await call(t, doctor.jar, 'POST', '/api/doctor/consultations/update', update({ revisado: 2 }))).statusCode).toBe(400);
  });

  it('refuses a next visit in the past (Panama time), and accepts one later today', async () => {
    const { date, hour } = panamaClock(t.clock.now());
    const past = await call(t, doctor.jar, 'POST', '/api/doctor/consultations/update', update({ fecha: '2026-01-05', hora: '10:00' }));
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ message: messages.nextVisitInPast, errors: { fecha: messages.nextVisitInPast } });
    const earlierToday = `${String(Math.max(hour - 1, 0)).padStart(2, '0')}:00`;
    if (hour > 0) expect((await call(t, doctor.jar, 'POST', '/api/doctor/consultations/update', update({ fecha: date, hora: earlierToday }))).statusCode).toBe(400);
    const laterToday = await call(t, doctor.jar, 'POST', '/api/doctor/consultations/update', update({ fecha: date, hora: '23:59' }));
    expect(laterToday.statusCode, laterToday.body).toBe(200);
  });

  it('cannot touch another doctor consultation', async () => {
    const res = await call(t, doctor.jar, 'POST', '/api/doctor/consultations/update', update({ consulta_id: theirs.id }));
    expect(res.statusCode).toBe(404);
    const seen = (await call(t, lucia.jar, 'GET', `/api/consultations/${theirs.token}`)).json<Record<string, unknown>>();
    expect(seen.analisis).toBeNull();
  });
});

describe('exam files from the doctor', () => {
  it('are uploaded by the doctor, downloaded by doctor and patient, and refused to another doctor', async () => {
    const up = await upload(t, doctor.jar, `/api/doctor/consultations/${mine.token}/exam-files`, 'archivo_examenes', {
      filename: 'solicitud.pdf',
      bytes: PDF_BYTES,
    });
    expect(up.statusCode).toBe(201);
    const d = (await call(t, doctor.jar, 'GET', `/api/doctor/consultations/${mine.token}`)).json<{
      archivos_examenes: { id: string; url: string; subido_por: string }[];
      archivo_examenes_encrypted: string;
    }>();
    expect(d.archivos_examenes).toEqual([expect.objectContaining({ subido_por: 'doctor', nombre: 'solicitud.pdf' })]);
    expect(d.archivo_examenes_encrypted).toBe(d.archivos_examenes[0]!.url);
    const byDoctor = await call(t, doctor.jar, 'GET', d.archivos_examenes[0]!.url);
    expect(byDoctor.headers['content-type']).toBe('application/pdf');
    expect(byDoctor.rawPayload.equals(PDF_BYTES)).toBe(true);
    const patientList = (await call(t, lucia.jar, 'GET', `/api/consultations/${mine.token}/exam-files`)).json<{ url: string }[]>();
    expect((await call(t, lucia.jar, 'GET', patientList[0]!.url)).rawPayload.equals(PDF_BYTES)).toBe(true);

    const stranger = await call(t, other.jar, 'GET', `/api/doctor/consultations/${mine.token}/exam-files/${d.archivos_examenes[0]!.id}`);
    expect(stranger.statusCode).toBe(404);
    const sneaked = await upload(t, other.jar, `/api/doctor/consultations/${mine.token}/exam-files`, 'archivo_examenes', { filename: 'x.pdf', bytes: PDF_BYTES });
    expect(sneaked.statusCode).toBe(404);
    expect(await auditRows(t, `action = 'file.exam' and actor_id = '${doctor.id}' and patient_id = '${lucia.id}'`)).toHaveLength(1);
    expect(await auditRows(t, `action = 'file.exam_upload' and actor_role = 'doctor' and patient_id = '${lucia.id}'`)).toHaveLength(1);
  });
});
