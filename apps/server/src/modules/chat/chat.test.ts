import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, type ChatServerFrame } from '@clinica/shared';
import { parseConfig } from '../../infra/config.js';
import type { Database } from '../../db/client.js';
import { buildApp } from '../../app.js';
import { CookieJar, PNG_1X1, TestClock, freshDatabase, multipart, validRegistration } from '../../../test/harness.js';
import { startPaypalStandIn, type PaypalStandIn } from '../payments/paypal-stand-in/stand-in.plugin.js';
import { SESSION_ENDED_CLOSE } from '../../infra/realtime.js';
import { approveStaff, staffIdOf } from '../auth/test-support.js';
import { socketOf } from './test-support.js';

/**
 * The chat over a real socket: the app listens on a loopback port, PayPal is the local stand-in,
 * and the database can be dumped and loaded into a new app (a restart).
 */

interface Server {
  app: FastifyInstance;
  clock: TestClock;
  base: string;
  origin: string;
}

let paypal: PaypalStandIn;
let dataDir: string;
let server: Server;

/** The test file's database (PGlite or PostgreSQL, whichever the run uses); reopened for a restart. */
let reopen: () => Promise<Database>;

async function boot(database: Database, clock = new TestClock()): Promise<Server> {
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PAYPAL_CLIENT_ID: 'test-client-id',
    PAYPAL_CLIENT_SECRET: 'test-client-secret',
    PAYPAL_API_BASE: paypal.url,
    PAYPAL_SDK_URL: `${paypal.url}/sdk/js`,
  });
  const app = await buildApp({ config, database, now: clock.now, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  return { app, clock, base: `ws://127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` };
}

/** The page-made id (a UUID) of a labelled send: the same label gives the same id within this run. */
const cidLabels = new Map<string, string>();
const cidOf = (label: string) => {
  if (!cidLabels.has(label)) cidLabels.set(label, crypto.randomUUID());
  return cidLabels.get(label)!;
};

const unique = (p: string) => `${p}.${Math.random().toString(36).slice(2)}@example.com`;

async function json(method: 'GET' | 'POST', url: string, jar: CookieJar | null, payload?: unknown) {
  const res = await server.app.inject({
    method,
    url,
    headers: jar ? { cookie: jar.header } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  jar?.store(res);
  return res;
}

async function staff(role: 'admin' | 'doctor') {
  const correo = unique(role);
  const reg = await json('POST', `/api/${role}/register`, null, {
    clave_seguridad: role === 'admin' ? 'demo-clave-admin' : 'demo-clave-doctor',
    nombre: role === 'admin' ? 'Elena' : 'Ana',
    apellido: 'Rivas',
    correo,
    password: 'secreto-seguro-1',
    password_confirm: 'secreto-seguro-1',
    ...(role === 'doctor' ? { servicio: 'consulta_general' } : {}),
  });
  expect(reg.statusCode).toBe(201);
  await approveStaff(server, role, correo);
  const jar = new CookieJar();
  expect(
    (await json('POST', `/api/${role}/login`, jar, { email: correo, password: 'secreto-seguro-1' })).statusCode,
  ).toBe(200);
  return { jar, correo };
}

async function patient() {
  const reg = validRegistration({ correo: unique('paciente') });
  const res = await server.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    ...multipart(reg, [{ field: 'image_cedula', filename: 'cedula.png', bytes: PNG_1X1 }]),
  });
  expect(res.statusCode).toBe(201);
  const jar = new CookieJar();
  await json('POST', '/api/auth/login', jar, { email: reg.correo, password: reg.password });
  return { jar, nombre: `${reg.nombre} ${reg.apellido}`, correo: reg.correo };
}

/** A patient with a consultation paid by PayPal (chat allowed at once) with this doctor. */
async function paidConsultation(doctorId: string) {
  const p = await patient();
  expect((await json('POST', '/api/consultations/consent', p.jar, { aceptar: 'si' })).statusCode).toBe(200);
  const order = await json('POST', '/api/consultations/paypal/order', p.jar, {
    servicio: 'consulta_general',
    doctor_id: doctorId,
    metodo_de_pago: 'Paypal o Tarjeta',
    monto: 10,
  });
  expect(order.statusCode).toBe(200);
  const orderID = order.json<{ id: string }>().id;
  await paypal.approve(orderID);
  const capture = await json('POST', '/api/consultations/paypal/capture', p.jar, {
    servicio: 'consulta_general',
    doctor_id: doctorId,
    sintomas: 'Tos y fiebre',
    antecedentesFamiliares: 'No hay información',
    antecedentesPersonales: 'No hay información',
    antecedentesQuirurgicos: 'No hay información',
    alergias: 'No hay información',
    otrosDatos: 'No hay información',
    orderID,
    payerID: 'PAYER1',
  });
  expect(capture.statusCode, capture.body).toBe(200);
  const state = await json('GET', '/api/chat', p.jar);
  expect(state.statusCode, state.body).toBe(200);
  return {
    ...p,
    token: state.json<{ consulta_token: string }>().consulta_token,
    state: state.json<{ segundos_restantes: number }>(),
  };
}

/**
 * A socket with a frame inbox, the shared one of test-support.ts (`next(type, pred)`), opened on
 * this file's server; `since` and `origin` for the reconnection and the foreign-origin tests.
 */
function connect(
  token: string,
  rol: 'patient' | 'doctor',
  jar: CookieJar,
  opts: { since?: number; origin?: string } = {},
) {
  const url = `${server.base}/api/chat/ws?consulta=${encodeURIComponent(token)}&rol=${rol}&since=${opts.since ?? 0}`;
  return socketOf(url, jar.header, opts.origin ?? server.origin);
}

let doctor: { jar: CookieJar; id: string; correo: string };
let adminCorreo: string;

/** Lets time pass on the server while the people stay active (their sessions would end after 30 idle minutes). */
async function passTime(ms: number, patientJar: CookieJar) {
  for (let left = ms; left > 0; left -= 20 * 60_000) {
    server.clock.advance(Math.min(left, 20 * 60_000));
    await json('GET', '/api/chat', patientJar);
    await json('GET', '/api/doctor/chats', doctor.jar);
    await json('GET', '/api/admin/receipts', admin);
  }
}
let admin: CookieJar;

beforeAll(async () => {
  paypal = await startPaypalStandIn({ clientId: 'test-client-id', clientSecret: 'test-client-secret' });
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-chat-'));
  const fresh = await freshDatabase({ reopenable: true });
  reopen = () => fresh.reopen();
  server = await boot(fresh.database);
  const a = await staff('admin');
  admin = a.jar;
  adminCorreo = a.correo;
  const d = await staff('doctor');
  const id = await staffIdOf(server, 'doctor', d.correo);
  doctor = { jar: d.jar, id, correo: d.correo };
});

afterAll(async () => {
  await server.app.close();
  await paypal.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('chat over WebSocket', () => {
  it('opens the hour on the server and exchanges messages both ways with the server as the sender', async () => {
    const p = await paidConsultation(doctor.id);
    expect(p.state.segundos_restantes).toBe(3600);
    const pa = connect(p.token, 'patient', p.jar);
    const dr = connect(p.token, 'doctor', doctor.jar);
    await Promise.all([pa.opened, dr.opened]);
    await Promise.all([pa.next('history'), dr.next('history')]);

    // A spoofed sender is ignored: the doctor sees the patient's name, from the server.
    pa.send({ type: 'send', texto: 'Hola doctora', de: 'doctor', nombre: 'Dr. Falso', cid: cidOf('c1') });
    const ack = await pa.next('ack');
    const seen = await dr.next('message');
    expect(seen.message).toMatchObject({ id: ack.id, de: 'patient', nombre: p.nombre, texto: 'Hola doctora' });

    dr.send({ type: 'send', texto: 'Buenos días, ¿qué síntomas tiene?', cid: crypto.randomUUID() });
    const reply = await pa.next('message', (f) => f.message.de === 'doctor');
    expect(reply.message.id).toBeGreaterThan(ack.id);
    expect(reply.message.nombre).toBe('Dr(a). Ana Rivas');
    pa.ws.close();
    dr.ws.close();
  });

  it('refuses a socket from a foreign Origin', async () => {
    const p = await paidConsultation(doctor.id);
    const s = connect(p.token, 'patient', p.jar, { origin: 'https://evil.example' });
    await expect(s.opened).rejects.toThrow('refused 403');
  });

  it("refuses a patient joining another consultation's chat, and a doctor who is not its doctor", async () => {
    const owner = await paidConsultation(doctor.id);
    const other = await paidConsultation(doctor.id);
    await expect(connect(owner.token, 'patient', other.jar).opened).rejects.toThrow('refused 404');
    const stranger = await staff('doctor');
    await expect(connect(owner.token, 'doctor', stranger.jar).opened).rejects.toThrow('refused 404');
    await expect(connect(owner.token, 'patient', new CookieJar()).opened).rejects.toThrow('refused 401');
  });

  it('sends the history after the last id on reconnect: nothing lost, nothing twice', async () => {
    const p = await paidConsultation(doctor.id);
    const a = connect(p.token, 'patient', p.jar);
    await a.opened;
    await a.next('history');
    for (const t of ['uno', 'dos', 'tres']) {
      a.send({ type: 'send', texto: t, cid: crypto.randomUUID() });
      await a.next('ack');
    }
    const all = (await a.next('message', (f) => f.message.texto === 'tres')).message.id;
    a.ws.close();
    // While the patient is away the doctor writes.
    const dr = connect(p.token, 'doctor', doctor.jar);
    await dr.opened;
    await dr.next('history');
    dr.send({ type: 'send', texto: 'cuatro', cid: crypto.randomUUID() });
    await dr.next('ack');
    const back = connect(p.token, 'patient', p.jar, { since: all - 1 });
    await back.opened;
    const history = await back.next('history');
    expect(history.messages.map((m) => m.texto)).toEqual(['tres', 'cuatro']);
    back.ws.close();
    dr.ws.close();
  });

  it('refuses messages after the hour; an approved extra hour (transfer) adds 3600 s and the chat goes on', async () => {
    const p = await paidConsultation(doctor.id);
    const s = connect(p.token, 'patient', p.jar);
    await s.opened;
    expect((await s.next('time')).segundos_restantes).toBe(3600);
    await s.next('history');
    await passTime(3601_000, p.jar);
    s.send({ type: 'send', texto: 'tarde', cid: cidOf('x') });
    expect((await s.next('error')).message).toBe(messages.chatTimeOver);
    expect((await json('GET', '/api/chat', p.jar)).json<{ segundos_restantes: number }>().segundos_restantes).toBe(0);

    const body = multipart({ metodo_de_pago: 'Transferencia', monto: '10' }, [
      { field: 'comprobante_tranferencia', filename: 'recibo.png', bytes: PNG_1X1 },
    ]);
    const sent = await server.app.inject({
      method: 'POST',
      url: '/api/chat/extra-hour/receipt',
      headers: { ...body.headers, cookie: p.jar.header },
      payload: body.payload,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json<{ aplicada: boolean }>().aplicada).toBe(false);
    // Not before an administrator approves it.
    expect((await json('GET', '/api/chat', p.jar)).json<{ segundos_restantes: number }>().segundos_restantes).toBe(0);
    const receipts = await json('GET', '/api/admin/receipts?limit=100', admin);
    const pending = receipts
      .json<{ items: { id: string; proposito: string; estado: string }[] }>()
      .items
      .find((r) => r.proposito === 'hora_extra' && r.estado === 'pendiente')!;
    expect((await json('POST', '/api/admin/receipts/approve', admin, { id: pending.id })).statusCode).toBe(200);
    const time = await s.next('time', (f) => f.segundos_restantes > 0);
    expect(time.segundos_restantes).toBe(3600);
    // A second approval adds nothing.
    await json('POST', '/api/admin/receipts/approve', admin, { id: pending.id });
    expect((await json('GET', '/api/chat', p.jar)).json<{ segundos_restantes: number }>().segundos_restantes).toBe(
      3600,
    );

    s.send({ type: 'send', texto: 'sigo aquí', cid: crypto.randomUUID() });
    await s.next('ack');
    s.ws.close();
  });

  it('an extra hour paid by PayPal adds 3600 s at once; closing the overlay without paying ends the time', async () => {
    const p = await paidConsultation(doctor.id);
    const s = connect(p.token, 'patient', p.jar);
    await s.opened;
    await s.next('history');
    await passTime(1800_000, p.jar);
    const order = await json('POST', '/api/chat/extra-hour/paypal/order', p.jar, {
      metodo_de_pago: 'Paypal o Tarjeta',
      monto: 10,
    });
    expect(order.statusCode, order.body).toBe(200);
    const orderID = order.json<{ id: string }>().id;
    await paypal.approve(orderID);
    const cap = await json('POST', '/api/chat/extra-hour/paypal/capture', p.jar, { orderID, payerID: 'P' });
    expect(cap.statusCode, cap.body).toBe(200);
    expect((await json('GET', '/api/chat', p.jar)).json<{ segundos_restantes: number }>().segundos_restantes).toBe(
      1800 + 3600,
    );
    // The same order cannot add a second hour.
    expect(
      (await json('POST', '/api/chat/extra-hour/paypal/capture', p.jar, { orderID, payerID: 'P' })).statusCode,
    ).toBe(409);

    expect((await json('POST', '/api/chat/extra-hour/decline', p.jar)).statusCode).toBe(200);
    const after = (await json('GET', '/api/chat', p.jar)).json<{
      segundos_restantes: number;
      tiempo_cerrado: boolean;
    }>();
    expect(after).toMatchObject({ segundos_restantes: 0, tiempo_cerrado: true });
    // No extra hour after the time was closed.
    const again = await json('POST', '/api/chat/extra-hour/paypal/order', p.jar, {
      metodo_de_pago: 'Paypal o Tarjeta',
      monto: 10,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(messages.chatTimeClosed);
    s.ws.close();
  });

  it('an extra hour sent by transfer and then declined is owed back (decision 0035); approving it adds nothing', async () => {
    const p = await paidConsultation(doctor.id);
    const s = connect(p.token, 'patient', p.jar);
    await s.opened;
    await s.next('history');
    await passTime(3601_000, p.jar);
    const body = multipart({ metodo_de_pago: 'Yappy', monto: '10' }, [{ field: 'comprobante_tranferencia', filename: 'recibo.png', bytes: PNG_1X1 }]);
    const sent = await server.app.inject({
      method: 'POST',
      url: '/api/chat/extra-hour/receipt',
      headers: { ...body.headers, cookie: p.jar.header },
      payload: body.payload,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await json('POST', '/api/chat/extra-hour/decline', p.jar)).statusCode).toBe(200);
    const mine = (await json('GET', '/api/receipts', p.jar)).json<{ id: string; proposito: string; estado: string; reembolso: { estado: string; motivo: string } | null }[]>();
    const hour = mine.find((r) => r.proposito === 'hora_extra')!;
    expect(hour).toMatchObject({ estado: 'pendiente', reembolso: { estado: 'pendiente', motivo: 'hora_extra_no_usada' } });
    // The administrator can no longer approve it into an hour nobody can use.
    expect((await json('POST', '/api/admin/receipts/approve', admin, { id: hour.id })).statusCode).toBe(409);
    expect((await json('GET', '/api/chat', p.jar)).json<{ segundos_restantes: number }>().segundos_restantes).toBe(0);
    s.ws.close();
  });

  it('closes the open sockets when the session ends (logout)', async () => {
    const p = await paidConsultation(doctor.id);
    const s = connect(p.token, 'patient', p.jar);
    await s.opened;
    await s.next('history');
    await json('POST', '/api/auth/logout', p.jar);
    expect(await s.closed).toBe(SESSION_ENDED_CLOSE);
  });

  it("checks the consultation again for later messages: an administrator's 'Quitar Permiso' stops the chat", async () => {
    const p = await paidConsultation(doctor.id);
    const s = connect(p.token, 'patient', p.jar);
    await s.opened;
    await s.next('history');
    s.send({ type: 'send', texto: 'antes', cid: crypto.randomUUID() });
    await s.next('ack');
    const chat = await json('GET', '/api/consultations/chat-session', p.jar);
    const { consulta_id } = chat.json<{ consulta_id: string }>();
    const res = await json('POST', '/api/admin/consultations/update', admin, {
      consulta_id,
      correo: p.correo,
      tipo_consulta: 'quitar_permiso',
      estado_consulta: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    await passTime(31_000, p.jar);
    s.send({ type: 'send', texto: 'después', cid: cidOf('d') });
    expect((await s.next('error')).message).toBe(messages.chatClosed);
    // And a new socket is refused at the handshake.
    await expect(connect(p.token, 'patient', p.jar).opened).rejects.toThrow('refused 403');
    s.ws.close();
  });

  it('closes the sockets of every device on logout-all, and a socket whose session went idle', async () => {
    const p = await paidConsultation(doctor.id);
    const s = connect(p.token, 'patient', p.jar);
    await s.opened;
    await s.next('history');
    // The same patient signed in on a second device logs out everywhere from there.
    const other = new CookieJar();
    await json('POST', '/api/auth/login', other, { email: p.correo, password: 'secreto-seguro-1' });
    expect((await json('POST', '/api/auth/logout-all', other)).statusCode).toBe(200);
    expect(await s.closed).toBe(SESSION_ENDED_CLOSE);

    // Idle for 31 minutes: the next message finds the session ended and the socket is closed, nothing is written.
    const q = await paidConsultation(doctor.id);
    const t = connect(q.token, 'patient', q.jar);
    await t.opened;
    await t.next('history');
    server.clock.advance(31 * 60_000);
    t.send({ type: 'send', texto: 'después de 31 minutos', cid: crypto.randomUUID() });
    expect(await t.closed).toBe(SESSION_ENDED_CLOSE);
    // The doctor and the administrator went idle too: they sign in again.
    await json('POST', '/api/doctor/login', doctor.jar, { email: doctor.correo, password: 'secreto-seguro-1' });
    await json('POST', '/api/admin/login', admin, { email: adminCorreo, password: 'secreto-seguro-1' });
  });

  it('keeps the history across a server restart', async () => {
    const p = await paidConsultation(doctor.id);
    const s = connect(p.token, 'patient', p.jar);
    await s.opened;
    await s.next('history');
    s.send({ type: 'send', texto: 'antes del reinicio', cid: crypto.randomUUID() });
    await s.next('ack');
    s.ws.close();
    const clock = new TestClock(server.clock.ms);
    await server.app.close();
    server = await boot(await reopen(), clock);
    const back = connect(p.token, 'patient', p.jar);
    await back.opened;
    expect((await back.next('history')).messages.map((m) => m.texto)).toEqual(['antes del reinicio']);
    back.ws.close();
  });
});

describe('health form, images and exit', () => {
  it('checks the health data ranges and stores them for the doctor', async () => {
    const p = await paidConsultation(doctor.id);
    const bad = await json('POST', '/api/chat/health', p.jar, { peso: '-3', talla: '1.7' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(messages.pesoRange);
    expect((await json('POST', '/api/chat/health', p.jar, { peso: '9000', talla: '1.7' })).statusCode).toBe(400);
    expect(
      (await json('POST', '/api/chat/health', p.jar, { peso: '70', talla: '170' })).json<{ message: string }>().message,
    ).toBe(messages.tallaRange);
    const ok = await json('POST', '/api/chat/health', p.jar, {
      peso: '70.5',
      talla: '1.72',
      presion_arterial: '120/80',
      frecuencia_cardiaca: '72',
      frecuencia_respiratoria: '',
    });
    expect(ok.json()).toEqual({ status: 'success', message: messages.formSent });
    expect((await json('GET', '/api/chat', p.jar)).json<{ formulario_enviado: boolean }>().formulario_enviado).toBe(
      true,
    );

    const img = multipart({}, [{ field: 'image', filename: 'herida.png', bytes: PNG_1X1 }]);
    const up = await server.app.inject({
      method: 'POST',
      url: '/api/chat/images',
      headers: { ...img.headers, cookie: p.jar.header },
      payload: img.payload,
    });
    expect(up.json()).toEqual({ success: true, message: messages.imagesUploaded });
    const fake = multipart({}, [{ field: 'image', filename: 'x.png', bytes: Buffer.from('no soy una imagen') }]);
    const refused = await server.app.inject({
      method: 'POST',
      url: '/api/chat/images',
      headers: { ...fake.headers, cookie: p.jar.header },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(400);

    const detail = await json('GET', `/api/doctor/chats/${p.token}`, doctor.jar);
    expect(detail.json()).toMatchObject({
      peso: 70.5,
      talla: 1.72,
      presion_arterial: '120/80',
      frecuencia_cardiaca: '72',
      frecuencia_respiratoria: null,
    });
    const [image] = detail.json<{ imagenes: { url: string }[] }>().imagenes;
    const file = await json('GET', image!.url, doctor.jar);
    expect(file.rawPayload.equals(PNG_1X1)).toBe(true);
    const list = await json('GET', '/api/doctor/chats', doctor.jar);
    expect(list.json<{ consulta_token: string }[]>().some((r) => r.consulta_token === p.token)).toBe(true);
    // Another doctor sees nothing of it.
    const stranger = await staff('doctor');
    expect((await json('GET', `/api/doctor/chats/${p.token}`, stranger.jar)).statusCode).toBe(404);
  });

  it("exit ends the patient's chat and closes the consultation; a second exit is refused", async () => {
    const p = await paidConsultation(doctor.id);
    const dr = connect(p.token, 'doctor', doctor.jar);
    await dr.opened;
    await dr.next('history');
    const exit = await json('POST', '/api/chat/exit', p.jar);
    expect(exit.json()).toMatchObject({ ok: true });
    await dr.next('closed');
    expect((await json('GET', '/api/chat', p.jar)).statusCode).toBe(403);
    expect((await json('GET', '/api/consultations/chat-session', p.jar)).statusCode).toBe(403);
    expect((await json('POST', '/api/chat/exit', p.jar)).statusCode).toBe(403);
  });
});

describe('one patient cannot break another chat (issue 19)', () => {
  it("A sends 40 messages with U+0000 while B sends 40 normal ones: A's are refused in Spanish, B gets 40 acks", async () => {
    const a = await paidConsultation(doctor.id);
    const b = await paidConsultation(doctor.id);
    const sa = connect(a.token, 'patient', a.jar);
    const sb = connect(b.token, 'patient', b.jar);
    await Promise.all([sa.opened, sb.opened]);
    await Promise.all([sa.next('history'), sb.next('history')]);
    const acks: number[] = [];
    const refusals: string[] = [];
    // Four rounds of ten, 11 s apart on the server's clock: B stays within its send limits.
    for (let round = 0; round < 4; round++) {
      for (let i = 0; i < 10; i++) {
        const n = round * 10 + i;
        sa.send({ type: 'send', texto: `veneno\u0000${n}`, cid: cidOf(`a${n}`) });
        sb.send({ type: 'send', texto: `Mensaje normal ${n}`, cid: cidOf(`b${n}`) });
      }
      for (let i = 0; i < 10; i++) {
        const n = round * 10 + i;
        acks.push((await sb.next('ack', (f) => f.cid === cidOf(`b${n}`))).id);
        refusals.push((await sa.next('error', (f) => f.cid === cidOf(`a${n}`))).message);
      }
      server.clock.advance(11_000);
    }
    expect(acks).toHaveLength(40);
    expect(new Set(refusals)).toEqual(new Set([messages.textInvalid]));
    // B's history holds the 40 messages in order; A's holds none.
    const again = connect(b.token, 'patient', b.jar);
    const history = await again.next('history');
    expect(history.messages.map((m) => m.texto)).toEqual(Array.from({ length: 40 }, (_, n) => `Mensaje normal ${n}`));
    const againA = connect(a.token, 'patient', a.jar);
    expect((await againA.next('history')).messages).toEqual([]);
    for (const s of [sa, sb, again, againA]) s.ws.close();
  });

  it('a sender over the burst is told to slow down; every acknowledged message is kept; after a pause it sends again', async () => {
    const p = await paidConsultation(doctor.id);
    const s = connect(p.token, 'patient', p.jar);
    await s.opened;
    await s.next('history');
    // Every answer, ack or refusal, by the send's cid.
    const answers = new Map<string, ChatServerFrame>();
    const all = new Promise<void>((resolve) =>
      s.ws.on('message', (raw) => {
        const f = JSON.parse((raw as Buffer).toString('utf8')) as ChatServerFrame & { cid?: string };
        if ((f.type === 'ack' || f.type === 'error') && f.cid) answers.set(f.cid, f);
        if (answers.size === 25) resolve();
      }),
    );
    for (let n = 0; n < 25; n++) s.send({ type: 'send', texto: `rápido ${n}`, cid: cidOf(`r${n}`) });
    await all;
    const acked: string[] = [];
    const refused: string[] = [];
    for (let n = 0; n < 25; n++) {
      const f = answers.get(cidOf(`r${n}`))!;
      if (f.type === 'ack') acked.push(`rápido ${n}`);
      else if (f.type === 'error') refused.push(f.message);
    }
    expect(acked).toHaveLength(20);
    expect(refused).toEqual(Array.from({ length: 5 }, () => messages.chatTooFast));
    const history = await connect(p.token, 'patient', p.jar).next('history');
    expect(history.messages.map((m) => m.texto)).toEqual(acked);
    server.clock.advance(11_000);
    s.send({ type: 'send', texto: 'después de esperar', cid: cidOf('late') });
    expect((await s.next('ack', (f) => f.cid === cidOf('late'))).id).toBeGreaterThan(0);
    s.ws.close();
  }, 60_000);

  it('refuses a message over the maximum length and control characters, and keeps line breaks', async () => {
    const p = await paidConsultation(doctor.id);
    const s = connect(p.token, 'patient', p.jar);
    await s.opened;
    await s.next('history');
    s.send({ type: 'send', texto: 'x'.repeat(2001), cid: cidOf('long') });
    expect((await s.next('error', (f) => f.cid === cidOf('long'))).message).toBe(messages.chatMessageInvalid);
    s.send({ type: 'send', texto: 'escape \u001b[2J', cid: cidOf('esc') });
    expect((await s.next('error', (f) => f.cid === cidOf('esc'))).message).toBe(messages.textInvalid);
    s.send({ type: 'send', texto: 'medio \ud800 par', cid: cidOf('sur') });
    expect((await s.next('error', (f) => f.cid === cidOf('sur'))).message).toBe(messages.textInvalid);
    s.send({ type: 'send', texto: 'Jose\u0301\nsegunda línea', cid: cidOf('ok') });
    await s.next('ack', (f) => f.cid === cidOf('ok'));
    const history = await connect(p.token, 'patient', p.jar).next('history');
    expect(history.messages.map((m) => m.texto)).toEqual(['José\nsegunda línea']);
    s.ws.close();
  });
});

describe('one message per page-made id (issue 20, decision 0033)', () => {
  /** Every frame a socket receives from now on (to count deliveries). */
  const record = (s: ReturnType<typeof connect>) => {
    const frames: ChatServerFrame[] = [];
    s.ws.on('message', (raw) => frames.push(JSON.parse((raw as Buffer).toString('utf8')) as ChatServerFrame));
    return frames;
  };
  const delivered = (frames: ChatServerFrame[], texto: string) =>
    frames.filter((f) => f.type === 'message' && f.message.texto === texto).length;

  it('the same id sent twice gives one message: the resend is answered with the stored one and not delivered again', async () => {
    const p = await paidConsultation(doctor.id);
    const pa = connect(p.token, 'patient', p.jar);
    const dr = connect(p.token, 'doctor', doctor.jar);
    await Promise.all([pa.next('history'), dr.next('history')]);
    const seen = record(dr);
    const cid = crypto.randomUUID();
    pa.send({ type: 'send', texto: 'Me duele la cabeza', cid });
    const first = await pa.next('ack', (f) => f.cid === cid);
    await dr.next('message', (f) => f.message.cid === cid);
    // The page did not get the acknowledgement (the network dropped it) and sends again, even with another text.
    pa.send({ type: 'send', texto: 'Me duele la cabeza (otra vez)', cid });
    const second = await pa.next('ack', (f) => f.cid === cid);
    expect(second.id).toBe(first.id);
    expect(second.message).toEqual(first.message);
    expect(second.message).toMatchObject({ texto: 'Me duele la cabeza', cid, de: 'patient' });
    // A later message reaches the doctor, and the resend never did.
    const after = crypto.randomUUID();
    pa.send({ type: 'send', texto: 'y fiebre', cid: after });
    await dr.next('message', (f) => f.message.cid === after);
    // Delivered to the doctor exactly once.
    expect(delivered(seen, 'Me duele la cabeza')).toBe(1);
    expect(delivered(seen, 'Me duele la cabeza (otra vez)')).toBe(0);
    const history = await connect(p.token, 'patient', p.jar).next('history');
    expect(history.messages.map((m) => [m.texto, m.cid])).toEqual([
      ['Me duele la cabeza', cid],
      ['y fiebre', after],
    ]);
    pa.ws.close();
    dr.ws.close();
  });

  it('the same id sent at the same moment from two devices of the patient: one row, one delivery, the same answer to both', async () => {
    const p = await paidConsultation(doctor.id);
    const phone = connect(p.token, 'patient', p.jar);
    const tablet = connect(p.token, 'patient', p.jar);
    const dr = connect(p.token, 'doctor', doctor.jar);
    await Promise.all([phone.next('history'), tablet.next('history'), dr.next('history')]);
    const seen = record(dr);
    const cid = crypto.randomUUID();
    for (let i = 0; i < 5; i++) {
      phone.send({ type: 'send', texto: 'Tengo tos', cid });
      tablet.send({ type: 'send', texto: 'Tengo tos', cid });
    }
    const acks = await Promise.all(
      Array.from({ length: 5 }, () => [phone.next('ack', (f) => f.cid === cid), tablet.next('ack', (f) => f.cid === cid)]).flat(),
    );
    expect(new Set(acks.map((a) => a.id)).size).toBe(1);
    const marker = crypto.randomUUID();
    phone.send({ type: 'send', texto: 'fin', cid: marker });
    await dr.next('message', (f) => f.message.cid === marker);
    expect(delivered(seen, 'Tengo tos')).toBe(1);
    const history = await connect(p.token, 'patient', p.jar).next('history');
    expect(history.messages.filter((m) => m.cid === cid)).toHaveLength(1);
    for (const s of [phone, tablet, dr]) s.ws.close();
  });

  it("refuses an id already used in another consultation, or by the other side, and a malformed or missing id; nothing is written", async () => {
    const a = await paidConsultation(doctor.id);
    const b = await paidConsultation(doctor.id);
    const sa = connect(a.token, 'patient', a.jar);
    const sb = connect(b.token, 'patient', b.jar);
    const dr = connect(a.token, 'doctor', doctor.jar);
    await Promise.all([sa.next('history'), sb.next('history'), dr.next('history')]);
    const cid = crypto.randomUUID();
    sa.send({ type: 'send', texto: 'mensaje de A', cid });
    await sa.next('ack', (f) => f.cid === cid);
    // Patient B sends with A's id: refused, and B's chat stays empty.
    sb.send({ type: 'send', texto: 'mensaje de B', cid });
    expect((await sb.next('error', (f) => f.cid === cid)).message).toBe(messages.chatMessageIdTaken);
    // The doctor, who saw the id, cannot send under it in A's chat either.
    dr.send({ type: 'send', texto: 'del médico', cid });
    expect((await dr.next('error', (f) => f.cid === cid)).message).toBe(messages.chatMessageIdTaken);
    sb.send({ type: 'send', texto: 'sin uuid', cid: 'no-es-un-uuid' });
    expect((await sb.next('error', (f) => f.cid === 'no-es-un-uuid')).message).toBe(messages.chatMessageIdInvalid);
    sb.send({ type: 'send', texto: 'sin id' });
    expect((await sb.next('error')).message).toBe(messages.chatMessageIdInvalid);
    expect((await connect(b.token, 'patient', b.jar).next('history')).messages).toEqual([]);
    expect((await connect(a.token, 'patient', a.jar).next('history')).messages.map((m) => m.texto)).toEqual(['mensaje de A']);
    for (const s of [sa, sb, dr]) s.ws.close();
  });
});
