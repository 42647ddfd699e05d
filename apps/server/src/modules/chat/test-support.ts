import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import type { ChatServerFrame, VideoServerFrame } from '@clinica/shared';
import { parseConfig } from '../../infra/config.js';
import { buildApp } from '../../app.js';
import { CookieJar, PNG_1X1, TestClock, freshDatabase, multipart, validRegistration } from '../../../test/harness.js';
import { startPaypalStandIn, type PaypalStandIn } from '../payments/paypal-stand-in/stand-in.plugin.js';
import { approveStaff, staffIdOf } from '../auth/test-support.js';

/**
 * Helpers for tests that need the chat's socket on a listening app (not a test file itself): the
 * app on a loopback port with the PayPal stand-in and a movable clock, staff and patients signed
 * in, a consultation paid by PayPal, and a socket with an inbox of frames (the video tests).
 */

export type SocketFrame = ChatServerFrame | VideoServerFrame;

export interface ChatTestbed {
  app: FastifyInstance;
  clock: TestClock;
  origin: string;
  base: string;
  json(method: 'GET' | 'POST', url: string, jar: CookieJar | null, payload?: unknown): Promise<LightMyRequestResponse>;
  staff(role: 'admin' | 'doctor', opts?: { nombre?: string }): Promise<{ jar: CookieJar; correo: string; id: string }>;
  patient(): Promise<{ jar: CookieJar; nombre: string; correo: string }>;
  paidConsultation(doctorId: string): Promise<{ jar: CookieJar; nombre: string; correo: string; token: string }>;
  connect(token: string, rol: 'patient' | 'doctor', jar: CookieJar): ReturnType<typeof socketOf>;
  /** Approves a PayPal order at the stand-in (the buyer's click). */
  approvePaypal(orderID: string): Promise<void>;
  /** Moves the clock on while these people stay active (sessions end after 30 idle minutes). */
  passTime(ms: number, jars: { patient: CookieJar; doctor: CookieJar }): Promise<void>;
  close(): Promise<void>;
}

const unique = (p: string) => `${p}.${Math.random().toString(36).slice(2)}@example.com`;

/** Starts the app on a loopback port; `env` adds configuration (e.g. TURN_URLS); `startAt` sets the clock. */
export async function chatTestbed(env: Record<string, string> = {}, opts: { startAt?: number } = {}): Promise<ChatTestbed> {
  const paypal: PaypalStandIn = await startPaypalStandIn({ clientId: 'test-client-id', clientSecret: 'test-client-secret' });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-chat-'));
  const { database } = await freshDatabase();
  const clock = opts.startAt === undefined ? new TestClock() : new TestClock(opts.startAt);
  const config = parseConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PAYPAL_CLIENT_ID: 'test-client-id',
    PAYPAL_CLIENT_SECRET: 'test-client-secret',
    PAYPAL_API_BASE: paypal.url,
    PAYPAL_SDK_URL: `${paypal.url}/sdk/js`,
    ...env,
  });
  const app = await buildApp({ config, database, now: clock.now, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const base = `ws://127.0.0.1:${port}`;
  // One object for the auth helpers (they keep their approver per app object).
  const t = { app, clock };
  const origin = `http://127.0.0.1:${port}`;

  async function json(method: 'GET' | 'POST', url: string, jar: CookieJar | null, payload?: unknown) {
    const res = await app.inject({
      method,
      url,
      headers: jar ? { cookie: jar.header } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
    jar?.store(res);
    return res;
  }

  async function staff(role: 'admin' | 'doctor', opts: { nombre?: string } = {}) {
    const correo = unique(role);
    const reg = await json('POST', `/api/${role}/register`, null, {
      clave_seguridad: role === 'admin' ? 'demo-clave-admin' : 'demo-clave-doctor',
      nombre: opts.nombre ?? (role === 'admin' ? 'Elena' : 'Ana'),
      apellido: 'Rivas',
      correo,
      password: 'secreto-seguro-1',
      password_confirm: 'secreto-seguro-1',
      ...(role === 'doctor' ? { servicio: 'consulta_general' } : {}),
    });
    expect(reg.statusCode).toBe(201);
    await approveStaff(t, role, correo);
    const jar = new CookieJar();
    expect((await json('POST', `/api/${role}/login`, jar, { email: correo, password: 'secreto-seguro-1' })).statusCode).toBe(200);
    return { jar, correo, id: await staffIdOf(t, role, correo) };
  }

  async function patient() {
    const reg = validRegistration({ correo: unique('paciente') });
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...multipart(reg, [{ field: 'image_cedula', filename: 'cedula.png', bytes: PNG_1X1 }]),
    });
    expect(res.statusCode).toBe(201);
    const jar = new CookieJar();
    await json('POST', '/api/auth/login', jar, { email: reg.correo, password: reg.password });
    return { jar, nombre: `${reg.nombre} ${reg.apellido}`, correo: reg.correo };
  }

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
    return { ...p, token: state.json<{ consulta_token: string }>().consulta_token };
  }

  return {
    app,
    clock,
    origin,
    base,
    json,
    staff,
    patient,
    paidConsultation,
    connect: (token, rol, jar) => socketOf(`${base}/api/chat/ws?consulta=${encodeURIComponent(token)}&rol=${rol}&since=0`, jar.header, origin),
    approvePaypal: async (orderID) => {
      await paypal.approve(orderID);
    },
    async passTime(ms, jars) {
      for (let left = ms; left > 0; left -= 20 * 60_000) {
        clock.advance(Math.min(left, 20 * 60_000));
        await json('GET', '/api/auth/session?activo=1', jars.patient);
        await json('GET', '/api/doctor/session?activo=1', jars.doctor);
      }
    },
    async close() {
      await app.close();
      await paypal.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A chat socket with an inbox: `next(type, pred)` waits for the first matching frame; `none(type)` proves none came. */
export function socketOf(url: string, cookie: string, origin: string) {
  const ws = new WebSocket(url, { headers: { cookie, origin } });
  const inbox: SocketFrame[] = [];
  const waiters: { match: (f: SocketFrame) => boolean; resolve: (f: SocketFrame) => void }[] = [];
  ws.on('message', (raw: Buffer) => {
    const frame = JSON.parse(raw.toString('utf8')) as SocketFrame;
    const i = waiters.findIndex((w) => w.match(frame));
    if (i >= 0) waiters.splice(i, 1)[0]!.resolve(frame);
    else inbox.push(frame);
  });
  const opened = new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    ws.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  return {
    ws,
    opened,
    closed,
    inbox,
    next<T extends SocketFrame['type']>(type: T, pred: (f: Extract<SocketFrame, { type: T }>) => boolean = () => true, ms = 10_000) {
      const match = (f: SocketFrame) => f.type === type && pred(f as Extract<SocketFrame, { type: T }>);
      const i = inbox.findIndex(match);
      if (i >= 0) return Promise.resolve(inbox.splice(i, 1)[0] as Extract<SocketFrame, { type: T }>);
      return new Promise<Extract<SocketFrame, { type: T }>>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} frame within ${ms} ms; inbox: ${JSON.stringify(inbox).slice(0, 500)}`)), ms);
        waiters.push({
          match,
          resolve: (f) => {
            clearTimeout(timer);
            resolve(f as Extract<SocketFrame, { type: T }>);
          },
        });
      });
    },
    /** True when no frame of this type arrived (within `ms`). */
    async none(type: SocketFrame['type'], ms = 300) {
      await new Promise((r) => setTimeout(r, ms));
      return !inbox.some((f) => f.type === type);
    },
    send(frame: Record<string, unknown>) {
      ws.send(JSON.stringify(frame));
    },
  };
}

export const newCallId = () => crypto.randomUUID();
