import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema } from '@clinica/shared';
import { openAppointmentsClinic, type AppointmentsClinic } from '../appointments/appointments.test-support.js';
import { staffJar } from '../consultations/consultations.test-support.js';
import { driveEveryPath, expectRollupsEqualRecount, recount, rerunBackfill } from './rollups.test-support.js';

// The daily roll-ups are kept by triggers (decision 0057, "Session 11"): after every path of the
// product that changes a counted figure, each roll-up equals a recount from the live tables. On
// PGlite here (and on PostgreSQL under `npm test`'s postgres project and in
// dashboard-rollups.postgres.test.ts).

describe('dashboard roll-ups kept by triggers', () => {
  let c: AppointmentsClinic;
  let wrote: Awaited<ReturnType<typeof driveEveryPath>>;
  beforeAll(async () => {
    c = await openAppointmentsClinic();
    wrote = await driveEveryPath(c.t, c.paypal);
  }, 300_000);
  afterAll(async () => {
    await c?.close();
  });

  it('equal a recount from the live tables after payments, authorisations, rejections, refunds, bookings, a reschedule and a no-show', async () => {
    const r = await expectRollupsEqualRecount(c.t.app.db, { counted: true });
    // The reschedule moved the count from Monday to Wednesday, and the no-show is Wednesday's.
    expect(r.appointments!.live.join('\n')).toContain('"citas":1,"dia":"2026-11-25"');
    expect(r.appointments!.live.join('\n')).toContain('"no_asistio":1');
    expect(r.appointments!.live.join('\n')).not.toContain('"dia":"2026-11-23"');
    // The PayPal refund and the transfer refund are both counted.
    expect(r.refunds!.live).toHaveLength(2);
  });

  it('give the route the same figures: the two-hour wait to authorisation, the refunds, the no-show', async () => {
    const admin = await staffJar(c.t, 'admin');
    const res = await c.t.app.inject({ method: 'GET', url: '/api/admin/dashboard?desde=2026-11-01&hasta=2026-11-30', headers: { cookie: admin.header } });
    expect(res.statusCode, res.body).toBe(200);
    const d = dashboardSchema.parse(res.json());
    expect(d.autorizacion.porMetodo.find((m) => m.metodo === 'Transferencia')).toEqual({ metodo: 'Transferencia', consultas: 1, mediana_s: 7200 });
    expect(d.autorizacion.porMetodo.find((m) => m.metodo === 'Paypal o Tarjeta')!.consultas).toBe(1);
    expect(d.reembolsos.completados).toBe(2);
    expect(d.inasistencia).toEqual({ marcadas: 1, no_asistio: 1, tasa: 1 });
    // Four consultations requested; one appointment held (the cancelled and the rejected ones are not).
    expect(d.actividad.diaria.reduce((s, p) => s + p.consultas.consulta_general + p.consultas.psicologia + p.consultas.medicina_interna, 0)).toBe(4);
    expect(d.actividad.diaria.reduce((s, p) => s + p.citas.consulta_general + p.citas.psicologia + p.citas.medicina_interna, 0)).toBe(1);
  });

  it('stay equal when rows are deleted (no product path deletes them; a trigger cannot be bypassed by one)', async () => {
    const count = async () => (await c.t.app.db.execute(sql`select coalesce(sum(citas), 0)::int as n from dashboard_appointments_daily`)) as { rows: { n: number }[] };
    expect((await count()).rows[0]!.n).toBe(1);
    await c.t.app.db.execute(sql`delete from appointments where token = ${wrote.appointments.rescheduled}`);
    expect((await count()).rows[0]!.n).toBe(0);
    await c.t.app.db.execute(sql`update consultations set permiso_chat = false where id = ${wrote.consultations.authorised}`);
    await expectRollupsEqualRecount(c.t.app.db);
  });

  it('are rebuilt by the migration’s back-fill to the same figures', async () => {
    const before = await recount(c.t.app.db);
    await rerunBackfill(c.t.app.db);
    expect(await recount(c.t.app.db)).toEqual(before);
    await expectRollupsEqualRecount(c.t.app.db);
  });
});
