import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRowSchema } from '@clinica/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { PASSWORD, auditRows, call, consultation, patient, staffMember, type Person } from '../records/records.test-support.js';

// The audit trail (issue 6): sign-ins, refusals, staff reads; append-only; the admin screen.

let t: TestApp;
let admin: Person;
let doctor: Person;
let carla: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffMember(t, 'admin');
  doctor = await staffMember(t, 'doctor');
  carla = await patient(t, { nombre: 'Carla' });
});
afterAll(async () => t.close());

describe('sign-ins', () => {
  it('records success and failure with who, role, when and where, never the password', async () => {
    const secret = 'contraseña-equivocada-123';
    expect((await call(t, null, 'POST', '/api/auth/login', { email: carla.correo, password: secret })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: carla.correo, password: PASSWORD }, headers: { 'user-agent': 'Prueba/1.0' } })).statusCode).toBe(200);
    expect((await call(t, null, 'POST', '/api/doctor/login', { email: doctor.correo, password: secret })).statusCode).toBe(401);

    const rows = await auditRows(t, `action = 'auth.login' and actor_correo in ('${carla.correo}', '${doctor.correo}')`);
    const summary = rows.map((r) => [r.actor_role, r.actor_correo, r.outcome, r.status_code]);
    expect(summary).toContainEqual(['patient', carla.correo, 'failure', 401]);
    expect(summary).toContainEqual(['patient', carla.correo, 'success', 200]);
    expect(summary).toContainEqual(['doctor', doctor.correo, 'failure', 401]);
    const success = rows.find((r) => r.outcome === 'success' && r.actor_role === 'patient')!;
    expect(success).toMatchObject({ actor_id: carla.id, patient_id: carla.id, path: '/api/auth/login', method: 'POST' });
    expect(success.ip).toBeTruthy();
    const all = JSON.stringify(await auditRows(t));
    expect(all).not.toContain(secret);
    expect(all).not.toContain(PASSWORD);
    expect(all).not.toMatch(/sid_(patient|admin|doctor)=/);
  });

  it('records every account the all-accounts sign-in opened', async () => {
    const res = await call(t, null, 'POST', '/api/admin/login-all', { email: admin.correo, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const rows = await auditRows(t, `action = 'auth.login_all' and actor_correo = '${admin.correo}'`);
    expect(rows).toEqual([expect.objectContaining({ actor_role: 'admin', actor_id: admin.id, outcome: 'success' })]);
  });
});

describe('refusals', () => {
  it('records 401s, and unknown /api routes, but not the public session polls', async () => {
    const before = (await auditRows(t, `action = 'refusal'`)).length;
    expect((await call(t, null, 'GET', '/api/admin/audit')).statusCode).toBe(401);
    expect((await call(t, null, 'GET', '/api/no-existe')).statusCode).toBe(404);
    expect((await call(t, null, 'GET', '/api/auth/session')).statusCode).toBe(200);
    const rows = (await auditRows(t, `action = 'refusal'`)).slice(before);
    expect(rows.map((r) => [r.actor_role, r.path, r.status_code, r.outcome])).toEqual([
      ['anonymous', '/api/admin/audit', 401, 'denied'],
      ['anonymous', '/api/no-existe', 404, 'denied'],
    ]);
    expect(rows[1]!.detail).toBe('ruta inexistente');
  });

  it('records a foreign-origin 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/suggestions',
      headers: { cookie: carla.jar.header, origin: 'https://evil.example' },
      payload: { sugerencia: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(await auditRows(t, `action = 'refusal' and status_code = 403 and path = '/api/suggestions'`)).toHaveLength(1);
  });
});

describe('a patient and the staff lists', () => {
  it('cannot reach any of them', async () => {
    const staffLists = [
      '/api/admin/patients',
      '/api/admin/suggestions',
      '/api/admin/audit',
      '/api/admin/audit/staff',
      '/api/admin/consultations',
      '/api/admin/receipts',
      '/api/doctor/consultations',
    ];
    for (const url of staffLists) {
      const res = await call(t, carla.jar, 'GET', url);
      expect(res.statusCode, url).toBe(401);
      expect(res.json(), url).toMatchObject({ success: false });
    }
    expect((await call(t, carla.jar, 'POST', '/api/admin/consultations/search', { input: 'Carla' })).statusCode).toBe(401);
  });
});

describe('the trail itself', () => {
  /** The database's own refusal (Drizzle wraps it: the trigger's message is the cause). */
  const refusal = async (query: ReturnType<typeof sql>) => {
    try {
      await t.app.db.execute(query);
    } catch (err) {
      const cause = (err as { cause?: { message?: string; code?: string } }).cause;
      return `${cause?.code} ${cause?.message}`;
    }
    return 'accepted';
  };

  it('cannot be changed or deleted by the application', async () => {
    const [row] = await auditRows(t);
    expect(await refusal(sql`UPDATE audit_log SET outcome = 'success' WHERE id = ${row!.id}`)).toBe('42501 audit_log es de solo anexado: UPDATE rechazado');
    expect(await refusal(sql`DELETE FROM audit_log WHERE id = ${row!.id}`)).toBe('42501 audit_log es de solo anexado: DELETE rechazado');
    expect(await refusal(sql`DELETE FROM audit_log`)).toBe('42501 audit_log es de solo anexado: DELETE rechazado');
    expect(await refusal(sql`TRUNCATE audit_log`)).toBe('42501 audit_log es de solo anexado: TRUNCATE rechazado');
    expect((await auditRows(t, `id = ${row!.id}`))[0]).toEqual(row);
    // Appending still works.
    expect(await refusal(sql`INSERT INTO audit_log (at, actor_role, action, outcome) VALUES (now(), 'anonymous', 'refusal', 'denied')`)).toBe('accepted');
  });
});

describe('staff reads and file downloads of the other modules', () => {
  it('each write a row naming the patient', async () => {
    const c = await consultation(t, carla, doctor.id);
    const detail = await call(t, admin.jar, 'GET', `/api/admin/consultations/${c.token}`);
    expect(detail.statusCode).toBe(200);
    const d = detail.json<{ pago: { token: string; Link_Comprobante: string } }>();
    await call(t, admin.jar, 'GET', '/api/admin/consultations');
    await call(t, admin.jar, 'GET', `/api/admin/receipts/${d.pago.token}`);
    expect((await call(t, admin.jar, 'GET', d.pago.Link_Comprobante)).statusCode).toBe(200);
    expect((await call(t, carla.jar, 'GET', `/api/receipts/${d.pago.token}/comprobante`)).statusCode).toBe(200);

    const rows = await auditRows(t, `action in ('consultation.read', 'consultation.list', 'receipt.read', 'file.receipt') and id > 0`);
    const of = (action: string, actor: string) => rows.filter((r) => r.action === action && r.actor_id === actor);
    expect(of('consultation.read', admin.id)).toEqual([expect.objectContaining({ patient_id: carla.id, resource_id: c.id, outcome: 'success' })]);
    // A list writes one row per patient it showed (decision 0030).
    expect(of('consultation.list', admin.id)).toEqual([expect.objectContaining({ patient_id: carla.id, actor_role: 'admin' })]);
    expect(of('receipt.read', admin.id)).toEqual([expect.objectContaining({ patient_id: carla.id })]);
    expect(of('file.receipt', admin.id)).toEqual([expect.objectContaining({ patient_id: carla.id, detail: 'comprobante' })]);
    expect(of('file.receipt', carla.id)).toEqual([expect.objectContaining({ actor_role: 'patient', patient_id: carla.id })]);
  });
});

describe('/Auditoria_Admin', () => {
  it('lists rows newest first, filtered by patient and by staff member, paginated', async () => {
    const c = await consultation(t, carla, doctor.id);
    await call(t, doctor.jar, 'GET', `/api/doctor/consultations/${c.token}`);
    await call(t, admin.jar, 'GET', `/api/admin/patients/${carla.id}`);

    type Page = { items: { id: number; action: string; actor_id: string | null; patient_id: string | null; paciente: string | null }[]; next_cursor: string | null };
    const byPatient = (await call(t, admin.jar, 'GET', `/api/admin/audit?patient_id=${carla.id}`)).json<Page>();
    byPatient.items.forEach((r) => auditRowSchema.parse(r));
    expect(byPatient.items.every((r) => r.patient_id === carla.id)).toBe(true);
    expect(byPatient.items.slice(0, 2).map((r) => r.action)).toEqual(['patient.read', 'consultation.read']);
    expect(byPatient.items[0]!.paciente).toBe('Carla González');

    const byDoctor = (await call(t, admin.jar, 'GET', `/api/admin/audit?actor_id=${doctor.id}`)).json<Page>();
    expect(byDoctor.items.length).toBeGreaterThan(0);
    expect(byDoctor.items.every((r) => r.actor_id === doctor.id)).toBe(true);

    const first = (await call(t, admin.jar, 'GET', '/api/admin/audit?limit=2')).json<Page>();
    const second = (await call(t, admin.jar, 'GET', `/api/admin/audit?limit=2&cursor=${first.next_cursor}`)).json<Page>();
    expect(second.items[0]!.id).toBeLessThan(first.items[1]!.id);

    const staffRes = await call(t, admin.jar, 'GET', '/api/admin/audit/staff');
    expect(staffRes.json<{ id: string }[]>().map((s) => s.id)).toEqual(expect.arrayContaining([admin.id, doctor.id]));
    expect(staffRes.body).not.toMatch(/password|hash/i);
  });
});
