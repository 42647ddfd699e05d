import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { auditRows, call, patient, select, staffMember, type Person } from '../records/records.test-support.js';

// Suggestions (issue 6): the patient's one text area and the administrators' list.

let t: TestApp;
let admin: Person;
let jose: Person;
let ines: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffMember(t, 'admin');
  jose = await patient(t, { nombre: 'José', apellido: 'Pérez' });
  ines = await patient(t, { nombre: 'Inés', apellido: 'Cárdenas' });
});
afterAll(async () => t.close());

type Page = { items: { sugerencia: string; nombre: string; apellido: string; correo: string; fecha_registro: string }[]; next_cursor: string | null };

describe('sending a suggestion', () => {
  it('saves it with the spec message', async () => {
    const res = await call(t, jose.jar, 'POST', '/api/suggestions', { sugerencia: '  Más horarios los sábados  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: messages.suggestionSaved });
    const [row] = await select<{ sugerencia: string }>(t, `select sugerencia from suggestions where patient_id = '${jose.id}'`);
    expect(row!.sugerencia).toBe('Más horarios los sábados');
  });

  it('refuses an empty text after trimming with the mandatory-fields message', async () => {
    for (const sugerencia of ['', '   \n\t ']) {
      const res = await call(t, jose.jar, 'POST', '/api/suggestions', { sugerencia });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: messages.missingFields });
    }
    expect((await call(t, jose.jar, 'POST', '/api/suggestions', {})).json()).toMatchObject({ message: messages.missingFields });
    expect((await call(t, jose.jar, 'POST', '/api/suggestions', { sugerencia: 'x'.repeat(2001) })).json()).toMatchObject({ message: messages.fieldTooLong });
  });

  it('needs a patient session', async () => {
    expect((await call(t, null, 'POST', '/api/suggestions', { sugerencia: 'Hola' })).statusCode).toBe(401);
    expect((await call(t, admin.jar, 'POST', '/api/suggestions', { sugerencia: 'Hola' })).statusCode).toBe(401);
  });
});

describe('/Sugerencias_Admin', () => {
  it('lists sugerencia, nombre, apellido, correo and fecha_registro, newest first, paginated', async () => {
    t.clock.advance(60_000);
    await call(t, ines.jar, 'POST', '/api/suggestions', { sugerencia: 'Recordatorios por correo' });
    t.clock.advance(60_000);
    await call(t, jose.jar, 'POST', '/api/suggestions', { sugerencia: 'Pagar con Yappy es muy práctico' });
    const page = (await call(t, admin.jar, 'GET', '/api/admin/suggestions?limit=2')).json<Page>();
    expect(page.items.map((s) => s.sugerencia)).toEqual(['Pagar con Yappy es muy práctico', 'Recordatorios por correo']);
    expect(page.items[1]).toMatchObject({ nombre: 'Inés', apellido: 'Cárdenas', correo: ines.correo });
    const rest = (await call(t, admin.jar, 'GET', `/api/admin/suggestions?limit=2&cursor=${page.next_cursor}`)).json<Page>();
    expect(rest.items.map((s) => s.sugerencia)).toEqual(['Más horarios los sábados']);
    expect(rest.next_cursor).toBeNull();
    expect(await auditRows(t, `action = 'suggestion.list' and actor_id = '${admin.id}'`)).toHaveLength(2);
  });

  it('is searchable by first name, case and accent insensitive', async () => {
    const byName = async (q: string) =>
      (await call(t, admin.jar, 'GET', `/api/admin/suggestions?nombre=${encodeURIComponent(q)}`)).json<Page>().items.map((s) => s.nombre);
    expect(await byName('jose')).toEqual(['José', 'José']);
    expect(await byName('INES')).toEqual(['Inés']);
    expect(await byName('Cárdenas')).toEqual([]);
  });

  it('is closed to patients and doctors', async () => {
    const doctor = await staffMember(t, 'doctor');
    expect((await call(t, jose.jar, 'GET', '/api/admin/suggestions')).statusCode).toBe(401);
    expect((await call(t, doctor.jar, 'GET', '/api/admin/suggestions')).statusCode).toBe(401);
  });
});
