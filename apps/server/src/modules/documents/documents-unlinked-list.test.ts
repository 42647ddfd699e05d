import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UnlinkedDocument } from '@clinica/shared';
import { createTestApp, multipart, type TestApp } from '../../../test/harness.js';
import { drawnSignature } from '../../../test/signature-fixture.js';
import { expectEveryRowOnce, expectFoldedPrefixSearch, expectPagingRefusals, type ListPage } from '../../../test/staff-list.js';
import { call, select, staffMember, type Person } from '../records/records.test-support.js';
import { completeDoctorProfile } from '../doctor-profile/test-support.js';

// /Documentos_Admin on the staff list (issue 21, decision 0047): documents waiting to be linked,
// oldest first by keyset pages (no silent 500-row cap), searched by the name the form carried with
// the one folded prefix search of every staff list.

let t: TestApp;
let admin: Person;

beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: '0' });
  admin = await staffMember(t, 'admin');
  const doctor = await staffMember(t, 'doctor', { nombre: 'Ana', apellido: 'Castillo' });
  const body = multipart({ regNumber: 'Reg. 4521' }, [{ field: 'firma', filename: 'firma.png', bytes: drawnSignature(), type: 'image/png' }]);
  const saved = await t.app.inject({ method: 'PUT', url: '/api/doctor/documents/profile', payload: body.payload, headers: { ...body.headers, cookie: doctor.jar.header } });
  expect(saved.statusCode).toBe(200);
  await completeDoctorProfile(t, doctor.jar);
  for (const [i, name] of ['María Núñez', 'Mariano Ríos', 'Rosamaría Paz', 'Ana María Vega'].entries()) {
    const res = await call(t, doctor.jar, 'POST', '/api/doctor/documents/solicitud-examenes', {
      correoPaciente: `sin.cuenta.${i}@example.com`,
      patientName: name,
      country_code: '+507',
      Examenes: 'Hemograma completo.',
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  // 50 more of Rosamaría's, by SQL, two at each instant (the id breaks ties).
  await t.app.db.execute(
    sql.raw(`insert into documents select (jsonb_populate_record(null::documents, to_jsonb(d) || jsonb_build_object(
      'id', md5('doc-' || g)::uuid, 'codigo', 'CLON-' || g, 'numero', null,
      'created_at', d.created_at + make_interval(secs => (g + 1) / 2)))).*
    from documents d, generate_series(1, 50) g where d.nombre_paciente = 'Rosamaría Paz'`),
  );
});
afterAll(async () => t.close());

const list = async (query = '', nombre?: string) => {
  const extra = [nombre === undefined ? '' : `nombre=${encodeURIComponent(nombre)}`, query.replace(/^\?/, '')].filter(Boolean).join('&');
  const res = await call(t, admin.jar, 'GET', `/api/admin/documents/unlinked${extra ? `?${extra}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListPage<UnlinkedDocument>>();
};

describe('the search of /Documentos_Admin', () => {
  it('finds "María Núñez" when "maria" is typed, without case or accents, from the start of the name', async () => {
    await expectFoldedPrefixSearch((text) => list('', text), (r) => r.nombre_paciente, ['María Núñez', 'Mariano Ríos']);
  });
});

describe('the pages of /Documentos_Admin', () => {
  it('shows every unlinked document once across its pages, oldest first, twenty unless told', async () => {
    const all = (await select<{ id: string }>(t, 'select id from documents where patient_id is null')).map((r) => r.id);
    expect(all).toHaveLength(54);
    await expectEveryRowOnce(list, (r) => r.id, all, [20, 25, 100]);
    const first = await list();
    expect(first.items).toHaveLength(20);
    const times = first.items.map((r) => r.created_at);
    expect([...times].sort()).toEqual(times);
  });

  it('refuses a page size or cursor it cannot take with the catalogue message', async () => {
    await expectPagingRefusals((query) => call(t, admin.jar, 'GET', `/api/admin/documents/unlinked${query}`));
  });
});
