import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema, messages, type Dashboard } from '@clinica/shared';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { member, sqlRows, type Member } from '../../../test/security/support.js';

/**
 * The administrators' dashboard (issue 26, item 4; decision 0057) against a data set whose every
 * total is known: consultations, appointments, payments and refunds written straight into the
 * tables at chosen instants (Panama days start at 05:00 UTC), then read through the route. The
 * test clock stands at 2026-11-21 15:00 UTC (10:00 in Panama).
 */

let t: TestApp;
let admin: Member;
let doctor: Member;
let d1: string;
let d2: string;

const RANGE = '?desde=2026-11-01&hasta=2026-11-20';
const get = (who: Member | null, url: string) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.jar.header } : {} });

let n = 0;
async function payment(p: {
  patient: string;
  servicio: string;
  monto: number;
  metodo: 'Paypal o Tarjeta' | 'Transferencia' | 'Yappy';
  estado: 'pendiente' | 'aprobado' | 'rechazado';
  at: string;
  decided?: string;
  owed?: boolean;
  proposito?: 'consulta' | 'cita';
}) {
  n += 1;
  const paypal = p.metodo === 'Paypal o Tarjeta';
  const [file] = paypal ? [] : await sqlRows<{ id: string }>(t, sql`insert into files (kind, mime, size, sha256, nombre, encrypted) values ('comprobante', 'image/png', 1, ${`sha${n}`}, 'r.png', false) returning id`);
  const [row] = await sqlRows<{ id: string }>(
    t,
    sql`insert into payments (token, patient_id, proposito, servicio, monto_cents, metodo_de_pago, estado, acuerdo, paypal_order_id, comprobante_file_id,
                              motivo_rechazo, decidido_at, reembolso_estado, reembolso_motivo, reembolso_debido_at, created_at)
        values (${`tok${n}`}, ${p.patient}, ${p.proposito ?? 'consulta'}, ${p.servicio}, ${p.monto}, ${p.metodo}, ${p.estado}, true,
                ${paypal ? `ORDER${n}` : null}, ${file?.id ?? null}, ${p.estado === 'rechazado' ? 'ilegible' : null},
                ${p.decided ?? (p.estado === 'aprobado' && paypal ? p.at : null)}::timestamptz,
                ${p.owed ? 'pendiente' : null}, ${p.owed ? 'consulta_sin_permiso' : null}, ${p.owed ? p.at : null}::timestamptz, ${p.at}::timestamptz)
        returning id`,
  );
  return row!.id;
}

async function consultation(doctorId: string, patientId: string, servicio: string, paymentId: string, at: string, permiso: boolean) {
  n += 1;
  await t.app.db.execute(
    sql`insert into consultations (token, patient_id, doctor_id, servicio, sintomas, antecedentes_familiares, antecedentes_personales, antecedentes_quirurgicos,
                                   alergias, otros_datos, consentimiento_at, payment_id, permiso_chat, fecha_registro)
        values (${`con${n}`}, ${patientId}, ${doctorId}, ${servicio}, 'x', 'x', 'x', 'x', 'x', 'x', ${at}::timestamptz, ${paymentId}, ${permiso}, ${at}::timestamptz)`,
  );
}

async function appointment(doctorId: string, patientId: string, servicio: string, paymentId: string, fecha: string, hora: string, estado: string, asistencia: string | null = null) {
  n += 1;
  const inicio = new Date(`${fecha}T${hora}:00-05:00`).toISOString();
  const [row] = await sqlRows<{ id: string }>(
    t,
    sql`insert into appointments (token, patient_id, doctor_id, servicio, fecha, hora, inicio, mensaje, estado, payment_id, cancelada_por, cancelada_at, asistencia, asistencia_at)
        values (${`cita${n}`}, ${patientId}, ${doctorId}, ${servicio}, ${fecha}, ${hora}, ${inicio}::timestamptz, 'x', ${estado}, ${paymentId},
                ${estado === 'cancelada' ? 'paciente' : null}, ${estado === 'cancelada' ? inicio : null}::timestamptz, ${asistencia}, ${asistencia ? inicio : null}::timestamptz)
        returning id`,
  );
  return row!.id;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await member(t, 'admin');
  doctor = await member(t, 'doctor', { nombre: 'Ana', apellido: 'Uno' });
  d1 = doctor.id;
  d2 = (await member(t, 'doctor', { nombre: '=HYPERLINK("x")', apellido: 'Dos' })).id;
  const p = (await member(t, 'patient')).id;

  // Consultations: seven requested in the range (one on its last Panama evening), one the evening before it.
  await consultation(d1, p, 'consulta_general', await payment({ patient: p, servicio: 'consulta_general', monto: 1000, metodo: 'Paypal o Tarjeta', estado: 'aprobado', at: '2026-11-02T15:00:00Z' }), '2026-11-02T15:00:00Z', true);
  await consultation(d1, p, 'psicologia', await payment({ patient: p, servicio: 'psicologia', monto: 1500, metodo: 'Transferencia', estado: 'aprobado', at: '2026-11-03T14:00:00Z', decided: '2026-11-03T16:00:00Z' }), '2026-11-03T14:00:00Z', true);
  await consultation(d2, p, 'medicina_interna', await payment({ patient: p, servicio: 'medicina_interna', monto: 2000, metodo: 'Yappy', estado: 'aprobado', at: '2026-11-10T15:00:00Z', decided: '2026-11-10T19:00:00Z' }), '2026-11-10T15:00:00Z', true);
  await consultation(d2, p, 'consulta_general', await payment({ patient: p, servicio: 'consulta_general', monto: 1000, metodo: 'Transferencia', estado: 'pendiente', at: '2026-11-20T15:00:00Z' }), '2026-11-20T15:00:00Z', false);
  await consultation(d1, p, 'consulta_general', await payment({ patient: p, servicio: 'consulta_general', monto: 1000, metodo: 'Paypal o Tarjeta', estado: 'aprobado', at: '2026-11-01T04:59:00Z' }), '2026-11-01T04:59:00Z', true);
  await consultation(d1, p, 'psicologia', await payment({ patient: p, servicio: 'psicologia', monto: 1500, metodo: 'Yappy', estado: 'pendiente', at: '2026-11-21T04:30:00Z' }), '2026-11-21T04:30:00Z', false);
  await consultation(d2, p, 'psicologia', await payment({ patient: p, servicio: 'psicologia', monto: 1500, metodo: 'Transferencia', estado: 'pendiente', at: '2026-11-08T15:00:00Z', owed: true }), '2026-11-08T15:00:00Z', false);
  await consultation(d1, p, 'consulta_general', await payment({ patient: p, servicio: 'consulta_general', monto: 1000, metodo: 'Yappy', estado: 'rechazado', at: '2026-11-09T15:00:00Z', decided: '2026-11-09T16:00:00Z' }), '2026-11-09T15:00:00Z', false);

  // Appointments: three held in the range (two marked, one of them a no-show), one cancelled and refunded, one after the range.
  const cita = (servicio: string, monto: number, metodo: 'Paypal o Tarjeta' | 'Transferencia' | 'Yappy', estado: 'aprobado' | 'pendiente', at: string, decided?: string) =>
    payment({ patient: p, servicio, monto, metodo, estado, at, decided, proposito: 'cita' });
  await appointment(d1, p, 'consulta_general', await cita('consulta_general', 1000, 'Paypal o Tarjeta', 'aprobado', '2026-11-04T15:00:00Z'), '2026-11-05', '10:00', 'confirmada', 'asistio');
  await appointment(d1, p, 'psicologia', await cita('psicologia', 1500, 'Transferencia', 'aprobado', '2026-11-04T16:00:00Z', '2026-11-04T18:00:00Z'), '2026-11-05', '11:00', 'confirmada', 'no_asistio');
  await appointment(d2, p, 'medicina_interna', await cita('medicina_interna', 2000, 'Yappy', 'pendiente', '2026-11-11T15:00:00Z'), '2026-11-12', '09:00', 'pendiente');
  const refunded = await cita('consulta_general', 1000, 'Paypal o Tarjeta', 'aprobado', '2026-11-06T15:00:00Z');
  await appointment(d2, p, 'consulta_general', refunded, '2026-11-12', '10:00', 'cancelada');
  await t.app.db.execute(sql`update payments set reembolso_estado = 'reembolsado', reembolso_motivo = 'cita_cancelada_paciente', reembolso_debido_at = '2026-11-06T20:00:00Z' where id = ${refunded}`);
  await t.app.db.execute(
    sql`insert into refunds (payment_id, estado, metodo, monto_cents, referencia, staff_id, completado_at) values (${refunded}, 'completado', 'Paypal o Tarjeta', 1000, 'REF1', ${admin.id}, '2026-11-07T15:00:00Z')`,
  );
  await appointment(d1, p, 'consulta_general', await cita('consulta_general', 1000, 'Paypal o Tarjeta', 'aprobado', '2026-11-20T15:00:00Z'), '2026-11-25', '10:00', 'confirmada');
});

afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/dashboard', () => {
  let d: Dashboard;
  beforeAll(async () => {
    const res = await get(admin, `/api/admin/dashboard${RANGE}`);
    expect(res.statusCode, res.body).toBe(200);
    d = dashboardSchema.parse(res.json());
  });

  it('counts consultations and appointments per Panama day and per week, by service', () => {
    expect(d.actividad.diaria).toHaveLength(20);
    expect(d.actividad.diaria[0]!.inicio).toBe('2026-11-01');
    const day = (fecha: string) => d.actividad.diaria.find((x) => x.inicio === fecha)!;
    // 04:59 UTC on 1 November is still 31 October in Panama: not in the range.
    expect(day('2026-11-01').consultas).toEqual({ consulta_general: 0, psicologia: 0, medicina_interna: 0 });
    // 04:30 UTC on 21 November is 20 November in Panama: the range's last day.
    expect(day('2026-11-20').consultas).toEqual({ consulta_general: 1, psicologia: 1, medicina_interna: 0 });
    expect(day('2026-11-05').citas).toEqual({ consulta_general: 1, psicologia: 1, medicina_interna: 0 });
    // The cancelled appointment of 12 November is not held.
    expect(day('2026-11-12').citas).toEqual({ consulta_general: 0, psicologia: 0, medicina_interna: 1 });
    const total = (k: 'consultas' | 'citas') => d.actividad.diaria.reduce((s, x) => s + x[k].consulta_general + x[k].psicologia + x[k].medicina_interna, 0);
    expect(total('consultas')).toBe(7);
    expect(total('citas')).toBe(3);

    expect(d.actividad.semanal.map((w) => w.inicio)).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16']);
    expect(d.actividad.semanal.map((w) => w.consultas)).toEqual([
      { consulta_general: 0, psicologia: 0, medicina_interna: 0 },
      // Sunday 8 November belongs to the week of Monday 2 November.
      { consulta_general: 1, psicologia: 2, medicina_interna: 0 },
      { consulta_general: 1, psicologia: 0, medicina_interna: 1 },
      { consulta_general: 1, psicologia: 1, medicina_interna: 0 },
    ]);
  });

  it('sums approved revenue by service and by method, and the refunds', () => {
    expect(d.ingresos.total_cents).toBe(9000);
    expect(d.ingresos.porServicio).toEqual([
      { servicio: 'consulta_general', pagos: 4, monto_cents: 4000 },
      { servicio: 'psicologia', pagos: 2, monto_cents: 3000 },
      { servicio: 'medicina_interna', pagos: 1, monto_cents: 2000 },
    ]);
    expect(d.ingresos.porMetodo).toEqual([
      { metodo: 'Paypal o Tarjeta', pagos: 4, monto_cents: 4000 },
      { metodo: 'Transferencia', pagos: 2, monto_cents: 3000 },
      { metodo: 'Yappy', pagos: 1, monto_cents: 2000 },
    ]);
    expect(d.reembolsos).toEqual({
      porMetodo: [
        { metodo: 'Paypal o Tarjeta', reembolsos: 1, monto_cents: 1000 },
        { metodo: 'Transferencia', reembolsos: 0, monto_cents: 0 },
        { metodo: 'Yappy', reembolsos: 0, monto_cents: 0 },
      ],
      completados: 1,
      completados_cents: 1000,
      pendientes: 1,
      pendientes_cents: 1500,
    });
  });

  it('gives the receipts waiting now with their longest and median wait', () => {
    // 10 days (the appointment's Yappy), 1 day, 10.5 hours; the one owed back and the rejected one do not wait.
    expect(d.recibosPendientes).toEqual({ cantidad: 3, espera_maxima_s: 864_000, espera_mediana_s: 86_400 });
  });

  it('gives the median time from payment to chat authorisation, overall and per method', () => {
    expect(d.autorizacion.consultas).toBe(3);
    expect(d.autorizacion.mediana_s).toBe(7200);
    expect(d.autorizacion.porMetodo).toEqual([
      { metodo: 'Paypal o Tarjeta', consultas: 1, mediana_s: 0 },
      { metodo: 'Transferencia', consultas: 1, mediana_s: 7200 },
      { metodo: 'Yappy', consultas: 1, mediana_s: 14_400 },
    ]);
  });

  it('gives the no-show rate and each doctor’s load', () => {
    expect(d.inasistencia).toEqual({ marcadas: 2, no_asistio: 1, tasa: 0.5 });
    const load = (id: string) => d.medicos.find((m) => m.id === id);
    expect(load(d1)).toEqual({ id: d1, nombre: 'Ana Uno', consultas: 4, citas: 2 });
    expect(load(d2)).toEqual({ id: d2, nombre: '=HYPERLINK("x") Dos', consultas: 3, citas: 1 });
  });

  it('reads the last 30 Panama days when no range is given', async () => {
    const res = await get(admin, '/api/admin/dashboard');
    expect(res.statusCode, res.body).toBe(200);
    const body = dashboardSchema.parse(res.json());
    expect([body.desde, body.hasta]).toEqual(['2026-10-23', '2026-11-21']);
    expect(body.actividad.diaria).toHaveLength(30);
    // The range now takes in 31 October's evening consultation too (eight in all).
    expect(body.actividad.diaria.reduce((s, x) => s + x.consultas.consulta_general + x.consultas.psicologia + x.consultas.medicina_interna, 0)).toBe(8);
  });
});

describe('GET /api/admin/dashboard refusals', () => {
  it.each([
    ['?desde=2026-11-20&hasta=2026-11-01', messages.dashboardRangeReversed],
    ['?desde=2025-11-01&hasta=2026-11-02', messages.dashboardRangeTooLong],
    ['?desde=2026-11-01', messages.dashboardRangeIncomplete],
    ['?hasta=2026-11-01', messages.dashboardRangeIncomplete],
    ['?desde=2026-02-30&hasta=2026-03-01', messages.invalidDate],
    ['?desde=ayer&hasta=hoy', messages.invalidDate],
  ])('refuses %s with a Spanish message', async (query, message) => {
    const res = await get(admin, `/api/admin/dashboard${query}`);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
  });

  it('accepts a whole year (366 days, 2028 being a leap year)', async () => {
    const res = await get(admin, '/api/admin/dashboard?desde=2028-01-01&hasta=2028-12-31');
    expect(res.statusCode, res.body).toBe(200);
    expect(dashboardSchema.parse(res.json()).actividad.diaria).toHaveLength(366);
  });

  it('refuses doctors, patients and anonymous callers: a staff gate, no figure in the answer', async () => {
    // A doctor's or a patient's session is no administrator's session (each role signs in on its own).
    for (const who of [doctor, await member(t, 'patient'), null]) {
      const res = await get(who, `/api/admin/dashboard${RANGE}`);
      expect([401, 403], res.body).toContain(res.statusCode);
      expect(res.body).not.toContain('ingresos');
    }
  });
});
