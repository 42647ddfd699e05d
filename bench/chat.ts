/**
 * The chat (issue 4): N patient-doctor pairs on loopback WebSockets. Each patient writes once a
 * second; the doctor answers each message at once. Delivery latency (send -> the other side's
 * frame) p50 / p99 and delivered messages per second, beside a bare `ws` relay server (the same
 * pairs, the same pattern, no sessions, no database) in the same run; the ratio is printed.
 * Aim (issue 4): p99 under 50 ms at 500 pairs.
 *
 *   node --import tsx bench/chat.ts      (BENCH_SECONDS=10, BENCH_CHAT_PAIRS=100,500,1000)
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { parseConfig } from '../apps/server/src/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { consultations, patients, payments, staff } from '../apps/server/src/db/schema.js';
import { buildApp } from '../apps/server/src/app.js';
import { printTable, type BenchRow } from './lib/measure.js';

const BENCH = 'chat';

interface PairTarget {
  patientUrl: string;
  doctorUrl: string;
  patientCookie: string;
  doctorCookie: string;
}

interface LoadResult {
  latencies: number[];
  delivered: number;
  errors: number;
  seconds: number;
}

// The load runs in a worker thread, so that it does not share the event loop of the servers it measures.
const LOAD = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const WebSocket = require(workerData.wsPath);
const { pairs, origin, seconds, mode } = workerData;
const latencies = [];
let delivered = 0, errors = 0, measuring = false;
const frame = (t) => mode === 'chat' ? JSON.stringify({ type: 'send', texto: String(t) }) : JSON.stringify({ texto: String(t) });

function open(url, cookie) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: { cookie, origin } });
    ws.once('unexpected-response', (_q, res) => reject(new Error('refused ' + res.statusCode)));
    ws.once('error', reject);
    if (mode === 'bare') ws.once('open', () => resolve(ws));
    else {
      const joined = (raw) => { if (JSON.parse(raw.toString()).type === 'history') { ws.off('message', joined); resolve(ws); } };
      ws.on('message', joined);
    }
  });
}

// What the other side wrote, with its send time; null for anything else (own echoes, acks, time).
function incoming(raw, from) {
  const f = JSON.parse(raw.toString());
  if (mode === 'bare') return Number(f.texto);
  if (f.type === 'error') { errors++; return null; }
  if (f.type !== 'message' || f.message.de !== from) return null;
  return Number(f.message.texto);
}

(async () => {
  const sockets = [];
  for (let i = 0; i < pairs.length; i += 50) {
    const batch = pairs.slice(i, i + 50);
    sockets.push(...await Promise.all(batch.map(async (p) => [await open(p.patientUrl, p.patientCookie), await open(p.doctorUrl, p.doctorCookie)])));
  }
  const timers = [];
  for (const [patient, doctor] of sockets) {
    doctor.on('message', (raw) => {
      const t = incoming(raw, 'patient');
      if (t === null) return;
      if (measuring) { latencies.push(performance.now() - t); delivered++; }
      doctor.send(frame(performance.now()));
    });
    patient.on('message', (raw) => {
      const t = incoming(raw, 'doctor');
      if (t === null || !measuring) return;
      latencies.push(performance.now() - t); delivered++;
    });
    patient.on('close', () => errors++);
    doctor.on('close', () => errors++);
    // Each patient writes once a second, at its own phase.
    const start = setTimeout(() => {
      patient.send(frame(performance.now()));
      timers.push(setInterval(() => patient.send(frame(performance.now())), 1000));
    }, Math.random() * 1000);
    timers.push(start);
  }
  await new Promise((r) => setTimeout(r, 1500)); // warm-up
  measuring = true;
  parentPort.postMessage({ phase: 'start' });
  const began = performance.now();
  await new Promise((r) => setTimeout(r, seconds * 1000));
  measuring = false;
  const elapsed = (performance.now() - began) / 1000;
  for (const t of timers) { clearInterval(t); clearTimeout(t); }
  for (const [patient, doctor] of sockets) { patient.removeAllListeners('close'); doctor.removeAllListeners('close'); patient.terminate(); doctor.terminate(); }
  parentPort.postMessage({ latencies, delivered, errors, seconds: elapsed });
})().catch((err) => parentPort.postMessage({ error: String(err && err.stack || err) }));
`;

/** Runs the load; `onStart` is called when the measured window begins (after the joins and a warm-up). */
function runLoad(pairs: PairTarget[], origin: string, seconds: number, mode: 'chat' | 'bare', onStart: () => void) {
  const wsPath = createRequire(import.meta.url).resolve('ws');
  return new Promise<LoadResult>((resolve, reject) => {
    const worker = new Worker(LOAD, { eval: true, workerData: { pairs, origin, seconds, mode, wsPath } });
    worker.on('message', (m: LoadResult | { error: string } | { phase: 'start' }) => {
      if ('phase' in m) return onStart();
      void worker.terminate();
      if ('error' in m) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', reject);
  });
}

const percentile = (sorted: number[], p: number) => (sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);

async function measure(pairs: PairTarget[], origin: string, seconds: number, mode: 'chat' | 'bare') {
  let before = performance.eventLoopUtilization();
  const r = await runLoad(pairs, origin, seconds, mode, () => {
    before = performance.eventLoopUtilization();
  });
  // The servers' thread during the measured window only (not the joins and the warm-up).
  const elu = performance.eventLoopUtilization(before);
  const sorted = r.latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: r.delivered / r.seconds,
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    errors: r.errors,
    serverBusy: elu.utilization,
    serverUsPerRequest: (elu.active * 1000) / Math.max(1, r.delivered),
  };
}

/** A bare relay: each socket's frames go to its pair's other socket. */
async function bareRelay() {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => wss.once('listening', () => resolve()));
  const partners = new Map<string, WebSocket>();
  wss.on('connection', (ws, req) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    const pair = q.get('pair') ?? '';
    const role = q.get('rol') ?? '';
    partners.set(`${pair}:${role}`, ws);
    const other = `${pair}:${role === 'patient' ? 'doctor' : 'patient'}`;
    ws.on('message', (data) => partners.get(other)?.send(data));
  });
  return { wss, port: (wss.address() as AddressInfo).port };
}

/** Runs the benchmark and returns its rows (bench/run.ts prints them with the others). */
export async function run(opts: { seconds?: number; pairs?: number[] } = {}): Promise<BenchRow[]> {
  const seconds = opts.seconds ?? Number(process.env.BENCH_SECONDS ?? 10);
  const sizes = opts.pairs ?? (process.env.BENCH_CHAT_PAIRS ?? '100,500,1000').split(',').map(Number);
  const max = Math.max(...sizes);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-bench-chat-'));
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ dataDir: config.dataDir });
  const app = await buildApp({ config, database, logger: false });
  const bare = await bareRelay();
  const rows: BenchRow[] = [];
  try {
    // The people and their paid consultations, written directly (the flows are measured elsewhere).
    const now = new Date();
    const [doctor] = await app.db
      .insert(staff)
      .values({ role: 'doctor', nombre: 'Ana', apellido: 'Bench', correo: `bench.${crypto.randomUUID()}@example.com`, password_hash: 'x', servicio: 'consulta_general', estado: 'activo' })
      .returning();
    const people = Array.from({ length: max }, (_, i) => ({
      nombre: `Paciente${i}`,
      apellido: 'Bench',
      cedula: '8-1-1',
      correo: `bench.${i}.${crypto.randomUUID()}@example.com`,
      password_hash: 'x',
      nacionalidad: 'Panamá',
      genero: 'femenino',
      edad: 30,
      direccion: 'Panamá',
      country_code: '+507',
      celular: '61234567',
      acuerdo: true,
      acuerdo_at: now,
    }));
    const insertedPatients = await app.db.insert(patients).values(people).returning({ id: patients.id });
    const paid = await app.db
      .insert(payments)
      .values(
        insertedPatients.map((p) => ({
          token: crypto.randomUUID(),
          patient_id: p.id,
          proposito: 'consulta' as const,
          servicio: 'consulta_general' as const,
          monto_cents: 1000,
          metodo_de_pago: 'Paypal o Tarjeta' as const,
          estado: 'aprobado' as const,
          acuerdo: true,
          paypal_order_id: crypto.randomUUID(),
        })),
      )
      .returning({ id: payments.id, patient_id: payments.patient_id });
    const consults = await app.db
      .insert(consultations)
      .values(
        paid.map((p) => ({
          token: crypto.randomBytes(24).toString('base64url'),
          patient_id: p.patient_id,
          doctor_id: doctor!.id,
          servicio: 'consulta_general' as const,
          sintomas: 'bench',
          antecedentes_familiares: '-',
          antecedentes_personales: '-',
          antecedentes_quirurgicos: '-',
          alergias: '-',
          otros_datos: '-',
          consentimiento_at: now,
          payment_id: p.id,
          permiso_chat: true,
        })),
      )
      .returning({ token: consultations.token, patient_id: consultations.patient_id });
    const meta = { ip: '127.0.0.1', userAgent: 'bench' };
    const doctorCookie = `sid_doctor=${await app.sessions.create('doctor', doctor!.id, meta)}`;

    await app.listen({ port: 0, host: '127.0.0.1' });
    const port = (app.server.address() as AddressInfo).port;
    const origin = `http://127.0.0.1:${port}`;
    const targets: PairTarget[] = [];
    for (const c of consults) {
      const url = `ws://127.0.0.1:${port}/api/chat/ws?consulta=${encodeURIComponent(c.token)}`;
      targets.push({
        patientUrl: `${url}&rol=patient`,
        doctorUrl: `${url}&rol=doctor`,
        patientCookie: `sid_patient=${await app.sessions.create('patient', c.patient_id, meta)}`,
        doctorCookie,
      });
    }
    const bareTargets = targets.map((_, i) => ({
      patientUrl: `ws://127.0.0.1:${bare.port}/?pair=${i}&rol=patient`,
      doctorUrl: `ws://127.0.0.1:${bare.port}/?pair=${i}&rol=doctor`,
      patientCookie: '',
      doctorCookie: '',
    }));

    for (const n of sizes) {
      console.error(`  chat: ${n} pairs ...`);
      const chat = await measure(targets.slice(0, n), origin, seconds, 'chat');
      const base = await measure(bareTargets.slice(0, n), `http://127.0.0.1:${bare.port}`, seconds, 'bare');
      rows.push({ bench: BENCH, target: `bare ws relay, ${n} pairs`, ...base });
      rows.push({
        bench: BENCH,
        target: `/api/chat/ws, ${n} pairs`,
        ...chat,
        note: `p99 ${(chat.p99Ms / base.p99Ms).toFixed(1)}x bare, msg/s ${((chat.requestsPerSecond / base.requestsPerSecond) * 100).toFixed(0)}% of bare${n === 500 ? (chat.p99Ms < 50 ? '; aim p99 < 50 ms: met' : '; aim p99 < 50 ms: NOT met') : ''}`,
      });
    }
  } finally {
    await new Promise<void>((resolve) => bare.wss.close(() => resolve()));
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  printTable(await run());
}
