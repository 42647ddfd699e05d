import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminDataRequest } from '@clinica/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { expectEveryRowOnce, expectFoldedPrefixSearch, expectPagingRefusals, type ListPage } from '../../../test/staff-list.js';
import { call, patient, select, staffMember, type Person } from '../records/records.test-support.js';

// /Solicitudes_Datos_Admin on the staff list (issue 21, decision 0047): the patient's first-name
// search is the one folded prefix search of every staff list, and both tabs page by keyset.

let t: TestApp;
let admin: Person;
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: '0' });
  admin = await staffMember(t, 'admin');
  for (const nombre of ['María', 'Mariano', 'Rosamaría', 'Ana María']) {
    const who = await patient(t, { nombre, apellido: 'Prueba' });
    ids[nombre] = who.id;
    const res = await call(t, who.jar, 'POST', '/api/patient/data-requests/closing', { motivo: 'Ya no uso el servicio.', confirmo: true });
    expect(res.statusCode, res.body).toBe(201);
  }
  // 60 handled requests of Rosamaría's, by SQL, two at each instant (the id breaks ties): the
  // handled tab is longer than a page at every size it takes.
  await t.app.db.execute(
    sql.raw(`insert into data_requests select (jsonb_populate_record(null::data_requests, to_jsonb(r) || jsonb_build_object(
      'id', md5('dr-' || g)::uuid, 'estado', 'rechazada', 'respuesta', 'No procede.',
      'resuelta_at', r.created_at, 'resuelta_por', '${admin.id}',
      'created_at', r.created_at - make_interval(secs => (g + 1) / 2)))).*
    from data_requests r, generate_series(1, 60) g where r.patient_id = '${ids['Rosamaría']}'`),
  );
});
afterAll(async () => t.close());

const list = async (estado: 'pendiente' | 'resuelta', query = '', nombre?: string) => {
  const extra = query.replace(/^\?/, '');
  const url = `/api/admin/data-requests?estado=${estado}${nombre === undefined ? '' : `&nombre=${encodeURIComponent(nombre)}`}${extra ? `&${extra}` : ''}`;
  const res = await call(t, admin.jar, 'GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListPage<AdminDataRequest>>();
};

describe('the search of /Solicitudes_Datos_Admin', () => {
  it('finds the requests of "María" when "maria" is typed, without case or accents, from the start of the first name', async () => {
    await expectFoldedPrefixSearch((text) => list('pendiente', '', text), (r) => r.paciente.nombre, ['María', 'Mariano']);
  });

  it('searches the handled tab the same way, and an empty search is the whole list', async () => {
    expect((await list('resuelta', '?limit=100', 'rosa')).items).toHaveLength(60);
    expect((await list('resuelta', '?limit=100', 'maria')).items).toEqual([]);
    expect((await list('pendiente', '', '')).items).toHaveLength(4);
  });
});

describe('the pages of /Solicitudes_Datos_Admin', () => {
  it('shows every handled request once across its pages, newest first', async () => {
    const all = (await select<{ id: string }>(t, `select id from data_requests where estado <> 'pendiente'`)).map((r) => r.id);
    expect(all).toHaveLength(60);
    await expectEveryRowOnce((query) => list('resuelta', query), (r) => r.id, all);
    const first = await list('resuelta', '?limit=5');
    const times = first.items.map((r) => r.created_at);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('refuses a page size or cursor it cannot take with the catalogue message', async () => {
    await expectPagingRefusals((query) => call(t, admin.jar, 'GET', `/api/admin/data-requests?estado=resuelta&${query.slice(1)}`));
  });

  it('is for administrators only', async () => {
    const doctor = await staffMember(t, 'doctor');
    expect((await call(t, doctor.jar, 'GET', '/api/admin/data-requests?nombre=maria')).statusCode).toBe(401);
  });
});
