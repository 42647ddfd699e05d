import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness.js';
import { hours } from '../../src/modules/appointments/appointments.test-support.js';
import { expectBareRefusal, fingerprint, member, sqlRows, type Member } from './support.js';

/**
 * PayPal order theft, for every purpose an order can pay (a consultation, an appointment's slot,
 * the chat's extra hour): random interleavings of patients creating and approving orders (through
 * the local stand-in) and capturing them, their own or another patient's, at their own endpoint or
 * another purpose's, for the order's request or a changed one (doctor, service, slot, amount, or a
 * consultation that is no longer the current one). A capture succeeds only for the order's owner,
 * for exactly what it was created for, once; every refusal is a 4xx with a catalogue message and
 * writes nothing (no payment, appointment, consultation or extra hour; a fingerprint of every row).
 */

type Purpose = 'consulta' | 'cita' | 'hora_extra';
type Servicio = 'consulta_general' | 'psicologia';
type Tamper = 'none' | 'doctor' | 'service' | 'slot-hour' | 'slot-day' | 'amount';

interface Slot {
  fecha: string;
  hora: string;
  /** Another free hour of that day, and the next weekday (for the changed-slot captures). */
  otherHora: string;
  otherFecha: string;
}
interface Order {
  id: string;
  purpose: Purpose;
  owner: number;
  doctor: number;
  servicio: Servicio;
  slot?: Slot;
  /** hora_extra: the consultation whose chat the hour was bought for. */
  consultationId?: string;
  captured: boolean;
}
interface Current {
  id: string;
  servicio: Servicio;
}

const PRICE: Record<Servicio, number> = { consulta_general: 10, psicologia: 40 };
const HISTORY = {
  sintomas: 'Fiebre',
  antecedentesFamiliares: 'No hay información',
  antecedentesPersonales: 'No hay información',
  antecedentesQuirurgicos: 'No hay información',
  alergias: 'No hay información',
  otrosDatos: 'No hay información',
};
const CAPTURE_URL: Record<Purpose, string> = {
  consulta: '/api/consultations/paypal/capture',
  cita: '/api/appointments/paypal/capture',
  hora_extra: '/api/chat/extra-hour/paypal/capture',
};
const TAMPERS: Record<Purpose, Tamper[]> = {
  consulta: ['doctor', 'service'],
  cita: ['doctor', 'service', 'slot-hour', 'slot-day', 'amount'],
  hora_extra: [],
};

let t: TestApp;
let patients: Member[];
/** Two doctors of Medicina General and one of Psicología. */
let doctors: { member: Member; servicio: Servicio }[];
/** Each patient's current consultation (the one their chat and an extra hour belong to). */
const current: Current[] = [];
const orders: Order[] = [];
const usedSlots = new Set<string>();

const WEEKDAYS = (() => {
  const out: string[] = [];
  for (let d = Date.parse('2026-11-23T12:00:00Z'); out.length < 120; d += 86_400_000) {
    const day = new Date(d).getUTCDay();
    if (day !== 0 && day !== 6) out.push(new Date(d).toISOString().slice(0, 10));
  }
  return out;
})();

const post = (who: Member, url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: { cookie: who.jar.header }, payload: payload as Record<string, unknown> });

async function approve(orderID: string) {
  const res = await t.app.inject({ method: 'POST', url: `/paypal-sandbox/demo/orders/${orderID}/approve` });
  expect(res.statusCode, res.body).toBeLessThan(300);
}

/** The patient joins the consultation's chat (its hour starts): the chat is the current one. */
async function joinChat(p: number, token: string) {
  const socket = await t.app.injectWS(`/api/chat/ws?consulta=${token}&rol=patient`, { headers: { cookie: patients[p]!.jar.header } });
  socket.terminate();
  const [row] = await sqlRows<{ id: string; servicio: Servicio; ends_at: string | null }>(
    t,
    sql`select c.id, c.servicio, r.ends_at from consultations c left join chat_rooms r on r.consultation_id = c.id where c.token = ${token}`,
  );
  expect(row?.ends_at, 'the chat hour started').toBeTruthy();
  current[p] = { id: row!.id, servicio: row!.servicio };
}

/** A slot nobody in these tests has used (one per order, so no order competes for another's hour). */
async function freshSlot(p: Member, doctorId: string): Promise<Slot> {
  for (let i = 0; i < WEEKDAYS.length - 1; i++) {
    const fecha = WEEKDAYS[i]!;
    const free = (await hours(t, p.jar, doctorId, fecha)).filter((h) => !usedSlots.has(`${fecha} ${h}`));
    if (free.length < 2) continue;
    usedSlots.add(`${fecha} ${free[0]}`);
    return { fecha, hora: free[0]!, otherHora: free[1]!, otherFecha: WEEKDAYS[i + 1]! };
  }
  throw new Error('no free slot left');
}

async function createOrder(purpose: Purpose, owner: number, doctor: number): Promise<Order> {
  const p = patients[owner]!;
  const d = doctors[doctor]!;
  let res: LightMyRequestResponse;
  let order: Omit<Order, 'id'>;
  if (purpose === 'consulta') {
    order = { purpose, owner, doctor, servicio: d.servicio, captured: false };
    res = await post(p, '/api/consultations/paypal/order', {
      servicio: d.servicio,
      doctor_id: d.member.id,
      metodo_de_pago: 'Paypal o Tarjeta',
      monto: PRICE[d.servicio],
    });
  } else if (purpose === 'cita') {
    const slot = await freshSlot(p, d.member.id);
    order = { purpose, owner, doctor, servicio: d.servicio, slot, captured: false };
    res = await post(p, '/api/appointments/paypal/order', {
      servicio: d.servicio,
      id_doctor: d.member.id,
      fecha: slot.fecha,
      hora: slot.hora,
      mensaje: 'Control',
      metodo_de_pago: 'Paypal o Tarjeta',
      monto: PRICE[d.servicio],
    });
  } else {
    const c = current[owner]!;
    order = { purpose, owner, doctor, servicio: c.servicio, consultationId: c.id, captured: false };
    res = await post(p, '/api/chat/extra-hour/paypal/order', { metodo_de_pago: 'Paypal o Tarjeta', monto: PRICE[c.servicio] });
  }
  expect(res.statusCode, `${purpose} order: ${res.body}`).toBe(200);
  const id = res.json<{ id: string }>().id;
  await approve(id);
  const made = { ...order, id };
  orders.push(made);
  return made;
}

const otherDoctor = (i: number) => (i + 1) % doctors.length;

/** The capture request an endpoint takes, for the order (or, at another purpose's endpoint, a well-formed one of that purpose), changed as told. */
function captureBody(endpoint: Purpose, o: Order, tamper: Tamper): object {
  const approval = { orderID: o.id, payerID: 'PAYER123' };
  if (endpoint === 'hora_extra') return approval;
  const servicio: Servicio = tamper === 'service' ? (o.servicio === 'psicologia' ? 'consulta_general' : 'psicologia') : o.servicio;
  const doctorId = doctors[tamper === 'doctor' ? otherDoctor(o.doctor) : o.doctor]!.member.id;
  if (endpoint === 'consulta') return { servicio, doctor_id: doctorId, ...HISTORY, ...approval };
  const slot = o.slot ?? { fecha: WEEKDAYS[0]!, hora: '09:00', otherHora: '10:00', otherFecha: WEEKDAYS[1]! };
  return {
    servicio,
    id_doctor: doctorId,
    fecha: tamper === 'slot-day' ? slot.otherFecha : slot.fecha,
    hora: tamper === 'slot-hour' ? slot.otherHora : slot.hora,
    mensaje: 'Control',
    // The price of the service asked for (a changed service is refused for itself, not for its price).
    monto: tamper === 'amount' ? (servicio === 'psicologia' ? 10 : 40) : PRICE[servicio],
    ...approval,
  };
}

/** What one order paid for, read from the database: payments, confirmed appointments and extra hours linked to it. */
async function effectsOf(orderId: string) {
  const [row] = await sqlRows<{ payments: number; confirmed: number; consultations: number; hours: number }>(
    t,
    sql`select
      (select count(*)::int from payments p where p.paypal_order_id = ${orderId}) as payments,
      (select count(*)::int from appointments a join payments p on p.id = a.payment_id where p.paypal_order_id = ${orderId} and a.estado = 'confirmada') as confirmed,
      (select count(*)::int from consultations c join payments p on p.id = c.payment_id where p.paypal_order_id = ${orderId}) as consultations,
      (select count(*)::int from chat_extra_hours h join payments p on p.id = h.payment_id where p.paypal_order_id = ${orderId}) as hours`,
  );
  return row!;
}

async function expectPaidOnce(o: Order) {
  const e = await effectsOf(o.id);
  expect(e, `effects of ${o.purpose} order`).toEqual({
    payments: 1,
    confirmed: o.purpose === 'cita' ? 1 : 0,
    consultations: o.purpose === 'consulta' ? 1 : 0,
    hours: o.purpose === 'hora_extra' ? 1 : 0,
  });
}

beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: '0' });
  patients = [];
  for (let i = 0; i < 3; i++) patients.push(await member(t, 'patient'));
  doctors = [];
  for (const servicio of ['consulta_general', 'consulta_general', 'psicologia'] as const) {
    doctors.push({ member: await member(t, 'doctor', { servicio }), servicio });
  }
  // Each patient consents once and has a paid consultation whose chat has started (an extra hour needs one).
  for (let i = 0; i < patients.length; i++) {
    expect((await post(patients[i]!, '/api/consultations/consent', { aceptar: 'si' })).statusCode).toBe(200);
    const o = await createOrder('consulta', i, 0);
    const res = await post(patients[i]!, CAPTURE_URL.consulta, captureBody('consulta', o, 'none'));
    expect(res.statusCode, res.body).toBe(200);
    o.captured = true;
    await joinChat(i, res.json<{ token: string }>().token);
  }
}, 120_000);
afterAll(async () => t.close());

const step = fc.oneof(
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      purpose: fc.constantFrom<Purpose>('consulta', 'cita', 'hora_extra'),
      patient: fc.nat(2),
      doctor: fc.nat(2),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('capture' as const),
      // Which order: counted back from the newest (older ones are as good a target, and often captured already).
      back: fc.oneof(fc.nat(2), fc.nat(40)),
      // The capturing patient: an offset to the owner (0: the owner, half of the time).
      by: fc.constantFrom(0, 0, 1, 2),
      // The order's own endpoint (most often) or one of each purpose.
      endpoint: fc.constantFrom<Purpose | 'own'>('own', 'own', 'own', 'consulta', 'cita', 'hora_extra'),
      // Below 3: the request as it was; otherwise one change that applies to the endpoint.
      tamper: fc.nat(6),
      // A legitimate capture sent twice at once.
      twice: fc.boolean(),
    }),
  },
);

type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;
const own = (over: Partial<Extract<Step, { kind: 'capture' }>> = {}): Step => ({ kind: 'capture', back: 0, by: 0, endpoint: 'own', tamper: 0, twice: false, ...over });
/** Interleavings always tried first: each purpose paid (twice at once), refused for a thief, a changed request, another endpoint, a second use, and an extra hour for a consultation that is no longer the current one. */
const EXAMPLES: [Step[]][] = [
  [
    [
      { kind: 'order', purpose: 'cita', patient: 0, doctor: 0 },
      own({ by: 1 }),
      own({ tamper: 6 }),
      own({ tamper: 5 }),
      own({ twice: true }),
      own(),
      { kind: 'order', purpose: 'hora_extra', patient: 1, doctor: 0 },
      own({ endpoint: 'cita' }),
      own({ by: 2 }),
      own({ twice: true }),
      { kind: 'order', purpose: 'consulta', patient: 2, doctor: 2 },
      own({ tamper: 4 }),
      own({ tamper: 3 }),
      own({ endpoint: 'hora_extra' }),
      own({ twice: true }),
      own({ by: 1 }),
    ],
  ],
  [
    [
      { kind: 'order', purpose: 'hora_extra', patient: 0, doctor: 0 },
      { kind: 'order', purpose: 'consulta', patient: 0, doctor: 1 },
      own(),
      own({ back: 1 }),
    ],
  ],
];

describe('PayPal orders', () => {
  it('an order is captured only by its owner, for what it was created for, once; every other capture is refused and writes nothing', async () => {
    const started = performance.now();
    const successes: Record<Purpose, number> = { consulta: 0, cita: 0, hora_extra: 0 };
    let refusals = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 12 }), async (steps) => {
        let before = await fingerprint(t);
        for (const s of steps) {
          if (s.kind === 'order') {
            await createOrder(s.purpose, s.patient, s.doctor);
            before = await fingerprint(t);
            continue;
          }
          if (orders.length === 0) continue;
          const o = orders[orders.length - 1 - (s.back % orders.length)]!;
          const byIndex = (o.owner + s.by) % patients.length;
          const by = patients[byIndex]!;
          const endpoint = s.endpoint === 'own' ? o.purpose : s.endpoint;
          const applicable = TAMPERS[endpoint];
          const tamper: Tamper = s.tamper < 3 || applicable.length === 0 ? 'none' : applicable[(s.tamper - 3) % applicable.length]!;
          const body = captureBody(endpoint, o, tamper);
          const context = `${o.purpose} order of patient ${o.owner} captured by patient ${byIndex} at ${endpoint} (${tamper}${o.captured ? ', already captured' : ''})`;
          const legit =
            byIndex === o.owner &&
            endpoint === o.purpose &&
            tamper === 'none' &&
            !o.captured &&
            (o.purpose !== 'hora_extra' || o.consultationId === current[o.owner]!.id);

          if (legit) {
            const answers = await Promise.all((s.twice ? [1, 2] : [1]).map(() => post(by, CAPTURE_URL[endpoint], body)));
            const ok = answers.filter((r) => r.statusCode === 200);
            expect(ok, `${context}: ${answers.map((r) => r.body).join(' | ')}`).toHaveLength(1);
            for (const r of answers.filter((x) => x.statusCode !== 200)) {
              expect(r.statusCode, `${context} (the second of two at once): ${r.body}`).toBe(409);
              expectBareRefusal(r, context);
            }
            o.captured = true;
            successes[o.purpose] += 1;
            await expectPaidOnce(o);
            if (o.purpose === 'consulta') await joinChat(o.owner, ok[0]!.json<{ token: string }>().token);
            before = await fingerprint(t);
            continue;
          }
          const res = await post(by, CAPTURE_URL[endpoint], body);
          expect(res.statusCode, `${context}: ${res.body}`).toBeGreaterThanOrEqual(400);
          expect(res.statusCode, `${context}: ${res.body}`).toBeLessThan(500);
          expectBareRefusal(res, context);
          expect(await fingerprint(t), `${context}: nothing written`).toEqual(before);
          refusals += 1;
        }
        // Every order paid at most once, and exactly the captured ones.
        for (const o of orders) {
          if (o.captured) await expectPaidOnce(o);
          else expect((await effectsOf(o.id)).payments, `${o.purpose} order never captured`).toBe(0);
        }
      }),
      { numRuns: 12, endOnFailure: true, examples: EXAMPLES },
    );
    const [paid] = await sqlRows<{ n: number }>(t, sql`select count(*)::int as n from payments where paypal_order_id is not null`);
    expect(paid!.n).toBe(orders.filter((o) => o.captured).length);
    // Both sides of the property were exercised.
    expect(Object.values(successes).every((n) => n > 0), JSON.stringify(successes)).toBe(true);
    expect(refusals).toBeGreaterThan(0);
    console.info(
      `PayPal orders property: ${orders.length} orders, captures ${JSON.stringify(successes)}, ${refusals} refusals in ${Math.round(performance.now() - started)} ms`,
    );
  }, 300_000);
});
