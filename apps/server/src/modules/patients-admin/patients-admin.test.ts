import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { adminPatientDetailSchema, messages } from '@clinica/shared';
import { PNG_1X1, createTestApp, type TestApp } from '../../../test/harness.js';
import { expectPagingRefusals } from '../../../test/staff-list.js';
import { auditRows, call, consultation, patient, select, staffMember, type Person } from '../records/records.test-support.js';

// /PacientesDataAdmin (issue 6): the paginated list, the accent-insensitive first-name search
// served by an index, the detail with Acuerdo and Primera_Consulta, and the ID-card image.

let t: TestApp;
let admin: Person;
let jose: Person;
let maria: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffMember(t, 'admin');
  jose = await patient(t, { nombre: 'José Luis', apellido: 'Núñez' });
  maria = await patient(t, { nombre: 'María', apellido: 'Ábrego' });
  await patient(t, { nombre: 'Josefina', apellido: 'Ortega' });
  await patient(t, { nombre: 'Pedro', apellido: 'Jose' });
});
afterAll(async () => t.close());

type Page = { items: { id: string; nombre: string; apellido: string }[]; next_cursor: string | null };
const list = async (query = '') => (await call(t, admin.jar, 'GET', `/api/admin/patients${query}`)).json<Page>();

describe('the list', () => {
  it('is paginated, newest first, with a cursor to the next page', async () => {
    const first = await list('?limit=3');
    expect(first.items.map((p) => p.nombre)).toEqual(['Pedro', 'Josefina', 'María']);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await list(`?limit=3&cursor=${first.next_cursor}`);
    expect(second.items.map((p) => p.nombre)).toEqual(['José Luis']);
    expect(second.next_cursor).toBeNull();
    // A page size or cursor the list cannot take is told what is wrong, as on every staff list.
    await expectPagingRefusals((query) => call(t, admin.jar, 'GET', `/api/admin/patients${query}`));
    // One row per patient each page showed (decision 0030): 3 on the first page, 1 on the second.
    const listed = await auditRows(t, `action = 'patient.list' and actor_id = '${admin.id}'`);
    expect(listed.map((r) => r.patient_id).sort()).toEqual([...first.items, ...second.items].map((p) => p.id).sort());
  });

  it('finds first names without case or accents, by prefix ("jose" finds José Luis and Josefina)', async () => {
    for (const q of ['jose', 'JOSE', 'José', 'josé']) {
      expect((await list(`?nombre=${encodeURIComponent(q)}`)).items.map((p) => p.nombre), q).toEqual(['Josefina', 'José Luis']);
    }
    expect((await list('?nombre=maria')).items.map((p) => p.apellido)).toEqual(['Ábrego']);
    // The last name is not searched, and LIKE's own characters are plain text.
    expect((await list('?nombre=%25')).items).toEqual([]);
    expect((await list('?nombre=_')).items).toEqual([]);
  });

  it('is served by the expression index on the folded first name', async () => {
    await t.app.db.execute(sql`SET enable_seqscan = off`);
    try {
      const plan = await select<{ 'QUERY PLAN': string }>(
        t,
        `EXPLAIN SELECT id FROM patients WHERE clinica_fold(nombre) LIKE clinica_fold('José') || '%'`,
      );
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('patients_nombre_fold_idx');
    } finally {
      await t.app.db.execute(sql`RESET enable_seqscan`);
    }
  });
});

describe('the detail', () => {
  it('shows the profile, Acuerdo, Primera_Consulta and the ID-card image, and records the read', async () => {
    const res = await call(t, admin.jar, 'GET', `/api/admin/patients/${maria.id}`);
    expect(res.statusCode).toBe(200);
    const d = z.strictObject(adminPatientDetailSchema.shape).parse(res.json());
    expect(d).toMatchObject({ nombre: 'María', apellido: 'Ábrego', correo: maria.correo, Acuerdo: true, Primera_Consulta: 1, name_img_cedula: 'cedula.png' });
    // Issue 24 item 4: the no-shows in the record, with the policy (none yet; prepay from 2 by default).
    expect(d.estado_inasistencias).toEqual({ inasistencias: 0, limite: 2, solo_pago_inmediato: false });
    expect(res.body).not.toMatch(/password|hash/i);
    const image = await call(t, admin.jar, 'GET', d.url_img_cedula!);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG_1X1)).toBe(true);
    const rows = await auditRows(t, `actor_id = '${admin.id}' and patient_id = '${maria.id}' and action <> 'patient.list'`);
    expect(rows.map((r) => r.action)).toEqual(['patient.read', 'file.id_card']);
    expect(rows[1]).toMatchObject({ actor_role: 'admin', resource_type: 'patient', resource_id: maria.id, outcome: 'success', method: 'GET' });
  });

  it('shows Primera_Consulta 0 once the first consultation is used', async () => {
    const doctor = await staffMember(t, 'doctor');
    await consultation(t, jose, doctor.id);
    expect((await call(t, admin.jar, 'GET', `/api/admin/patients/${jose.id}`)).json()).toMatchObject({ Primera_Consulta: 0 });
  });

  it('answers 404 for an unknown patient and refuses patients and doctors', async () => {
    expect((await call(t, admin.jar, 'GET', '/api/admin/patients/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const doctor = await staffMember(t, 'doctor');
    for (const who of [maria, doctor]) {
      expect((await call(t, who.jar, 'GET', `/api/admin/patients/${jose.id}`)).statusCode).toBe(401);
      expect((await call(t, who.jar, 'GET', `/api/admin/patients/${jose.id}/cedula-image`)).statusCode).toBe(401);
    }
    const [refusal] = await auditRows(t, `action = 'refusal' and path = '/api/admin/patients/${jose.id}/cedula-image' and status_code = 401`);
    // The gate refused before any account was resolved for this route: the row says who was anonymous here, and whose image it was.
    expect(refusal).toMatchObject({ actor_role: 'anonymous', outcome: 'denied', patient_id: jose.id });
    expect(messages.imageLinkFailed).toBe('No se pudo cargar la imagen del enlace.');
  });
});
