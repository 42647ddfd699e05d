import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messages, type WaitlistEntry } from '@clinica/shared';
import { PNG_1X1, multipart, type CookieJar } from '../../../test/harness.js';
import { hasPostgres } from '../../../test/postgres.js';
import { twoPostgresInstances } from './postgres-instances.test-support.js';
import { rowsOf } from './appointments.test-support.js';

// The waitlist under real concurrency (decision 0050): two server instances on one PostgreSQL 15.
// The freed hour is offered once to each of 20 waiting patients even when both instances free it
// at once; of their 20 simultaneous bookings with the offer, exactly one gets the hour and 19 are
// told in words.

const THU = '2026-12-03';

describe.skipIf(!hasPostgres)('waitlist on PostgreSQL 15, two server instances', () => {
  const { apps, dbs, patient } = twoPostgresInstances('clinica-pgwait-');

  const book = (app: FastifyInstance, jar: CookieJar, doctorId: string, oferta?: string) => {
    const fields = { servicio: 'consulta_general', id_doctor: doctorId, fecha: THU, hora: '09:00', mensaje: 'Control', metodo_de_pago: 'Yappy', monto: '10', ...(oferta ? { oferta } : {}) };
    const body = multipart(fields, [{ field: 'comprobante_tranferencia', filename: 'r.png', bytes: PNG_1X1 }]);
    return app.inject({ method: 'POST', url: '/api/appointments/receipt', headers: { ...body.headers, cookie: jar.header }, payload: body.payload });
  };

  it('20 waiting patients: one offer mail each, and of 20 bookings at once with the offer exactly one wins', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const correo = `doc.${Math.random().toString(36).slice(2)}@example.com`;
    const reg = await a.inject({
      method: 'POST',
      url: '/api/doctor/register',
      payload: { clave_seguridad: 'demo-clave-doctor', nombre: 'Ana', apellido: 'Castillo', correo, password: 'secreto-seguro-1', password_confirm: 'secreto-seguro-1', servicio: 'consulta_general' },
    });
    expect(reg.statusCode, reg.body).toBe(201);
    const [doctor] = rowsOf<{ id: string }>(await dbs[0]!.db.execute(sql`update staff set estado = 'activo' where correo = ${correo} returning id`));
    // Thursdays 09:00-10:00 only: one hour, so one booking fills the day.
    const week = { lunes: [], martes: [], miercoles: [], jueves: [{ desde: '09:00', hasta: '10:00' }], viernes: [], sabado: [], domingo: [] };
    await dbs[0]!.db.execute(sql`insert into doctor_weekly_hours (doctor_id, horario) values (${doctor!.id}, ${JSON.stringify(week)}::jsonb)`);
    const at = (i: number) => (i % 2 ? b : a);

    const holder = await patient(a);
    const held = await book(a, holder, doctor!.id);
    expect(held.statusCode, held.body).toBe(200);
    const waiting = await Promise.all(Array.from({ length: 20 }, (_, i) => patient(at(i))));
    for (const [i, jar] of waiting.entries()) {
      const joined = await at(i).inject({ method: 'POST', url: '/api/appointments/waitlist', headers: { cookie: jar.header }, payload: { servicio: 'consulta_general', id_doctor: doctor!.id, fecha: THU } });
      expect(joined.statusCode, joined.body).toBe(201);
    }

    // Established patients: their addresses are verified, so the clinic's mails reach them.
    await dbs[0]!.db.execute(sql`update patients set email_verified_at = now() where email_verified_at is null`);
    // The holder cancels on one instance while the other frees the same hour (a repeated event): one offer each.
    const [cancelled] = await Promise.all([
      a.inject({ method: 'POST', url: `/api/appointments/${held.json<{ token: string }>().token}/cancel`, headers: { cookie: holder.header } }),
      (async () => {
        await new Promise((r) => setTimeout(r, 20));
        return b.appointments.slotFreed(doctor!.id, THU, '09:00');
      })(),
    ]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The same event again on both instances at once, after the cancellation's own offers: the
    // open-offer index lets neither offer anybody a second time.
    const repeated = await Promise.all([a.appointments.slotFreed(doctor!.id, THU, '09:00'), b.appointments.slotFreed(doctor!.id, THU, '09:00')]);
    expect(repeated).toEqual([0, 0]);
    const mails = rowsOf<{ n: number }>(await dbs[1]!.db.execute(sql`select count(*)::int as n from mail_jobs where kind = 'waitlistOffer'`))[0]!.n;
    expect(mails).toBe(20);

    const offers = await Promise.all(
      waiting.map(async (jar, i) => {
        const mine = (await at(i).inject({ method: 'GET', url: '/api/appointments/waitlist', headers: { cookie: jar.header } })).json<WaitlistEntry[]>();
        return mine[0]!.ofertas[0]!.token;
      }),
    );
    const answers = await Promise.all(waiting.map((jar, i) => book(at(i + 1), jar, doctor!.id, offers[i])));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of answers.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode, r.body).toBe(409);
      expect(r.json().message).toBe(messages.waitlistOfferTaken);
    }
    const active = rowsOf<{ n: number }>(
      await dbs[1]!.db.execute(sql`select count(*)::int as n from appointments where doctor_id = ${doctor!.id} and estado <> 'cancelada'`),
    )[0]!.n;
    expect(active).toBe(1);
    // The 19 still wait; the winner does not.
    const still = rowsOf<{ n: number }>(
      await dbs[1]!.db.execute(sql`select count(*)::int as n from appointment_waitlist where doctor_id = ${doctor!.id} and estado = 'activa'`),
    )[0]!.n;
    expect(still).toBe(19);
  });
});
