import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSULTATION_TRANSITIONS, messages, type ConsultationEvent, type ConsultationState } from '@clinica/shared';
import { PNG_1X1 } from '../../../test/harness.js';
import { chatExtraHours, chatRooms, consultations, paymentEvents, payments } from '../../db/schema.js';
import { call, consent, openClinic, patientJar, sendReceipt, type Clinic } from './consultations.test-support.js';

/**
 * The state machine on the real server (issue 20): a consultation is put in each state the
 * database can hold, then every change the administrator and the patient can ask for is tried.
 * A legal one answers 200 and leads to the table's state; an illegal one answers 409 with the
 * catalogue's reason and changes no row. (Refund states have no column before the refunds branch
 * is merged: packages/shared/src/consultation-state.test.ts covers them.)
 */

let c: Clinic;
beforeAll(async () => {
  c = await openClinic();
});
afterAll(async () => {
  await c.close();
});

const DB_STATES = [
  'solicitada',
  'pago_en_revision',
  'autorizada',
  'en_chat',
  'tiempo_agotado',
  'hora_extra_en_revision',
  'cerrada',
  'referida_hospital',
  'pago_rechazado',
] as const satisfies readonly ConsultationState[];

interface Case {
  id: string;
  token: string;
  paymentId: string;
  correo: string;
  jar: Awaited<ReturnType<typeof patientJar>>['jar'];
  extraPaymentId: string | null;
}

/** A transfer consultation of a new patient, put in `state` by writing what each state is made of. */
async function consultationIn(state: (typeof DB_STATES)[number]): Promise<Case> {
  const p = await patientJar(c.t);
  await consent(c.t, p.jar);
  const res = await sendReceipt(c, p.jar, { bytes: PNG_1X1, filename: 'r.png' });
  const token = res.json<{ token: string }>().token;
  const db = c.t.app.db;
  const [row] = await db.select().from(consultations).where(eq(consultations.token, token));
  const id = row!.id;
  const paymentId = row!.payment_id;
  const now = c.t.app.now();
  const approve = () => db.update(payments).set({ estado: 'aprobado' }).where(eq(payments.id, paymentId));
  const authorise = async () => {
    await approve();
    await db.update(consultations).set({ tipo_de_consulta: 'tipo_a', permiso_chat: true }).where(eq(consultations.id, id));
  };
  const openRoom = (endsIn: number, closed = false) =>
    db.insert(chatRooms).values({
      consultation_id: id,
      opened_at: new Date(now - 3600_000),
      ends_at: new Date(now + endsIn * 1000),
      closed_at: closed ? new Date(now - 1000) : null,
    });
  let extraPaymentId: string | null = null;
  const pendingExtraHour = async () => {
    // The copy takes its own number from the sequence (numero is GENERATED ALWAYS).
    const { numero: _numero, ...pay } = (await db.select().from(payments).where(eq(payments.id, paymentId)))[0]!;
    const [extra] = await db
      .insert(payments)
      .values({ ...pay, id: undefined, token: `extra-${id}`, proposito: 'hora_extra', estado: 'pendiente', comprobante_sha256: null })
      .returning();
    await db.insert(chatExtraHours).values({ payment_id: extra!.id, consultation_id: id });
    extraPaymentId = extra!.id;
  };
  switch (state) {
    case 'pago_en_revision':
      break;
    case 'solicitada':
      await approve();
      await db.update(consultations).set({ tipo_de_consulta: 'quitar_permiso' }).where(eq(consultations.id, id));
      break;
    case 'autorizada':
      await authorise();
      break;
    case 'en_chat':
      await authorise();
      await openRoom(1800);
      break;
    case 'tiempo_agotado':
      await authorise();
      await openRoom(-10);
      break;
    case 'hora_extra_en_revision':
      await authorise();
      await openRoom(-10);
      await pendingExtraHour();
      break;
    case 'cerrada':
      await authorise();
      await openRoom(-10, true);
      await db.update(consultations).set({ estado_consulta: 0 }).where(eq(consultations.id, id));
      // A receipt for an extra hour still waiting: approving it must be refused.
      await pendingExtraHour();
      break;
    case 'referida_hospital':
      await db.update(consultations).set({ tipo_de_consulta: 'tipo_c' }).where(eq(consultations.id, id));
      break;
    case 'pago_rechazado':
      await db.update(payments).set({ estado: 'rechazado', motivo_rechazo: 'Comprobante ilegible' }).where(eq(payments.id, paymentId));
      break;
  }
  return { id, token, paymentId, correo: p.correo, jar: p.jar, extraPaymentId };
}

/** Everything a transition may write, to prove a refused one wrote nothing. */
async function rowsOf(k: Case) {
  const db = c.t.app.db;
  const [consultation] = await db.select().from(consultations).where(eq(consultations.id, k.id));
  const ids = [k.paymentId, ...(k.extraPaymentId ? [k.extraPaymentId] : [])];
  const pays = await db
    .select({ id: payments.id, estado: payments.estado, motivo: payments.motivo_rechazo, at: payments.decidido_at })
    .from(payments)
    .where(inArray(payments.id, ids))
    .orderBy(payments.id);
  const [room] = await db.select().from(chatRooms).where(eq(chatRooms.consultation_id, k.id));
  const extra = await db.select().from(chatExtraHours).where(eq(chatExtraHours.consultation_id, k.id));
  const events = await db.select({ n: sql<number>`count(*)::int` }).from(paymentEvents).where(inArray(paymentEvents.payment_id, ids));
  return JSON.stringify({ consultation, pays, room, extra, events });
}

async function stateOf(k: Case) {
  const res = await call(c.t, c.admin, 'GET', `/api/admin/consultations/${k.token}`);
  return res.json<{ estado: ConsultationState }>().estado;
}

/** The administrator's and the patient's requests for each event. */
const ACTIONS: Partial<Record<ConsultationEvent, (k: Case) => ReturnType<typeof call>>> = {
  clasificar_a: (k) => call(c.t, c.admin, 'POST', '/api/admin/consultations/update', { consulta_id: k.id, correo: k.correo, tipo_consulta: 'tipo_a', estado_consulta: 1 }),
  clasificar_b: (k) => call(c.t, c.admin, 'POST', '/api/admin/consultations/update', { consulta_id: k.id, correo: k.correo, tipo_consulta: 'tipo_b', estado_consulta: 1 }),
  clasificar_c: (k) => call(c.t, c.admin, 'POST', '/api/admin/consultations/update', { consulta_id: k.id, correo: k.correo, tipo_consulta: 'tipo_c', estado_consulta: 1 }),
  quitar_permiso: (k) => call(c.t, c.admin, 'POST', '/api/admin/consultations/update', { consulta_id: k.id, correo: k.correo, tipo_consulta: 'quitar_permiso', estado_consulta: 1 }),
  rechazar_pago: (k) => call(c.t, c.admin, 'POST', '/api/admin/receipts/reject', { id: k.paymentId, motivo: 'No se recibió la transferencia.' }),
};

describe('administrator changes, from every state the database holds (table-driven)', () => {
  const cases = (Object.keys(ACTIONS) as ConsultationEvent[]).flatMap((event) => DB_STATES.map((state) => [event, state] as const));

  it.each(cases)('%s from %s', async (event, state) => {
    const k = await consultationIn(state);
    expect(await stateOf(k)).toBe(state);
    const before = await rowsOf(k);
    const [payment] = await c.t.app.db.select({ estado: payments.estado }).from(payments).where(eq(payments.id, k.paymentId));
    const res = await ACTIONS[event]!(k);
    // The payments module answers first that a payment no longer pending cannot be rejected (a
    // consultation closed after its payment was approved, say): refused, whatever the state.
    const target = event === 'rechazar_pago' && payment!.estado !== 'pendiente' ? undefined : CONSULTATION_TRANSITIONS[event][state];
    if (target) {
      expect(res.statusCode, res.body).toBe(200);
      expect(await stateOf(k)).toBe(target);
    } else {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json<{ message: string }>().message).toMatch(/\.$/);
      expect(await rowsOf(k)).toBe(before);
      expect(await stateOf(k)).toBe(state);
    }
  });

  it('closing (estado_consulta 0) with the classification: legal while open, refused once closed', async () => {
    const k = await consultationIn('en_chat');
    const close = () => call(c.t, c.admin, 'POST', '/api/admin/consultations/update', { consulta_id: k.id, correo: k.correo, tipo_consulta: 'tipo_a', estado_consulta: 0 });
    expect((await close()).statusCode).toBe(200);
    expect(await stateOf(k)).toBe('cerrada');
    const before = await rowsOf(k);
    expect((await close()).json()).toMatchObject({ success: false, message: messages.transitionClosed });
    expect(await rowsOf(k)).toBe(before);
  });

  it('a rejected payment cannot be authorised: the reason stays what the patient sees', async () => {
    const k = await consultationIn('pago_rechazado');
    const res = await ACTIONS.clasificar_b!(k);
    expect(res.json()).toMatchObject({ success: false, message: messages.paymentRejectedCannotAuthorise });
    const mine = (await call(c.t, k.jar, 'GET', '/api/consultations')).json<{ estado: string; motivo_rechazo: string }[]>();
    expect(mine[0]).toMatchObject({ estado: 'pago_rechazado', motivo_rechazo: 'Comprobante ilegible' });
  });
});

describe('extra hours and the patient\'s own changes', () => {
  it('approving the extra hour of a closed chat adds no time: the money is approved and owed back (decision 0035)', async () => {
    const k = await consultationIn('cerrada');
    const res = await call(c.t, c.admin, 'POST', '/api/admin/receipts/approve', { id: k.extraPaymentId });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stateOf(k)).toBe('cerrada');
    const [hour] = await c.t.app.db
      .select({ estado: payments.estado, reembolso: payments.reembolso_estado })
      .from(payments)
      .where(eq(payments.id, k.extraPaymentId!));
    expect(hour).toEqual({ estado: 'aprobado', reembolso: 'pendiente' });
  });

  it('approving a pending extra hour puts the consultation back in chat with an hour left', async () => {
    const k = await consultationIn('hora_extra_en_revision');
    const res = await call(c.t, c.admin, 'POST', '/api/admin/receipts/approve', { id: k.extraPaymentId });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await call(c.t, c.admin, 'GET', `/api/admin/consultations/${k.token}`)).json<{ estado: string; tiempo_restante: number }>();
    expect(row.estado).toBe('en_chat');
    expect(row.tiempo_restante).toBeGreaterThan(3500);
  });

  it('rejecting a pending extra hour leaves the time used up', async () => {
    const k = await consultationIn('hora_extra_en_revision');
    const res = await call(c.t, c.admin, 'POST', '/api/admin/receipts/reject', { id: k.extraPaymentId, motivo: 'Monto incorrecto.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stateOf(k)).toBe('tiempo_agotado');
  });

  it('declining the extra hour while a receipt for it is under review ends the time; that hour is owed back', async () => {
    const k = await consultationIn('hora_extra_en_revision');
    const res = await call(c.t, k.jar, 'POST', '/api/chat/extra-hour/decline', {});
    expect(res.statusCode, res.body).toBe(200);
    expect(await stateOf(k)).toBe('tiempo_agotado');
    const [hour] = await c.t.app.db.select({ reembolso: payments.reembolso_estado }).from(payments).where(eq(payments.id, k.extraPaymentId!));
    expect(hour!.reembolso).toBe('pendiente');
  });

  it('declining in chat ends the time for good; then no extra hour can be bought; exit closes it', async () => {
    const k = await consultationIn('en_chat');
    expect((await call(c.t, k.jar, 'POST', '/api/chat/extra-hour/decline', {})).statusCode).toBe(200);
    expect(await stateOf(k)).toBe('tiempo_agotado');
    const order = await call(c.t, k.jar, 'POST', '/api/chat/extra-hour/paypal/order', { metodo_de_pago: 'Paypal o Tarjeta', monto: 10 });
    expect(order.statusCode).toBe(409);
    expect(order.json()).toMatchObject({ message: messages.chatTimeClosed });
    expect((await call(c.t, k.jar, 'POST', '/api/chat/exit', {})).statusCode).toBe(200);
    expect(await stateOf(k)).toBe('cerrada');
  });

  it("the patient's and the administrator's lists carry the same state and the payment's", async () => {
    const k = await consultationIn('en_chat');
    const mine = (await call(c.t, k.jar, 'GET', '/api/consultations')).json<{ estado: string; tiempo_restante: number }[]>();
    expect(mine[0]).toMatchObject({ estado: 'en_chat' });
    expect(mine[0]!.tiempo_restante).toBeGreaterThan(1700);
    const all = (await call(c.t, c.admin, 'GET', '/api/admin/consultations?limit=100')).json<{ items: { token: string; estado: string; estado_pago_vista: string }[] }>().items;
    expect(all.find((r) => r.token === k.token)).toMatchObject({ estado: 'en_chat', estado_pago_vista: 'aprobado' });
  });
});
