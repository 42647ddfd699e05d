import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type ActiveConsultations } from '@clinica/shared';
import { PNG_1X1, type CookieJar } from '../../../test/harness.js';
import { chatRooms, consultations } from '../../db/schema.js';
import { approvedOrder, call, captureBody, consent, openClinic, patientJar, sendReceipt, type Clinic } from './consultations.test-support.js';

/**
 * The way back to every paid consultation (issue 20 item 2, decision 0032): the server says which
 * consultations of the signed-in patient wait for the clinic and which chats are open, each chat
 * call addresses one consultation by its token, and a patient never reaches another's.
 */

let c: Clinic;
beforeAll(async () => {
  c = await openClinic();
});
afterAll(async () => c.close());

const active = async (jar: CookieJar) => {
  const res = await call(c.t, jar, 'GET', '/api/consultations/active');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ActiveConsultations>().consultas;
};

/** A consultation paid by PayPal: its chat is open at once. */
async function paidByPaypal(jar: CookieJar, servicio: 'consulta_general' | 'psicologia' = 'consulta_general') {
  await consent(c.t, jar);
  const order = await approvedOrder(c, jar, servicio);
  const res = await call(c.t, jar, 'POST', '/api/consultations/paypal/capture', captureBody(c, order, servicio));
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

/** A consultation paid by Yappy: it waits for an administrator. */
async function paidByYappy(jar: CookieJar) {
  await consent(c.t, jar);
  const res = await sendReceipt(c, jar, { bytes: PNG_1X1, filename: 'yappy.png' }, { metodo_de_pago: 'Yappy' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string }>().token;
}

async function authorise(token: string, correo: string) {
  const detail = await call(c.t, c.admin, 'GET', `/api/admin/consultations/${token}`);
  const res = await call(c.t, c.admin, 'POST', '/api/admin/consultations/update', {
    consulta_id: detail.json<{ id: string }>().id,
    correo,
    tipo_consulta: 'tipo_a',
    estado_consulta: 1,
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** What the patient's socket does on its first join: the consultation's hour starts now. */
async function enterChat(token: string) {
  const [row] = await c.t.app.db.select({ id: consultations.id }).from(consultations).where(eq(consultations.token, token));
  const now = c.t.clock.now();
  await c.t.app.db.insert(chatRooms).values({ consultation_id: row!.id, opened_at: new Date(now), ends_at: new Date(now + 3_600_000) });
}

const stored = async (token: string) =>
  (await c.t.app.db.select().from(consultations).where(eq(consultations.token, token)))[0]!;

describe('the consultations a patient can come back to', () => {
  it('lists a Yappy consultation as waiting, with its state by token, until it is authorised; then as an open chat', async () => {
    const p = await patientJar(c.t);
    expect(await active(p.jar)).toEqual([]);
    const token = await paidByYappy(p.jar);

    expect(await active(p.jar)).toEqual([
      expect.objectContaining({ token, estado: 'pendiente', metodo_de_pago: 'Yappy', servicio: 'consulta_general', segundos_restantes: null, ends_at: null }),
    ]);
    expect((await call(c.t, p.jar, 'GET', `/api/consultations/authorisation?consulta=${token}`)).json()).toEqual({
      authenticated: false,
      estado: 'pendiente',
      message: messages.waitingForChat,
      token,
    });

    await authorise(token, p.correo);
    const [open] = await active(p.jar);
    // Not entered yet: the whole hour, not counting.
    expect(open).toMatchObject({ token, estado: 'chat', segundos_restantes: 3600, ends_at: null });
    expect(open!.doctor).toMatch(/^Dr\(a\)\. Ana /);
    expect((await call(c.t, p.jar, 'GET', `/api/consultations/authorisation?consulta=${token}`)).json()).toMatchObject({
      authenticated: true,
      estado: 'autorizada',
    });
  });

  it("counts an open chat's time by the server's clock and drops a chat that was left or whose time was ended", async () => {
    const p = await patientJar(c.t);
    const first = await paidByPaypal(p.jar);
    await enterChat(first);
    c.t.clock.advance(10 * 60_000 + 1_500);
    const [chat] = await active(p.jar);
    expect(chat).toMatchObject({ token: first, estado: 'chat', segundos_restantes: 3000 - 1 });
    expect(Date.parse(chat!.ends_at!)).toBe(c.t.clock.now() - 10 * 60_000 - 1_500 + 3_600_000);

    // The extra hour refused: the chat's time is over for good, it is no way back any more.
    expect((await call(c.t, p.jar, 'POST', `/api/chat/extra-hour/decline?consulta=${first}`)).statusCode).toBe(200);
    expect(await active(p.jar)).toEqual([]);

    const second = await paidByPaypal(p.jar);
    expect((await active(p.jar)).map((a) => a.token)).toEqual([second]);
    expect((await call(c.t, p.jar, 'POST', `/api/chat/exit?consulta=${second}`)).statusCode).toBe(200);
    expect(await active(p.jar)).toEqual([]);
  });

  it('refuses a token that is not a token, in Spanish', async () => {
    const p = await patientJar(c.t);
    for (const url of ['/api/chat?consulta=abc', '/api/consultations/authorisation?consulta=abc', '/api/consultations/chat-session?consulta=%01%01%01%01%01%01%01%01%01%01%01']) {
      const res = await call(c.t, p.jar, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json<{ message: string }>().message).toMatch(/[a-záéíóúñ]/i);
    }
  });
});

describe('several open chats at once', () => {
  it('reaches each chat by its token, says which others are open, and acts only on the one addressed', async () => {
    const p = await patientJar(c.t);
    const older = await paidByPaypal(p.jar, 'psicologia');
    c.t.clock.advance(60_000);
    const newer = await paidByPaypal(p.jar, 'consulta_general');

    expect((await active(p.jar)).map((a) => [a.token, a.estado])).toEqual([
      [newer, 'chat'],
      [older, 'chat'],
    ]);

    const olderState = await call(c.t, p.jar, 'GET', `/api/chat?consulta=${older}`);
    expect(olderState.statusCode, olderState.body).toBe(200);
    expect(olderState.json()).toMatchObject({
      consulta_token: older,
      servicio: 'psicologia',
      otras_abiertas: [{ consulta_token: newer, servicio: 'consulta_general' }],
    });
    expect((await call(c.t, p.jar, 'GET', `/api/chat?consulta=${newer}`)).json()).toMatchObject({
      consulta_token: newer,
      otras_abiertas: [{ consulta_token: older, servicio: 'psicologia' }],
    });
    // Without a token: the newest open chat, as before.
    expect((await call(c.t, p.jar, 'GET', '/api/chat')).json()).toMatchObject({ consulta_token: newer });
    expect((await call(c.t, p.jar, 'GET', `/api/consultations/chat-session?consulta=${older}`)).json()).toMatchObject({ consulta_token: older });

    // The health form goes to the consultation addressed, not to the newest.
    const health = await call(c.t, p.jar, 'POST', `/api/chat/health?consulta=${older}`, { peso: '70', talla: '1.70' });
    expect(health.statusCode, health.body).toBe(200);
    expect((await stored(older)).peso).toBe(70);
    expect((await stored(newer)).peso).toBeNull();

    // Leaving the newer chat leaves the older one open, and it becomes the default.
    expect((await call(c.t, p.jar, 'POST', `/api/chat/exit?consulta=${newer}`)).statusCode).toBe(200);
    expect((await stored(newer)).estado_consulta).toBe(0);
    expect((await stored(older)).estado_consulta).toBe(1);
    expect((await active(p.jar)).map((a) => a.token)).toEqual([older]);
    expect((await call(c.t, p.jar, 'GET', '/api/chat')).json()).toMatchObject({ consulta_token: older, otras_abiertas: [] });
    expect((await call(c.t, p.jar, 'GET', `/api/chat?consulta=${newer}`)).statusCode).toBe(403);
  });

  it("never lets one patient reach another patient's consultation by its token", async () => {
    const owner = await patientJar(c.t);
    const stranger = await patientJar(c.t);
    const mine = await paidByPaypal(owner.jar);
    const waiting = await paidByYappy(owner.jar);
    const theirs = await paidByPaypal(stranger.jar);

    for (const token of [mine, waiting]) {
      for (const url of [`/api/chat?consulta=${token}`, `/api/consultations/chat-session?consulta=${token}`]) {
        const res = await call(c.t, stranger.jar, 'GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toEqual({ success: false, message: messages.chatNotAllowed });
      }
      // The waiting page's poll knows nothing of it.
      expect((await call(c.t, stranger.jar, 'GET', `/api/consultations/authorisation?consulta=${token}`)).json()).toEqual({
        authenticated: false,
        estado: 'sin_consulta',
        message: null,
        token: null,
      });
    }
    const writes = [
      ['/api/chat/health', { peso: '80', talla: '1.80' }],
      ['/api/chat/exit', undefined],
      ['/api/chat/extra-hour/decline', undefined],
      ['/api/chat/extra-hour/paypal/order', { metodo_de_pago: 'Paypal o Tarjeta', monto: 10 }],
    ] as const;
    for (const [url, body] of writes) {
      const res = await call(c.t, stranger.jar, 'POST', `${url}?consulta=${mine}`, body);
      expect(res.statusCode, url).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(messages.chatNotAllowed);
    }
    // Nothing of the owner's consultation changed, and each sees only their own.
    const row = await stored(mine);
    expect(row.peso).toBeNull();
    expect(row.estado_consulta).toBe(1);
    expect((await active(owner.jar)).map((a) => a.token).sort()).toEqual([mine, waiting].sort());
    expect((await active(stranger.jar)).map((a) => a.token)).toEqual([theirs]);
    expect((await call(c.t, owner.jar, 'GET', `/api/chat?consulta=${mine}`)).json()).toMatchObject({ consulta_token: mine, otras_abiertas: [] });
  });
});
