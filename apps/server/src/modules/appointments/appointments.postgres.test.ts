import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { PNG_1X1, multipart } from '../../../test/harness.js';
import { hasPostgres } from '../../../test/postgres.js';
import { twoPostgresInstances } from './postgres-instances.test-support.js';
import { rowsOf } from './appointments.test-support.js';

// PGlite has one connection, so simultaneous requests there reach the database one after the
// other. Here two server instances (two connection pools) share a real PostgreSQL 15 and the
// requests for one slot really run at once: the partial unique index decides.

describe.skipIf(!hasPostgres)('one slot on PostgreSQL 15, two server instances', () => {
  const { apps, dbs, patient } = twoPostgresInstances('clinica-pgappt-');

  it('50 simultaneous transfer requests through two instances: exactly one appointment', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const correo = `doc.${Math.random().toString(36).slice(2)}@example.com`;
    const reg = await a.inject({
      method: 'POST',
      url: '/api/doctor/register',
      payload: { clave_seguridad: 'demo-clave-doctor', nombre: 'Ana', apellido: 'Castillo', correo, password: 'secreto-seguro-1', password_confirm: 'secreto-seguro-1', servicio: 'consulta_general' },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    // Approved directly in the database: these two bare apps have no administrator (the approval
    // through the admin API is tested in staff-accounts.test.ts).
    const [doctor] = rowsOf<{ id: string }>(
      await dbs[0]!.db.execute(sql`update staff set estado = 'activo' where correo = ${correo} returning id`),
    );

    const jars = await Promise.all(Array.from({ length: 50 }, (_, i) => patient(i % 2 ? b : a)));
    const fields = { servicio: 'consulta_general', id_doctor: doctor!.id, fecha: '2026-11-25', hora: '10:00', mensaje: 'Control', metodo_de_pago: 'Yappy', monto: '10' };
    const answers = await Promise.all(
      jars.map((jar, i) => {
        const body = multipart(fields, [{ field: 'comprobante_tranferencia', filename: 'r.png', bytes: PNG_1X1 }]);
        return (i % 2 ? b : a).inject({ method: 'POST', url: '/api/appointments/receipt', headers: { ...body.headers, cookie: jar.header }, payload: body.payload });
      }),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().message).toBe(messages.appointmentSlotTaken);
    }
    const rows = rowsOf<{ n: number }>(await dbs[1]!.db.execute(sql`select count(*)::int as n from appointments where doctor_id = ${doctor!.id}`));
    expect(rows[0]!.n).toBe(1);
    const paid = rowsOf<{ n: number }>(await dbs[1]!.db.execute(sql`select count(*)::int as n from payments`));
    expect(paid[0]!.n).toBe(1);
  });

  it('the index itself: 50 simultaneous raw inserts of one slot, exactly one lands', async () => {
    const [doctor] = rowsOf<{ id: string }>(await dbs[0]!.db.execute(sql`select id from staff where role = 'doctor' limit 1`));
    const [p] = rowsOf<{ id: string }>(await dbs[0]!.db.execute(sql`select id from patients limit 1`));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        dbs[i % 2]!.db.execute(sql`insert into appointments (token, patient_id, doctor_id, servicio, fecha, hora, inicio, mensaje, estado, reservada_hasta)
          values (${`raw-${i}-${Math.random()}`}, ${p!.id}, ${doctor!.id}, 'consulta_general', '2026-11-26', '11:00', '2026-11-26T16:00:00Z', 'x', 'reservada', '2030-01-01T00:00:00Z')`),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    // A cancelled appointment frees the slot for a new one.
    await dbs[0]!.db.execute(sql`update appointments set estado = 'cancelada', cancelada_por = 'paciente' where fecha = '2026-11-26' and hora = '11:00'`);
    await dbs[1]!.db.execute(sql`insert into appointments (token, patient_id, doctor_id, servicio, fecha, hora, inicio, mensaje, estado, reservada_hasta)
      values ('raw-again', ${p!.id}, ${doctor!.id}, 'consulta_general', '2026-11-26', '11:00', '2026-11-26T16:00:00Z', 'x', 'reservada', '2030-01-01T00:00:00Z')`);
  });
});
