import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VIDEO_HANGUP_MESSAGES, messages, turnCredentialsSchema } from '@clinica/shared';
import { auditLog, chatMessages, consultationCalls, consultations, staff } from '../../db/schema.js';
import type { CookieJar } from '../../../test/harness.js';
import { chatTestbed, newCallId, type ChatTestbed } from '../chat/test-support.js';

/**
 * Video consultations' server side (issue 25, decision 0053): signalling over the chat socket
 * between the consultation's two members only, TURN credentials for its remaining paid time, the
 * patient's consent, the call's record and audit, and the hang-up at the hour's end.
 */

const TURN = { TURN_URLS: 'turn:127.0.0.1:3478,turn:127.0.0.1:3478?transport=tcp', TURN_SECRET: 'secreto-del-relé-de-prueba', VIDEO_RELAY_ONLY: '1' };

let t: ChatTestbed;
let doctor: { jar: CookieJar; id: string };
let admin: { jar: CookieJar };

beforeAll(async () => {
  t = await chatTestbed(TURN);
  doctor = await t.staff('doctor');
  admin = await t.staff('admin');
  // The doctor's registration number, as the doctor's profile holds it (shown to the patient in a call).
  await t.app.db.update(staff).set({ perfil_registro: 'CSS-12345' }).where(eq(staff.id, doctor.id));
});

afterAll(async () => {
  await t.close();
});

const turnUrl = (token: string, rol: 'patient' | 'doctor') => `/api/video/turn?consulta=${encodeURIComponent(token)}&rol=${rol}`;

/** A paid consultation whose patient opened the chat (the hour runs), both sockets joined. */
async function openCall(opts: { consent?: boolean } = {}) {
  const p = await t.paidConsultation(doctor.id);
  if (opts.consent ?? true) expect((await t.json('POST', '/api/video/consent', p.jar, { acepto: true })).statusCode).toBe(200);
  const pa = t.connect(p.token, 'patient', p.jar);
  const dr = t.connect(p.token, 'doctor', doctor.jar);
  await Promise.all([pa.opened, dr.opened]);
  await Promise.all([pa.next('history'), dr.next('history')]);
  const [row] = await t.app.db.select({ id: consultations.id }).from(consultations).where(eq(consultations.token, p.token));
  return { p, pa, dr, consultationId: row!.id };
}

const auditOf = (consultationId: string, action: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.resource_id, consultationId), eq(auditLog.action, action)));

describe('signalling over the chat socket', () => {
  it('the doctor calls, the patient accepts: offer, answer, candidates and media state reach only the other side; the call is recorded and audited', async () => {
    const { p, pa, dr, consultationId } = await openCall();
    const callId = newCallId();
    const base = { consulta: p.token, callId };

    dr.send({ type: 'call-invite', ...base, audioOnly: false });
    const invite = await pa.next('call-invite');
    // The patient sees who calls: the doctor's name and registration number, from the server.
    expect(invite).toMatchObject({ callId, de: 'doctor', audioOnly: false, peer: { rol: 'doctor', nombre: 'Dr(a). Ana Rivas', registro: 'CSS-12345' } });

    pa.send({ type: 'call-accept', ...base });
    const accepted = await dr.next('call-accept');
    expect(accepted.peer).toEqual({ rol: 'patient', nombre: p.nombre, registro: null });

    const sdp = 'v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
    dr.send({ type: 'call-offer', ...base, sdp, de: 'patient' });
    expect(await pa.next('call-offer')).toMatchObject({ sdp, de: 'doctor', iceRestart: false });
    pa.send({ type: 'call-answer', ...base, sdp });
    expect((await dr.next('call-answer')).sdp).toBe(sdp);
    const candidate = { candidate: 'candidate:1 1 udp 2122260223 10.0.0.2 54321 typ relay', sdpMid: '0', sdpMLineIndex: 0 };
    pa.send({ type: 'call-ice', ...base, candidate });
    expect((await dr.next('call-ice')).candidate).toEqual(candidate);
    dr.send({ type: 'call-ice', ...base, candidate: null });
    expect((await pa.next('call-ice')).candidate).toBeNull();
    pa.send({ type: 'call-media', ...base, audio: false, video: true });
    expect(await dr.next('call-media')).toMatchObject({ de: 'patient', audio: false, video: true });
    dr.send({ type: 'call-restart', ...base });
    expect(await pa.next('call-restart')).toMatchObject({ de: 'doctor' });
    // Never echoed to the sender.
    expect(await dr.none('call-offer')).toBe(true);
    expect(await pa.none('call-media')).toBe(true);

    await t.passTime(29 * 60_000, { patient: p.jar, doctor: doctor.jar });
    dr.send({ type: 'call-hangup', ...base, reason: 'ended' });
    expect(await pa.next('call-hangup')).toMatchObject({ callId, de: 'doctor', reason: 'ended', message: VIDEO_HANGUP_MESSAGES.ended });

    const [call] = await t.app.db.select().from(consultationCalls).where(eq(consultationCalls.id, callId));
    expect(call).toMatchObject({ consultation_id: consultationId, started_by: 'doctor', end_reason: 'ended' });
    expect(call!.ended_at!.getTime() - call!.started_at!.getTime()).toBe(29 * 60_000);
    expect(await auditOf(consultationId, 'video.call_start')).toHaveLength(1);
    const [end] = await auditOf(consultationId, 'video.call_end');
    expect(end).toMatchObject({ actor_role: 'doctor', actor_id: doctor.id, detail: 'videollamada terminada (colgada), 29 min' });

    // Nothing of the call was stored as a chat message or comes back in the history.
    expect(await t.app.db.select().from(chatMessages).where(eq(chatMessages.consultation_id, consultationId))).toHaveLength(0);
    const again = t.connect(p.token, 'patient', p.jar);
    expect((await again.next('history')).messages).toEqual([]);
    expect(await again.none('call-offer')).toBe(true);

    // The staff's record shows the call: 'Videollamada: … (29 min)'.
    const detail = await t.json('GET', `/api/doctor/consultations/${p.token}`, doctor.jar);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<{ videollamadas: unknown[] }>().videollamadas).toEqual([
      { inicio: call!.started_at!.toISOString(), fin: call!.ended_at!.toISOString(), minutos: 29 },
    ]);
    for (const s of [pa, dr, again]) s.ws.close();
  });

  it('a patient without the video consent can neither call nor accept; after accepting it once the call goes on', async () => {
    const { p, pa, dr } = await openCall({ consent: false });
    const state = await t.json('GET', '/api/video/consent', p.jar);
    expect(state.json()).toEqual({ aceptado: false, fecha: null, texto: messages.videoConsentText });

    const callId = newCallId();
    pa.send({ type: 'call-invite', consulta: p.token, callId });
    expect(await pa.next('call-error')).toMatchObject({ code: 'consent', message: messages.videoConsentRequired, callId, refused: 'call-invite' });
    expect(await dr.none('call-invite')).toBe(true);

    dr.send({ type: 'call-invite', consulta: p.token, callId });
    await pa.next('call-invite');
    pa.send({ type: 'call-accept', consulta: p.token, callId });
    expect((await pa.next('call-error')).code).toBe('consent');
    expect(await dr.none('call-accept')).toBe(true);

    // The box must be ticked; then it is recorded once.
    const unticked = await t.json('POST', '/api/video/consent', p.jar, { acepto: false });
    expect(unticked.statusCode).toBe(400);
    expect(unticked.json<{ message: string }>().message).toBe(messages.videoConsentMustAccept);
    const ok = await t.json('POST', '/api/video/consent', p.jar, { acepto: true });
    expect(ok.json()).toMatchObject({ aceptado: true });
    pa.send({ type: 'call-accept', consulta: p.token, callId });
    expect((await dr.next('call-accept')).callId).toBe(callId);
    pa.ws.close();
    dr.ws.close();
  });

  it('refuses frames for another consultation, for a call that was not accepted, a second call, and malformed frames', async () => {
    const { p, pa, dr } = await openCall();
    const other = await openCall();
    const callId = newCallId();
    // A frame naming another consultation on this socket: refused, nothing reaches anybody.
    pa.send({ type: 'call-invite', consulta: other.p.token, callId });
    expect((await pa.next('call-error')).code).toBe('invalid');
    expect(await other.dr.none('call-invite')).toBe(true);
    expect(await dr.none('call-invite')).toBe(true);

    // An offer pushed at the patient before any call was accepted: refused.
    dr.send({ type: 'call-offer', consulta: p.token, callId, sdp: 'v=0' });
    expect((await dr.next('call-error')).code).toBe('no-call');
    dr.send({ type: 'call-invite', consulta: p.token, callId });
    await pa.next('call-invite');
    dr.send({ type: 'call-offer', consulta: p.token, callId, sdp: 'v=0' });
    expect((await dr.next('call-error')).code).toBe('no-call');
    // The caller cannot accept its own call.
    dr.send({ type: 'call-accept', consulta: p.token, callId });
    expect((await dr.next('call-error')).code).toBe('no-call');
    // A second call while one rings: busy, with the ringing call's id.
    pa.send({ type: 'call-invite', consulta: p.token, callId: newCallId() });
    expect(await pa.next('call-error')).toMatchObject({ code: 'busy', callId, message: messages.videoBusy });
    // Malformed: not a UUID, an SDP over the limit, an unknown frame type.
    for (const bad of [
      { type: 'call-invite', consulta: p.token, callId: 'x' },
      { type: 'call-offer', consulta: p.token, callId, sdp: 'a'.repeat(12_001) },
      { type: 'call-sdp', consulta: p.token, callId },
    ]) {
      dr.send(bad);
      expect(await dr.next('call-error')).toMatchObject({ code: 'invalid', message: messages.videoFrameInvalid });
    }
    // Declined: nothing recorded.
    pa.send({ type: 'call-decline', consulta: p.token, callId });
    expect((await dr.next('call-decline')).de).toBe('patient');
    expect(await t.app.db.select().from(consultationCalls).where(eq(consultationCalls.id, callId))).toHaveLength(0);
    for (const s of [pa, dr, other.pa, other.dr]) s.ws.close();
  });

  it('a non-member cannot signal into a consultation: another patient, another doctor and an administrator cannot join its socket', async () => {
    const { p, pa, dr } = await openCall();
    const stranger = await t.patient();
    const otherDoctor = await t.staff('doctor', { nombre: 'Luis' });
    await expect(t.connect(p.token, 'patient', stranger.jar).opened).rejects.toThrow('refused 404');
    await expect(t.connect(p.token, 'doctor', otherDoctor.jar).opened).rejects.toThrow('refused 404');
    await expect(t.connect(p.token, 'doctor', admin.jar).opened).rejects.toThrow('refused 401');
    // Their own consultation's socket cannot reach this one either (the frame names the socket's consultation).
    const theirs = await t.paidConsultation(otherDoctor.id);
    const ts = t.connect(theirs.token, 'doctor', otherDoctor.jar);
    await ts.opened;
    await ts.next('history');
    ts.send({ type: 'call-invite', consulta: p.token, callId: newCallId() });
    expect((await ts.next('call-error')).code).toBe('invalid');
    expect(await pa.none('call-invite')).toBe(true);
    for (const s of [pa, dr, ts]) s.ws.close();
  });
});

describe('TURN credentials', () => {
  it("gives the consultation's members credentials by the TURN REST scheme, valid until its paid time ends and no longer", async () => {
    const { p, pa, dr } = await openCall();
    const res = await t.json('GET', turnUrl(p.token, 'patient'), p.jar);
    expect(res.statusCode, res.body).toBe(200);
    const body = turnCredentialsSchema.parse(res.json());
    expect(body.relayOnly).toBe(true);
    expect(body.ttlSeconds).toBe(3600);
    const [server] = body.iceServers;
    expect(server!.urls).toEqual(['turn:127.0.0.1:3478', 'turn:127.0.0.1:3478?transport=tcp']);
    const [expiry, opaque] = server!.username!.split(':');
    expect(Number(expiry)).toBe(Math.floor(t.clock.now() / 1000) + 3600);
    // The opaque part names nobody: not the account, not the consultation.
    expect(opaque).toMatch(/^[A-Za-z0-9_-]{8,}$/);
    expect(server!.username).not.toContain(p.token);
    expect(server!.credential).toBe(crypto.createHmac('sha1', TURN.TURN_SECRET).update(server!.username!).digest('base64'));

    // The doctor gets theirs; both shrink with the time left.
    await t.passTime(40 * 60_000, { patient: p.jar, doctor: doctor.jar });
    const later = turnCredentialsSchema.parse((await t.json('GET', turnUrl(p.token, 'doctor'), doctor.jar)).json());
    expect(later.ttlSeconds).toBe(20 * 60);
    expect(Number(later.iceServers[0]!.username!.split(':')[0])).toBe(Number(expiry));

    // The hour is over: no credentials at all.
    await t.passTime(20 * 60_000, { patient: p.jar, doctor: doctor.jar });
    const over = await t.json('GET', turnUrl(p.token, 'patient'), p.jar);
    expect(over.statusCode).toBe(409);
    expect(over.json<{ message: string }>().message).toBe(messages.chatTimeOver);
    pa.ws.close();
    dr.ws.close();
  });

  it('refuses another patient, another doctor and an administrator', async () => {
    const p = await t.paidConsultation(doctor.id);
    const s = t.connect(p.token, 'patient', p.jar);
    await s.opened;
    await s.next('history');
    const stranger = await t.patient();
    const otherDoctor = await t.staff('doctor', { nombre: 'Luis' });
    expect((await t.json('GET', turnUrl(p.token, 'patient'), stranger.jar)).statusCode).toBe(404);
    expect((await t.json('GET', turnUrl(p.token, 'doctor'), otherDoctor.jar)).statusCode).toBe(404);
    // The patient asking as the doctor: the doctor's session is required.
    expect((await t.json('GET', turnUrl(p.token, 'doctor'), p.jar)).statusCode).toBe(401);
    expect((await t.json('GET', turnUrl(p.token, 'doctor'), admin.jar)).statusCode).toBe(401);
    expect((await t.json('GET', turnUrl(p.token, 'patient'), null)).statusCode).toBe(401);
    s.ws.close();
  });

  it('gives none before the patient opened the chat', async () => {
    const p = await t.paidConsultation(doctor.id);
    const res = await t.json('GET', turnUrl(p.token, 'doctor'), doctor.jar);
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(messages.chatNotStarted);
  });
});

describe("the hour's end", () => {
  it('ends the call for both with reason time, refuses signalling until an extra hour is approved, then a new call goes', async () => {
    const { p, pa, dr, consultationId } = await openCall();
    const callId = newCallId();
    pa.send({ type: 'call-invite', consulta: p.token, callId });
    await dr.next('call-invite');
    dr.send({ type: 'call-accept', consulta: p.token, callId });
    await pa.next('call-accept');

    await t.passTime(59 * 60_000, { patient: p.jar, doctor: doctor.jar });
    await t.app.chatVideoSweep();
    expect(await pa.none('call-hangup', 100)).toBe(true);
    await t.passTime(60_000, { patient: p.jar, doctor: doctor.jar });
    await t.app.chatVideoSweep();
    for (const s of [pa, dr]) {
      expect(await s.next('call-hangup')).toMatchObject({ callId, de: null, reason: 'time', message: messages.videoEndedTime });
    }
    const [call] = await t.app.db.select().from(consultationCalls).where(eq(consultationCalls.id, callId));
    expect(call).toMatchObject({ end_reason: 'time' });
    expect(call!.ended_at!.getTime() - call!.started_at!.getTime()).toBe(60 * 60_000);
    const [end] = await auditOf(consultationId, 'video.call_end');
    expect(end!.detail).toBe('videollamada terminada (se acabó el tiempo de la consulta), 60 min');
    // A second sweep (another instance) tells nobody again.
    await t.app.chatVideoSweep();
    expect(await pa.none('call-hangup', 100)).toBe(true);

    // Further signalling is refused with the chat's own words.
    const next = newCallId();
    dr.send({ type: 'call-invite', consulta: p.token, callId: next });
    expect(await dr.next('call-error')).toMatchObject({ code: 'time', message: messages.chatTimeOver });
    expect(await pa.none('call-invite')).toBe(true);

    // An extra hour paid by PayPal: the call can start again.
    const order = await t.json('POST', '/api/chat/extra-hour/paypal/order', p.jar, { metodo_de_pago: 'Paypal o Tarjeta', monto: 10 });
    expect(order.statusCode, order.body).toBe(200);
    const orderID = order.json<{ id: string }>().id;
    await t.approvePaypal(orderID);
    expect((await t.json('POST', '/api/chat/extra-hour/paypal/capture', p.jar, { orderID, payerID: 'P' })).statusCode).toBe(200);
    dr.send({ type: 'call-invite', consulta: p.token, callId: next });
    expect((await pa.next('call-invite')).callId).toBe(next);
    pa.ws.close();
    dr.ws.close();
  });
});
