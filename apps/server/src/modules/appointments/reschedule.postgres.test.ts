import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { PNG_1X1, multipart, type CookieJar } from '../../../test/harness.js';
import { hasPostgres } from '../../../test/postgres.js';
import { twoPostgresInstances } from './postgres-instances.test-support.js';
import { rowsOf } from './appointments.test-support.js';

// Reschedule under real concurrency (decision 0049): two server instances on one PostgreSQL 15,
// 25 patients moving their appointments onto three hours while 25 others book those same hours.
// Never two appointments on one slot; never a moving patient with zero or two.

describe.skipIf(!hasPostgres)('reschedule on PostgreSQL 15, two server instances', () => {
  const { apps, dbs, patient } = twoPostgresInstances('clinica-pgmove-');

  const book = (app: FastifyInstance, jar: CookieJar, doctorId: string, fecha: string, hora: string) => {
    const fields = { servicio: 'consulta_general', id_doctor: doctorId, fecha, hora, mensaje: 'Control', metodo_de_pago: 'Yappy', monto: '10' };
    const body = multipart(fields, [{ field: 'comprobante_tranferencia', filename: 'r.png', bytes: PNG_1X1 }]);
    return app.inject({ method: 'POST', url: '/api/appointments/receipt', headers: { ...body.headers, cookie: jar.header }, payload: body.payload });
  };

  it('25 moves and 25 bookings of the same three hours at once', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const correo = `doc.${Math.random().toString(36).slice(2)}@example.com`;
    const reg = await a.inject({
      method: 'POST',
      url: '/api/doctor/register',
      payload: { clave_seguridad: 'demo-clave-doctor', nombre: 'Ana', apellido: 'Castillo', correo, password: 'secreto-seguro-1', password_confirm: 'secreto-seguro-1', servicio: 'consulta_general' },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const [doctor] = rowsOf<{ id: string }>(await dbs[0]!.db.execute(sql`update staff set estado = 'activo' where correo = ${correo} returning id`));
    const at = (i: number) => (i % 2 ? b : a);

    const movers = await Promise.all(Array.from({ length: 25 }, (_, i) => patient(at(i))));
    const bookers = await Promise.all(Array.from({ length: 25 }, (_, i) => patient(at(i))));
    const hoursOf = ['08:00', '09:00', '10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00', '20:00'];
    const tokens: string[] = [];
    for (const [i, jar] of movers.entries()) {
      const res = await book(at(i), jar, doctor!.id, i < 13 ? '2026-11-25' : '2026-11-26', hoursOf[i % 13]!);
      expect(res.statusCode, res.body).toBe(200);
      tokens.push(res.json<{ token: string }>().token);
    }

    const targets = ['08:00', '09:00', '10:00'];
    const answers = await Promise.all([
      ...movers.map((jar, i) =>
        at(i).inject({ method: 'POST', url: `/api/appointments/${tokens[i]}/reschedule`, headers: { cookie: jar.header }, payload: { fecha: '2026-11-23', hora: targets[i % 3] } }),
      ),
      ...bookers.map((jar, i) => book(at(i + 1), jar, doctor!.id, '2026-11-23', targets[i % 3]!)),
    ]);
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().message).toBe(messages.appointmentSlotTaken);
    }
    const slots = rowsOf<{ n: number }>(
      await dbs[1]!.db.execute(sql`select count(*)::int as n from appointments where doctor_id = ${doctor!.id} and estado <> 'cancelada' group by fecha, hora`),
    );
    for (const s of slots) expect(s.n).toBe(1);
    const perMover = rowsOf<{ n: number }>(
      await dbs[1]!.db.execute(
        sql`select count(*)::int as n from appointments where estado <> 'cancelada' and token = any(${`{${tokens.join(',')}}`}::text[]) group by patient_id`,
      ),
    );
    expect(perMover).toHaveLength(25);
    for (const p of perMover) expect(p.n).toBe(1);
  });
});
