import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceNumber } from '@clinica/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { call, consultation, patient, select, staffMember, type Person } from '../records/records.test-support.js';

// The staff searches the pages label 'Nombre del paciente o N.º' (issue 23 leftovers, decision 0045):
// the short number people read finds the record, on /Consultas_Admin and on the doctor's own list;
// a doctor typing another doctor's patient's number finds nothing.

let t: TestApp;
let admin: Person;
let doctor: Person;
let otherDoctor: Person;
let mine: { token: string; numero: number };
let theirs: { token: string; numero: number };

const numeroOf = async (id: string) => (await select<{ numero: number }>(t, `select numero from consultations where id = '${id}'`))[0]!.numero;

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffMember(t, 'admin');
  doctor = await staffMember(t, 'doctor');
  otherDoctor = await staffMember(t, 'doctor');
  const a = await consultation(t, await patient(t, { nombre: 'Eulalia' }), doctor.id);
  const b = await consultation(t, await patient(t, { nombre: 'Fermín' }), otherDoctor.id);
  mine = { token: a.token, numero: await numeroOf(a.id) };
  theirs = { token: b.token, numero: await numeroOf(b.id) };
});
afterAll(async () => t.close());

type Page = { items: { token: string; numero: number }[]; next_cursor: string | null };

describe('the staff find a consultation by its short number', () => {
  it('the administrator: "000123", "N.º 123" and "#123" find it; the list row carries the number shown', async () => {
    for (const input of [referenceNumber(mine.numero), `N.º ${mine.numero}`, `#${mine.numero}`]) {
      const found = (await call(t, admin.jar, 'POST', '/api/admin/consultations/search', { input })).json<Page>();
      expect(found.items.map((r) => r.token), input).toContain(mine.token);
      expect(found.items.find((r) => r.token === mine.token)?.numero).toBe(mine.numero);
    }
  });

  it("the doctor: their own patient's number finds it, another doctor's patient's number finds nothing", async () => {
    const own = (await call(t, doctor.jar, 'GET', `/api/doctor/consultations?nombre=${encodeURIComponent(`N.º ${referenceNumber(mine.numero)}`)}`)).json<Page>();
    expect(own.items.map((r) => r.token)).toEqual([mine.token]);
    const other = (await call(t, doctor.jar, 'GET', `/api/doctor/consultations?nombre=${referenceNumber(theirs.numero)}`)).json<Page>();
    expect(other.items).toEqual([]);
    // The first name still works in the same box.
    const byName = (await call(t, doctor.jar, 'GET', '/api/doctor/consultations?nombre=eula')).json<Page>();
    expect(byName.items.map((r) => r.token)).toEqual([mine.token]);
  });
});
