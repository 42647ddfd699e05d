import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { chatSocket, consultationCapture, hasServices, patient, staff, twoInstances, type Instance, type TwoInstances } from './instances.js';

// A busy machine can hold a frame for seconds.
const SLOW = 30_000;

// Issue 25 (decision 0053): a video call's signalling between a patient on one instance and the
// doctor on another, through Redis; the call recorded once in PostgreSQL.
describe.skipIf(!hasServices)('video call signalling across two instances (PostgreSQL + Redis)', () => {
  // The chat's two-instance set-up (instances.ts), on Redis database 3.
  const set = twoInstances('clinica_video', 3);
  let db: TwoInstances['db'];
  let paypal: TwoInstances['paypal'];
  let a: Instance;
  let b: Instance;
  beforeAll(() => {
    ({ db, paypal, a, b } = set);
  });

  it('invite, accept, offer, answer, candidates, media and hang-up cross from one instance to the other, to the other member only', async () => {
    const doc = await staff(b.url, 'doctor');
    const [row] = await db.query<{ id: string }>('select id from staff where correo = $1', [doc.correo]);
    const p = await patient(a.url);
    expect((await p.browser.json('POST', '/api/consultations/consent', { aceptar: 'si' })).status).toBe(200);
    const order = await p.browser.json<{ id: string }>('POST', '/api/consultations/paypal/order', {
      servicio: 'consulta_general',
      doctor_id: row!.id,
      metodo_de_pago: 'Paypal o Tarjeta',
      monto: 10,
    });
    expect(order.status, order.text).toBe(200);
    await paypal.approve(order.body.id);
    const capture = await p.browser.json('POST', '/api/consultations/paypal/capture', consultationCapture(row!.id, order.body.id));
    expect(capture.status, capture.text).toBe(200);
    const token = (await p.browser.json<{ consulta_token: string }>('GET', '/api/chat')).body.consulta_token;
    expect((await p.browser.json('POST', '/api/video/consent', { acepto: true })).status).toBe(200);

    // The patient on A (two tabs: one on each instance), the doctor on B.
    const ps = chatSocket(a.url, token, 'patient', p.browser.cookie);
    const ps2 = chatSocket(b.url, token, 'patient', p.browser.cookie);
    const ds = chatSocket(b.url, token, 'doctor', doc.browser.cookie);
    await Promise.all([ps.opened, ps2.opened, ds.opened]);
    await Promise.all([ps.next('history'), ps2.next('history'), ds.next('history')]);

    const callId = randomUUID();
    const base = { consulta: token, callId };
    ps.raw({ type: 'call-invite', ...base });
    expect(await ds.next('call-invite', () => true, SLOW)).toMatchObject({ callId, de: 'patient' });
    ds.raw({ type: 'call-accept', ...base });
    expect((await ps.next('call-accept', () => true, SLOW)).peer.rol).toBe('doctor');
    ps.raw({ type: 'call-offer', ...base, sdp: 'v=0\r\n' });
    expect((await ds.next('call-offer', () => true, SLOW)).sdp).toBe('v=0\r\n');
    ds.raw({ type: 'call-answer', ...base, sdp: 'v=0\r\n' });
    await ps.next('call-answer', () => true, SLOW);
    for (let i = 0; i < 5; i++) ps.raw({ type: 'call-ice', ...base, candidate: { candidate: `candidate:${i} 1 udp 1 127.0.0.1 ${5000 + i} typ relay`, sdpMid: '0', sdpMLineIndex: 0 } });
    for (let i = 0; i < 5; i++) expect((await ds.next('call-ice', () => true, SLOW)).candidate?.candidate).toContain(`candidate:${i} `);
    ds.raw({ type: 'call-media', ...base, audio: true, video: false });
    expect(await ps.next('call-media', () => true, SLOW)).toMatchObject({ audio: true, video: false, de: 'doctor' });
    ds.raw({ type: 'call-hangup', ...base, reason: 'ended' });
    expect((await ps.next('call-hangup', () => true, SLOW)).reason).toBe('ended');

    // The doctor's frames reached the patient's sockets on both instances; the patient's own never came back to them.
    expect((await ps2.next('call-accept', () => true, SLOW)).callId).toBe(callId);
    expect(ps2.inbox.some((f) => f.type === 'call-offer' || f.type === 'call-ice')).toBe(false);
    expect(ds.inbox.some((f) => f.type === 'call-media' || f.type === 'call-hangup')).toBe(false);

    const calls = await db.query<{ n: number; ended: number }>(
      'select count(*)::int as n, count(ended_at)::int as ended from consultation_calls where id = $1',
      [callId],
    );
    expect(calls[0]).toEqual({ n: 1, ended: 1 });
    const stored = await db.query<{ n: number }>(
      'select count(*)::int as n from chat_messages m join consultations c on c.id = m.consultation_id where c.token = $1',
      [token],
    );
    expect(stored[0]!.n).toBe(0);
    for (const s of [ps, ps2, ds]) s.ws.close();
  });
});
