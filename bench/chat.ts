/**
 * The chat (issue 4): N patient-doctor pairs on loopback WebSockets. Each patient writes once a
 * second; the doctor answers each message at once. Delivery latency (send -> the other side's
 * frame) p50 / p99 and delivered messages per second, beside a bare `ws` relay server (the same
 * pairs, the same pattern, no sessions, no database) in the same run; the ratio is printed.
 * Aim (issue 4): p99 under 50 ms at 500 pairs.
 * Issue 20: first, 500 pairs steady and then with 5 % of the sockets dropped every 10 s and
 * reconnected, the unacknowledged messages sent again under their ids: p99 beside the steady
 * p99 of the same run, and every message counted (lost, received twice, rows in the database).
 *
 *   node --import tsx bench/chat.ts      (BENCH_SECONDS=10, BENCH_CHAT_PAIRS=100,500,1000, BENCH_CHAT_DROP_PAIRS=500)
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
import { messages } from '@clinica/shared';
import { parseConfig } from '../apps/server/src/infra/config.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { isNotNull, sql } from 'drizzle-orm';
import { chatMessages, consultations, patients, payments, staff } from '../apps/server/src/db/schema.js';
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
const { randomUUID } = require('node:crypto');
// Every chat message carries the page-made id the server stores once (issue 20).
const frame = (t) => mode === 'chat' ? JSON.stringify({ type: 'send', texto: String(t), cid: randomUUID() }) : JSON.stringify({ texto: String(t) });

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

// Issue 20: the same pairs, first steady, then with 5 % of the sockets cut (terminated, as a phone
// losing its network) every 10 s and reconnected after 0.5-1 s with `since` = the last id they
// saw. Each side keeps what the server has not acknowledged (the page's outbox) and sends it
// again, under the same id, after reconnecting. Latency runs from the first sending of a message
// to its first arrival on the other side (live or in the history of a reconnection); every
// message is counted: sent, received, received twice.
const RESILIENT = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
const { performance } = require('node:perf_hooks');
const { randomUUID } = require('node:crypto');
const WebSocket = require(workerData.wsPath);
const { pairs, origin, steadySeconds, dropSeconds, dropShare, dropEveryMs, tooFast } = workerData;
let phase = 'warmup';
const latencies = { steady: [], drops: [] };
let errors = 0, drops = 0, resends = 0, duplicates = 0;
const errorKinds = {};
const kind = (k) => { errors++; errorKinds[k] = (errorKinds[k] || 0) + 1; };

// One side of a pair: its socket (replaced on reconnection), what it sent and has not had acknowledged, what it received.
function side(url, cookie, role) {
  const s = { url, cookie, role, ws: null, lastId: 0, outbox: new Map(), sent: new Set(), received: new Set(), seenIds: new Set(), joined: false, onIncoming: null };
  s.connect = () => new Promise((resolve) => {
    const ws = new WebSocket(url + '&since=' + s.lastId, { headers: { cookie, origin } });
    s.ws = ws; s.joined = false;
    const retry = () => { if (s.ws === ws) { s.ws = null; setTimeout(() => s.connect().then(resolve), 500 + Math.random() * 500); } };
    ws.once('unexpected-response', (_q, res) => { kind('handshake ' + res.statusCode); retry(); });
    ws.once('error', () => undefined);
    ws.on('close', () => { if (s.ws === ws && !s.stopping) retry(); });
    ws.on('message', (raw) => {
      const f = JSON.parse(raw.toString());
      if (f.type === 'history') {
        for (const m of f.messages) s.take(m);
        s.joined = true;
        // The outbox again, in order, under the same ids.
        for (const [cid, texto] of s.outbox) { resends++; ws.send(JSON.stringify({ type: 'send', texto, cid })); }
        resolve();
      } else if (f.type === 'message') s.take(f.message);
      else if (f.type === 'ack') s.outbox.delete(f.cid);
      else if (f.type === 'error') {
        kind(f.message);
        // As the page does: 'too fast' is sent again 5 s later; any other refusal is final.
        const texto = f.cid && s.outbox.get(f.cid);
        if (texto && f.message === tooFast) setTimeout(() => { if (s.outbox.has(f.cid) && s.joined && s.ws && s.ws.readyState === 1) { resends++; s.ws.send(JSON.stringify({ type: 'send', texto, cid: f.cid })); } }, 5000);
        else if (f.cid) s.outbox.delete(f.cid);
      }
    });
  });
  s.take = (m) => {
    if (s.seenIds.has(m.id)) { duplicates++; return; }
    s.seenIds.add(m.id);
    s.lastId = Math.max(s.lastId, m.id);
    if (m.de === role || !m.cid) return;
    if (s.received.has(m.cid)) { duplicates++; return; }
    s.received.add(m.cid);
    const t = Number(m.texto);
    if (phase === 'steady' || phase === 'drops') latencies[phase].push(performance.now() - t);
    if (s.onIncoming) s.onIncoming();
  };
  s.send = () => {
    const cid = randomUUID();
    const texto = String(performance.now());
    s.outbox.set(cid, texto); s.sent.add(cid);
    if (s.joined && s.ws && s.ws.readyState === 1) s.ws.send(JSON.stringify({ type: 'send', texto, cid }));
  };
  s.drop = () => { if (s.ws) { drops++; const ws = s.ws; s.joined = false; ws.terminate(); } };
  return s;
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

(async () => {
  const all = [];
  const timers = [];
  for (let i = 0; i < pairs.length; i += 50) {
    const batch = pairs.slice(i, i + 50).map((p) => [side(p.patientUrl, p.patientCookie, 'patient'), side(p.doctorUrl, p.doctorCookie, 'doctor')]);
    await Promise.all(batch.flat().map((s) => s.connect()));
    all.push(...batch);
  }
  for (const [patient, doctor] of all) {
    // The doctor answers each message of the patient at once; the patient writes once a second.
    doctor.onIncoming = () => { if (phase !== 'drain') doctor.send(); };
    const start = setTimeout(() => { patient.send(); timers.push(setInterval(() => { if (phase !== 'drain') patient.send(); }, 1000)); }, Math.random() * 1000);
    timers.push(start);
  }
  await sleep(1500);
  phase = 'steady';
  await sleep(steadySeconds * 1000);
  phase = 'drops';
  const sockets = all.flat();
  const cut = () => { for (const s of sockets) if (Math.random() < dropShare) s.drop(); };
  cut();
  const cutter = setInterval(cut, dropEveryMs);
  await sleep(dropSeconds * 1000);
  clearInterval(cutter);
  phase = 'drain';
  for (const t of timers) { clearInterval(t); clearTimeout(t); }
  // Everything sent must be acknowledged and everybody connected again (at most 30 s).
  const end = Date.now() + 30000;
  while (Date.now() < end && sockets.some((s) => s.outbox.size > 0 || !s.joined)) await sleep(200);
  await sleep(1000);
  let sent = 0, lost = 0, unacknowledged = 0;
  for (const [patient, doctor] of all) {
    for (const [from, to] of [[patient, doctor], [doctor, patient]]) {
      for (const cid of from.sent) { sent++; if (!to.received.has(cid)) lost++; }
      unacknowledged += from.outbox.size;
    }
  }
  for (const s of sockets) { s.stopping = true; if (s.ws) s.ws.terminate(); }
  parentPort.postMessage({ latencies, sent, lost, duplicates, unacknowledged, drops, resends, errors, errorKinds });
})().catch((err) => parentPort.postMessage({ error: String(err && err.stack || err) }));
`;

interface ResilientResult {
  latencies: { steady: number[]; drops: number[] };
  sent: number;
  lost: number;
  duplicates: number;
  unacknowledged: number;
  drops: number;
  resends: number;
  errors: number;
  errorKinds: Record<string, number>;
}

function runResilient(pairs: PairTarget[], origin: string, steadySeconds: number, dropSeconds: number) {
  const wsPath = createRequire(import.meta.url).resolve('ws');
  return new Promise<ResilientResult>((resolve, reject) => {
    const worker = new Worker(RESILIENT, {
      eval: true,
      workerData: { pairs, origin, steadySeconds, dropSeconds, dropShare: 0.05, dropEveryMs: 10_000, wsPath, tooFast: messages.chatTooFast },
    });
    worker.on('message', (m: ResilientResult | { error: string }) => {
      void worker.terminate();
      if ('error' in m) reject(new Error(m.error));
      else resolve(m);
    });
    worker.once('error', reject);
  });
}

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
  const sizes = (opts.pairs ?? (process.env.BENCH_CHAT_PAIRS ?? '100,500,1000').split(',').map(Number)).filter((n) => n > 0);
  // Issue 20: the run with drops and resends (BENCH_CHAT_DROP_PAIRS=0 leaves it out); its drop phase lasts at least 30 s.
  const dropPairs = Number(process.env.BENCH_CHAT_DROP_PAIRS ?? 500);
  const dropSeconds = Math.max(30, seconds);
  const max = Math.max(...sizes, dropPairs);
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

    // Issue 20: delivery with drops and resends, beside the steady state of the same run.
    if (dropPairs > 0) {
      console.error(`  chat: ${dropPairs} pairs, steady then 5 % dropping every 10 s ...`);
      const r = await runResilient(targets.slice(0, dropPairs), origin, seconds, dropSeconds);
      // The database's own count: one row per id, none missing (this run is the first to write messages).
      const [counted] = await app.db
        .select({ rows: sql<number>`count(*)::int`, ids: sql<number>`count(distinct ${chatMessages.client_id})::int` })
        .from(chatMessages)
        .where(isNotNull(chatMessages.client_id));
      const steady = r.latencies.steady.sort((a, b) => a - b);
      const drops = r.latencies.drops.sort((a, b) => a - b);
      if (r.errors > 0) console.error(`  refusals and failed joins: ${JSON.stringify(r.errorKinds)}`);
      const counts =
        `${r.sent} sent, ${r.lost} lost, ${r.duplicates} received twice, ${r.unacknowledged} unacknowledged; ` +
        `database ${counted?.rows ?? 0} rows for ${counted?.ids ?? 0} ids`;
      rows.push({
        bench: BENCH,
        target: `/api/chat/ws, ${dropPairs} pairs, steady`,
        requestsPerSecond: steady.length / seconds,
        p50Ms: percentile(steady, 50),
        p99Ms: percentile(steady, 99),
        errors: r.errors,
        serverBusy: NaN,
        serverUsPerRequest: NaN,
        note: 'the first phase of the run below (no drops)',
      });
      rows.push({
        bench: BENCH,
        target: `/api/chat/ws, ${dropPairs} pairs, 5 % drop /10 s`,
        requestsPerSecond: drops.length / dropSeconds,
        p50Ms: percentile(drops, 50),
        p99Ms: percentile(drops, 99),
        errors: r.errors,
        serverBusy: NaN,
        serverUsPerRequest: NaN,
        note:
          `p99 ${percentile(drops, 99).toFixed(1)} ms vs steady ${percentile(steady, 99).toFixed(1)} ms; ${r.drops} drops, ${r.resends} resends; ${counts}` +
          (r.lost === 0 && r.duplicates === 0 && r.unacknowledged === 0 && counted?.rows === r.sent && counted.ids === r.sent
            ? ': none lost or duplicated'
            : ': MESSAGES LOST OR DUPLICATED'),
      });
    }

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
