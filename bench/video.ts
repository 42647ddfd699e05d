/**
 * Video consultations (issue 25, decisions 0053 and 0054): the call's set-up time, from the
 * doctor's click on 'Llamar a …' to the first decoded frame of the patient's video on the doctor's
 * page, for 1, 10 and 25 calls at once, and the server's CPU per call. The product runs as the
 * browser tests run it (scripts/e2e-server.mjs: the production build, the demo clinic, coturn on
 * loopback, relay-only forced), so every call's media crosses the TURN relay and none crosses Node.
 * Each call is a patient page and a doctor page (one Chromium, a context each) with fake camera
 * and microphone (a test pattern, 320 × 240 at 15 fps by the bench's SMALL_CAMERA, and a beep);
 * the patient answers as soon as the ring shows (Playwright's click, a few tens of ms: no human
 * delay). The patients accepted the video consent beforehand.
 *
 * The server's CPU is read from /proc/<pid>/stat around the calls' first 20 s (set-up included)
 * and divided by the number of calls: signalling and the TURN route only, as media never crosses it.
 *
 *   node --import tsx bench/run.ts video            (VIDEO_CALLS=1,10,25 by default)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, request as playwrightRequest, type Browser, type Page } from '@playwright/test';
import { messages } from '@clinica/shared';
import type { BenchRow } from './lib/measure.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.VIDEO_BENCH_PORT ?? 3297);
const BASE = `http://127.0.0.1:${PORT}`;
const COUNTS = (process.env.VIDEO_CALLS ?? '1,10,25').split(',').map(Number);
const CPU_WINDOW_MS = 20_000;
const DOCTOR = { email: 'general@clinica.demo', password: 'Doctor-demo-2026' };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
};

/** The server process under scripts/e2e-server.mjs (its only node child), for /proc. */
async function serverPid(parent: number) {
  for (let i = 0; i < 100; i += 1) {
    const children = (await fs.readFile(`/proc/${parent}/task/${parent}/children`, 'utf8').catch(() => '')).trim().split(/\s+/).filter(Boolean);
    for (const pid of children) {
      const cmd = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
      if (cmd.includes('server.ts')) return Number(pid);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server process was not found');
}

/** CPU time (ms) a process has used so far. */
async function cpuMs(pid: number) {
  const stat = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  return ((Number(stat[11]) + Number(stat[12])) * 1000) / 100;
}

async function startProduct(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/e2e-server.mjs'], { cwd: root, env: { ...process.env, E2E_PORT: String(PORT) }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 600; i += 1) {
    const ok = await fetch(`${BASE}/readyz`).then((r) => r.ok).catch(() => false);
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the product did not start');
}

/** A new patient with a paid consultation with the demo doctor and the video consent accepted; the session's cookies. */
async function patientWithConsultation(n: number) {
  const api = await playwrightRequest.newContext({ baseURL: BASE, extraHTTPHeaders: { origin: BASE } });
  const correo = `video.bench.${Date.now().toString(36)}.${n}@example.com`;
  const password = 'secreto-seguro-1';
  const nombre = `Banco${String.fromCharCode(97 + (n % 26))}${String.fromCharCode(97 + Math.floor(n / 26))}`;
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const reg = await api.post('/api/auth/register', {
    multipart: {
      nombre, apellido: 'Video', cedula: '8-765-4321', correo, password, password_confirm: password, nacionalidad: 'Panamá', genero: 'femenino',
      edad: '29', direccion: 'Vía España, Panamá', country_code: '+507', celular: '67654321', acuerdo: 'true',
      image_cedula: { name: 'cedula.png', mimeType: 'image/png', buffer: png },
    },
  });
  if (reg.status() !== 201) throw new Error(`register: ${reg.status()} ${await reg.text()}`);
  if ((await api.post('/api/auth/login', { data: { email: correo, password } })).status() !== 200) throw new Error('login failed');
  await api.post('/api/consultations/consent', { data: { aceptar: 'si' } });
  const doctors = (await (await api.get('/api/doctors?servicio=consulta_general')).json()) as { id: string; nombre: string }[];
  const doctorId = doctors.find((d) => d.nombre === 'Ana Castillo')!.id;
  const order = await api.post('/api/consultations/paypal/order', { data: { servicio: 'consulta_general', doctor_id: doctorId, metodo_de_pago: 'Paypal o Tarjeta', monto: 10 } });
  const { id } = (await order.json()) as { id: string };
  const approved = (await (await api.post(`/paypal-sandbox/demo/orders/${id}/approve`)).json()) as { payerID: string };
  const na = messages.notApplicable;
  const capture = await api.post('/api/consultations/paypal/capture', {
    data: { servicio: 'consulta_general', doctor_id: doctorId, sintomas: 'Tos', antecedentesFamiliares: na, antecedentesPersonales: na, antecedentesQuirurgicos: na, alergias: na, otrosDatos: na, orderID: id, payerID: approved.payerID },
  });
  if (capture.status() !== 200) throw new Error(`capture: ${capture.status()} ${await capture.text()}`);
  const token = ((await capture.json()) as { token: string }).token;
  const consent = await api.post('/api/video/consent', { data: { acepto: true } });
  if (consent.status() !== 200) throw new Error(`consent: ${consent.status()} ${await consent.text()}`);
  const state = await api.storageState();
  await api.dispose();
  return { token, state, name: `${nombre} Video` };
}

interface Pair {
  patient: Page;
  doctor: Page;
  name: string;
}

async function openPair(browser: Browser, n: number): Promise<Pair> {
  const p = await patientWithConsultation(n);
  const patientContext = await browser.newContext({ baseURL: BASE, storageState: p.state, locale: 'es-PA', viewport: { width: 360, height: 740 } });
  await patientContext.addInitScript({ content: KEEP_PEERS });
  await patientContext.addInitScript({ content: SMALL_CAMERA });
  patientContext.setDefaultTimeout(120_000);
  const patient = await patientContext.newPage();
  await patient.goto(`/ConsultaChat?consulta=${encodeURIComponent(p.token)}`);
  const doctorContext = await browser.newContext({ baseURL: BASE, locale: 'es-PA', viewport: { width: 1366, height: 900 } });
  await doctorContext.addInitScript({ content: KEEP_PEERS });
  await doctorContext.addInitScript({ content: SMALL_CAMERA });
  doctorContext.setDefaultTimeout(120_000);
  const doctor = await doctorContext.newPage();
  const login = await doctor.request.post('/api/doctor/login', { data: DOCTOR, headers: { origin: BASE } });
  if (login.status() !== 200) throw new Error(`doctor login: ${login.status()}`);
  await doctor.goto('/Chat_Doctor');
  await doctor.getByRole('button', { name: `Abrir chat con ${p.name}` }).click();
  await doctor.getByRole('button', { name: 'Videollamada', exact: true }).click();
  await doctor.getByRole('button', { name: `Llamar a ${p.name}` }).waitFor();
  await patient.getByRole('button', { name: 'Videollamada', exact: true }).waitFor();
  return { patient, doctor, name: p.name };
}

/**
 * The bench's hook, not the product's: every RTCPeerConnection the page makes is kept on window
 * (written as the page's own script text: this folder's TypeScript has no DOM types).
 */
const KEEP_PEERS = `(() => {
  const Original = window.RTCPeerConnection;
  const peers = [];
  window.__peers = peers;
  window.RTCPeerConnection = class extends Original {
    constructor(config) { super(config); peers.push(this); }
  };
})();`;

/**
 * The bench's camera, smaller than the product asks (640 × 480 at 24 fps): 50 pages encoding and
 * decoding VGA on two shared cores measured Chromium, not the call's set-up. Every page asks for
 * VIDEO_BENCH_CAPTURE (default 320x240@15) instead; the product's constraints are otherwise kept.
 * Written, like KEEP_PEERS, as the page's own script text.
 */
const CAPTURE = /^(\d+)x(\d+)@(\d+)$/.exec(process.env.VIDEO_BENCH_CAPTURE ?? '320x240@15');
if (!CAPTURE) throw new Error('VIDEO_BENCH_CAPTURE: WIDTHxHEIGHT@FPS, e.g. 320x240@15');
const [, CAPTURE_W, CAPTURE_H, CAPTURE_FPS] = CAPTURE;
const SMALL_CAMERA = `(() => {
  const devices = navigator.mediaDevices;
  if (!devices) return;
  const original = devices.getUserMedia.bind(devices);
  devices.getUserMedia = (constraints) => {
    if (constraints && constraints.video) {
      const video = typeof constraints.video === 'object' ? constraints.video : {};
      constraints = { ...constraints, video: { ...video, width: { ideal: ${CAPTURE_W} }, height: { ideal: ${CAPTURE_H} }, frameRate: { ideal: ${CAPTURE_FPS}, max: ${CAPTURE_FPS} } } };
    }
    return original(constraints);
  };
})();`;

/** In the doctor's page: clicks the button named `label`, then polls getStats() until a remote video frame is decoded; resolves to the ms between. */
const CLICK_TO_FRAME = `async (label) => {
  const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === label);
  if (!button) throw new Error('no call button');
  // The button is enabled once the doctor's camera is open (the check): the click counts from there.
  for (let waited = 0; button.disabled; waited += 50) {
    if (waited > 120000) throw new Error('the call button stayed disabled');
    await new Promise((r) => setTimeout(r, 50));
  }
  const start = performance.now();
  button.click();
  for (;;) {
    const pc = window.__peers[window.__peers.length - 1];
    if (pc) {
      let frames = 0;
      (await pc.getStats()).forEach((s) => { if (s.type === 'inbound-rtp' && s.kind === 'video') frames += s.framesDecoded || 0; });
      if (frames > 0) return performance.now() - start;
    }
    if (performance.now() - start > 120000) throw new Error('no frame within 120 s');
    await new Promise((r) => setTimeout(r, 20));
  }
}`;

/** Clicks 'Llamar a …' in the doctor's page and waits there for the first decoded remote frame: ms. */
async function callAndTime({ doctor, patient, name }: Pair) {
  // The patient answers when the ring shows.
  const answered = patient
    .getByRole('button', { name: 'Contestar' })
    .click({ timeout: 120_000 })
    .then(
      () => null,
      (error: unknown) => error,
    );
  const ms = await doctor.evaluate<number>(`(${CLICK_TO_FRAME})(${JSON.stringify(`Llamar a ${name}`)})`);
  const refused = await answered;
  if (refused) throw refused instanceof Error ? refused : new Error('the patient could not answer');
  return ms;
}

const EMPTY: BenchRow = { bench: 'video', target: '', requestsPerSecond: NaN, p50Ms: NaN, p99Ms: NaN, errors: NaN, serverBusy: NaN, serverUsPerRequest: NaN };

export async function run(): Promise<BenchRow[]> {
  const product = await startProduct();
  const rows: BenchRow[] = [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--autoplay-policy=no-user-gesture-required', '--disable-background-timer-throttling', '--disable-renderer-backgrounding', '--disable-backgrounding-occluded-windows'],
  });
  try {
    const pid = await serverPid(product.pid!);
    for (const count of COUNTS) {
      const pairs: Pair[] = [];
      // Pages are opened one pair after the other (this machine is shared): the calls then start together.
      try {
        for (let i = 0; i < count; i += 1) pairs.push(await openPair(browser, rows.length * 100 + i));
        console.error(`video: ${count} call(s): pages open, measuring`);
      } catch (error) {
        rows.push({ ...EMPTY, target: `call set-up, ${count} at once`, note: `not measured: opening the pages failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)})` });
        await Promise.all(pairs.flatMap((p) => [p.patient.context().close(), p.doctor.context().close()]));
        continue;
      }
      // The baseline: the same pages open, no call, for the same window (session checks, sweeps, sockets).
      const idleBefore = await cpuMs(pid);
      await new Promise((r) => setTimeout(r, CPU_WINDOW_MS));
      const idle = (await cpuMs(pid)) - idleBefore;
      const cpuBefore = await cpuMs(pid);
      const started = Date.now();
      const outcomes = await Promise.allSettled(pairs.map(callAndTime));
      const times = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      const failed = outcomes.length - times.length;
      const rest = CPU_WINDOW_MS - (Date.now() - started);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
      const cpu = (await cpuMs(pid)) - cpuBefore;
      const window = Math.max(CPU_WINDOW_MS, Date.now() - started);
      // The baseline over the same length of time as the calls' window (slow set-ups stretch it).
      const idleInWindow = (idle * window) / CPU_WINDOW_MS;
      rows.push({
        bench: 'video',
        target: `call set-up, ${count} at once`,
        requestsPerSecond: NaN,
        p50Ms: percentile(times, 50),
        p99Ms: percentile(times, 99),
        errors: failed,
        serverBusy: cpu / window,
        serverUsPerRequest: NaN,
        cpuUsPerRequest: (Math.max(0, cpu - idleInWindow) * 1000) / count,
        note:
          `doctor's click to the first decoded remote frame (${times.map(Math.round).join(', ')} ms${failed ? `; ${failed} of ${count} calls had no frame within 120 s` : ''}); server CPU ${Math.round(cpu)} ms over ${Math.round(window / 1000)} s = ` +
          `${(cpu / count).toFixed(1)} ms per call; the same pages without a call ${Math.round(idleInWindow)} ms over as long, so the calls' own ${(Math.max(0, cpu - idleInWindow) / count).toFixed(1)} ms per call (cpuUsPerRequest); ${count * 2} Chromium pages (one browser, a context each) with the fake camera at ${CAPTURE_W}x${CAPTURE_H}@${CAPTURE_FPS} on this machine's cores (load average ${os.loadavg()[0]!.toFixed(1)} as the round ended), ` +
          `coturn on loopback, relay-only; the patient answers by a Playwright click`,
      });
      console.error(`video: ${count} call(s): ${rows.at(-1)!.note}`);
      await Promise.all(pairs.flatMap((p) => [p.patient.context().close(), p.doctor.context().close()]));
    }
  } finally {
    await browser.close();
    product.kill('SIGTERM');
  }
  return rows;
}

// Run directly (node --import tsx bench/video.ts): print the rows.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { printTable } = await import('./lib/measure.js');
  printTable(await run());
  process.exit(0);
}
