/**
 * Video consultations (issue 25, decisions 0053 and 0054): the call's set-up time, from the
 * doctor's click on 'Llamar a …' to the first decoded frame of the patient's video on the doctor's
 * page, for 1, 10 and 25 calls at once, and the server's and coturn's CPU per call. The product
 * runs as the browser tests run it (scripts/e2e-server.mjs: the production build, the demo clinic,
 * coturn on loopback, relay-only forced), so every call's media crosses the TURN relay and none
 * crosses the product's Node server. VIDEO_BENCH_BROWSER_CALLS of a round's calls (default 1) are a
 * patient page and a doctor page (one Chromium, a context each; the patient answers as soon as the
 * ring shows: Playwright's click, no human delay), timed to the first decoded frame; the others are
 * played by WebRTC peers in a Node process of their own (`lib/video-far-end.ts`, werift: the same
 * routes, socket frames, TURN relay and DTLS-SRTP media, no picture decoded), timed to the first
 * whole video frame received. Two Chromium pages per call cost about 0.4 of a core here, so 10 or
 * 25 of them measured Chromium (decision 0054, sessions 12 and 14). The patients accepted the video
 * consent beforehand.
 *
 * What keeps the bench's own browsers from being what is measured (decision 0054, session 12):
 * - the camera is a small file the bench writes (`--use-file-for-fake-video-capture`, a moving
 *   pattern, VIDEO_BENCH_CAPTURE = 160x120@5 by default) instead of Chromium's generated 640 × 480
 *   pattern: no drawing per frame, and a tiny picture to encode and decode; the microphone is
 *   Chromium's fake beep;
 * - every page is opened first (the chat only), then every doctor's check, then the bench waits until the browser's own CPU has settled
 *   (the pages' cameras and meters running, nothing else) before all the doctors click at once;
 * - VIDEO_BENCH_TASKSET=1 keeps the server and coturn on core 0 and Chromium on core 1 (off by
 *   default: measured, decision 0054).
 *
 * The server's and coturn's CPU are read from /proc/<pid>/stat over the calls' first 20 s (at
 * least: until the last call has its frame) and compared with the same pages without a call over
 * as long: signalling and the TURN route for the server, the relayed media for coturn.
 *
 *   node --import tsx bench/run.ts video            (VIDEO_CALLS=1,10,25 by default)
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, request as playwrightRequest, type Browser, type Page } from '@playwright/test';
import { messages } from '@clinica/shared';
import { DEMO_ACCOUNTS, signIn } from '../scripts/product-server.mjs';
import type { BenchRow } from './lib/measure.js';
import type { FarEndCall, FarEndMedia, FarEndResult } from './lib/video-far-end.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.VIDEO_BENCH_PORT ?? 3297);
const BASE = `http://127.0.0.1:${PORT}`;
const COUNTS = (process.env.VIDEO_CALLS ?? '1,10,25').split(',').map(Number);
const CPU_WINDOW_MS = 20_000;
/** A call with no decoded remote frame after this long counts as failed. */
const FRAME_TIMEOUT_MS = Number(process.env.VIDEO_BENCH_TIMEOUT_S ?? 120) * 1000;
/**
 * Opening one page (navigation, the chat's list, the check): generous, as the machine this runs on
 * may be shared (at a load average of 46 on 2 cores a page took over 120 s to load).
 */
const OPEN_TIMEOUT_MS = Number(process.env.VIDEO_BENCH_OPEN_TIMEOUT_S ?? 600) * 1000;
/** 1: the server and coturn on core 0, Chromium on core 1 (`taskset`). */
const PIN = process.env.VIDEO_BENCH_TASKSET === '1';
const CAPTURE = /^(\d+)x(\d+)@(\d+)$/.exec(process.env.VIDEO_BENCH_CAPTURE ?? '160x120@5');
if (!CAPTURE) throw new Error('VIDEO_BENCH_CAPTURE: WIDTHxHEIGHT@FPS, e.g. 160x120@5');
const [CAPTURE_W, CAPTURE_H, CAPTURE_FPS] = CAPTURE.slice(1).map(Number) as [number, number, number];
const DOCTOR = { email: DEMO_ACCOUNTS.doctor.email, password: DEMO_ACCOUNTS.doctor.password };
/**
 * How many of a round's calls are two Chromium pages (measured to the first decoded frame); the
 * others are played by the lighter far ends of `lib/video-far-end.ts` (WebRTC peers in Node, to the
 * first whole frame received). Two pages per call cost about a third of a core, so 10 or 25 calls in
 * Chromium on two cores measured Chromium (decision 0054, session 14).
 */
const BROWSER_CALLS = Number(process.env.VIDEO_BENCH_BROWSER_CALLS ?? 1);
/** What each Node far end sends once connected: a phone's video call (plus Opus audio at 32 kbit/s). */
const PEER_MEDIA: FarEndMedia = { videoKbps: Number(process.env.VIDEO_BENCH_PEER_KBPS ?? 300), fps: Number(process.env.VIDEO_BENCH_PEER_FPS ?? 15) };

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

/** The e2e server's coturn (its pid file, scripts/e2e-server.mjs) and its log file (from its configuration). */
async function coturn() {
  const pid = Number((await fs.readFile(path.join(root, '.tmp', `e2e-coturn-${PORT}.pid`), 'utf8')).trim());
  const args = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
  const conf = await fs.readFile(args[args.indexOf('-c') + 1]!, 'utf8');
  const log = /^log-file=(.*)$/m.exec(conf)?.[1];
  return { pid, log };
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
  await patientContext.addInitScript({ content: KEEP_FRAMES });
  await patientContext.addInitScript({ content: SLOW_FRAMES });
  patientContext.setDefaultTimeout(OPEN_TIMEOUT_MS);
  patientContext.setDefaultNavigationTimeout(OPEN_TIMEOUT_MS);
  const patient = await patientContext.newPage();
  await patient.goto(`/ConsultaChat?consulta=${encodeURIComponent(p.token)}`);
  const doctorContext = await browser.newContext({ baseURL: BASE, locale: 'es-PA', viewport: { width: 1366, height: 900 } });
  await doctorContext.addInitScript({ content: KEEP_PEERS });
  await doctorContext.addInitScript({ content: KEEP_FRAMES });
  await doctorContext.addInitScript({ content: SLOW_FRAMES });
  doctorContext.setDefaultTimeout(OPEN_TIMEOUT_MS);
  doctorContext.setDefaultNavigationTimeout(OPEN_TIMEOUT_MS);
  const doctor = await doctorContext.newPage();
  const login = await doctor.request.post('/api/doctor/login', { data: DOCTOR, headers: { origin: BASE } });
  if (login.status() !== 200) throw new Error(`doctor login: ${login.status()}`);
  await doctor.goto('/Chat_Doctor');
  await doctor.getByRole('button', { name: `Abrir chat con ${p.name}` }).click();
  await patient.getByRole('button', { name: 'Videollamada', exact: true }).waitFor();
  return { patient, doctor, name: p.name };
}

/**
 * The doctor opens the call's check (camera, microphone, meter) and waits for 'Llamar a …'. Done
 * for every pair once all the pages are open: a page with its check open runs a camera, an audio
 * context and a meter (about a fifth of a core each on this machine), which slowed the opening of
 * the next pages to minutes at a shared machine's load.
 */
async function openCheck({ doctor, name }: Pair) {
  await doctor.getByRole('button', { name: 'Videollamada', exact: true }).click();
  await doctor.getByRole('button', { name: `Llamar a ${name}` }).waitFor();
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
 * The bench's animation frames: requestAnimationFrame is run at most VIDEO_BENCH_FRAME_HZ times a
 * second (default 4; 0 leaves it alone). The only animation of these pages is the microphone's
 * level meter of the check, which re-renders every frame (60 a second) in each of the 2N pages
 * waiting for their call; on one machine that is the bench's own load, not the call's. Decoding,
 * the peer connection and getStats() do not depend on it. \`window.__frameMs\` changes it at once.
 */
const FRAME_HZ = Number(process.env.VIDEO_BENCH_FRAME_HZ ?? 4);
const SLOW_FRAMES = `(() => {
  window.__frameMs = ${FRAME_HZ > 0 ? Math.round(1000 / FRAME_HZ) : 0};
  const original = window.requestAnimationFrame.bind(window);
  const cancel = window.cancelAnimationFrame.bind(window);
  const timers = new Map();
  let next = 1;
  window.requestAnimationFrame = (callback) => {
    if (!window.__frameMs) return original(callback);
    const id = -(next++);
    timers.set(id, setTimeout(() => { timers.delete(id); original(callback); }, window.__frameMs));
    return id;
  };
  window.cancelAnimationFrame = (id) => {
    if (timers.has(id)) { clearTimeout(timers.get(id)); timers.delete(id); } else cancel(id);
  };
})();`;

/**
 * The bench's record of the call's signalling frames in each page (time, direction, type, code),
 * printed when a call fails: which frames crossed and which never came.
 */
const KEEP_FRAMES = `(() => {
  const log = [];
  window.__frames = log;
  const Original = window.WebSocket;
  const note = (dir, data) => {
    try {
      const f = JSON.parse(data);
      if (typeof f.type === 'string' && f.type.startsWith('call-')) log.push([Math.round(performance.now()), dir, f.type, f.code || f.reason || (f.iceRestart ? 'restart' : '')]);
    } catch {}
  };
  window.WebSocket = class extends Original {
    constructor(...args) { super(...args); this.addEventListener('message', (e) => note('in', e.data)); }
    send(data) { note('out', data); return super.send(data); }
  };
})();`;

/** In a page: its peers' states, their candidates by type, the call's last frames and what the page says. */
const DIAGNOSE = `async () => {
  const peers = [];
  for (const pc of window.__peers || []) {
    const candidates = {};
    const pairs = {};
    (await pc.getStats()).forEach((s) => {
      if (s.type === 'local-candidate' || s.type === 'remote-candidate') {
        const key = s.type.split('-')[0] + ':' + s.candidateType + (s.relayProtocol ? '/' + s.relayProtocol : '');
        candidates[key] = (candidates[key] || 0) + 1;
      }
      if (s.type === 'candidate-pair') pairs[s.state] = (pairs[s.state] || 0) + 1;
    });
    peers.push({ signaling: pc.signalingState, ice: pc.iceConnectionState, gathering: pc.iceGatheringState, connection: pc.connectionState, candidates, pairs });
  }
  const said = Array.from(document.querySelectorAll('[role=status],[role=alert]')).map((e) => e.textContent).filter(Boolean);
  return { peers, frames: (window.__frames || []).slice(-30), said };
}`;

/**
 * The bench's camera: a YUV4MPEG2 file of WxH at F fps (two seconds, looped by Chromium), a bar
 * moving across a gradient so that the encoder has something to send. Chromium reads it instead
 * of drawing its own 640 × 480 test pattern in every page (the product's `ideal` constraints are
 * met by what the device offers).
 */
async function writeCamera(file: string, w: number, h: number, fps: number) {
  const frames = Math.max(2, fps * 2);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${w} H${h} F${fps}:1 Ip A1:1 C420jpeg\n`)];
  const chroma = Buffer.alloc(2 * Math.ceil(w / 2) * Math.ceil(h / 2), 128);
  for (let f = 0; f < frames; f += 1) {
    const y = Buffer.alloc(w * h);
    const bar = Math.floor((f / frames) * w);
    for (let row = 0; row < h; row += 1)
      for (let col = 0; col < w; col += 1) y[row * w + col] = Math.abs(col - bar) < w / 16 ? 235 : 16 + Math.floor((row * 200) / h);
    parts.push(Buffer.from('FRAME\n'), y, chroma);
  }
  await fs.writeFile(file, Buffer.concat(parts));
}

/** In the doctor's page: clicks the button named `label`, then polls getStats() until a remote video frame is decoded; resolves to the ms between. */
const CLICK_TO_FRAME = `async ([label, timeout]) => {
  const button = Array.from(document.querySelectorAll('button')).find((b) => b.textContent === label);
  if (!button) throw new Error('no call button');
  // The button is enabled once the doctor's camera is open (the check): the click counts from there.
  for (let waited = 0; button.disabled; waited += 50) {
    if (waited > timeout) throw new Error('the call button stayed disabled');
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
    if (performance.now() - start > timeout) throw new Error('no frame within ' + timeout / 1000 + ' s');
    await new Promise((r) => setTimeout(r, 20));
  }
}`;

/** Clicks 'Llamar a …' in the doctor's page and waits there for the first decoded remote frame: ms. */
async function callAndTime({ doctor, patient, name }: Pair) {
  // The patient answers when the ring shows.
  const answered = patient
    .getByRole('button', { name: 'Contestar' })
    .click({ timeout: FRAME_TIMEOUT_MS })
    .then(
      () => null,
      (error: unknown) => error,
    );
  try {
    const ms = await doctor.evaluate<number>(`(${CLICK_TO_FRAME})(${JSON.stringify([`Llamar a ${name}`, FRAME_TIMEOUT_MS])})`);
    const refused = await answered;
    if (refused) throw refused instanceof Error ? refused : new Error('the patient could not answer');
    return ms;
  } catch (error) {
    const seen = async (page: Page) => page.evaluate(`(${DIAGNOSE})()`).catch((e: unknown) => String(e));
    console.error(
      `video: the call with ${name} failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}\n` +
        `  doctor: ${JSON.stringify(await seen(doctor))}\n  patient: ${JSON.stringify(await seen(patient))}`,
    );
    throw error;
  }
}

/** A `Cookie` header from a session's storage state. */
const cookieHeader = (state: { cookies: { name: string; value: string }[] }) => state.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

/** The far ends of `count` calls in a process of their own, every socket joined. */
async function openFarEnds(count: number, first: number) {
  const calls: FarEndCall[] = [];
  for (let i = 0; i < count; i += 1) {
    const p = await patientWithConsultation(first + i);
    // The demo doctor signed in once per call, as each doctor page signs in: a session of its own.
    calls.push({ token: p.token, patientCookie: cookieHeader(p.state), doctorCookie: await signIn(BASE, 'doctor') });
  }
  const child = fork(path.join(root, 'bench', 'lib', 'video-far-end.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>(type: string) =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { type: string; error?: string }) => {
        if (m.type === type) resolve(m as T);
        else if (m.type === 'error') reject(new Error(`far ends: ${m.error}`));
        else return;
        child.off('message', onMessage);
      };
      child.on('message', onMessage);
      child.once('exit', (code) => reject(new Error(`the far ends' process ended (${code})`)));
    });
  const ready = next('ready');
  child.send({ type: 'prepare', base: BASE, calls, media: PEER_MEDIA });
  await ready;
  return {
    pid: child.pid!,
    /** Every doctor's click at once; each call's result. */
    async go() {
      const result = next<{ results: FarEndResult[] }>('result');
      child.send({ type: 'go' });
      return (await result).results;
    },
    /** RTP payload bytes and packets both sides of every call have received so far. */
    async received() {
      const counted = next<{ bytes: number; packets: number }>('received');
      child.send({ type: 'received' });
      return counted;
    },
    async stop() {
      const ended = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await Promise.race([ended, new Promise((r) => setTimeout(r, 10_000))]);
      child.kill('SIGKILL');
    },
  };
}

/** Every process under `pid` (itself included), from /proc's children lists. */
async function tree(pid: number): Promise<number[]> {
  const out = [pid];
  const tasks = await fs.readdir(`/proc/${pid}/task`).catch(() => [] as string[]);
  for (const task of tasks) {
    const children = (await fs.readFile(`/proc/${pid}/task/${task}/children`, 'utf8').catch(() => '')).trim().split(/\s+/).filter(Boolean);
    for (const child of children) out.push(...(await tree(Number(child))));
  }
  return out;
}

/** The Chromium this process launched (its child whose command line names the bench's camera file). */
async function browserPid(camera: string) {
  for (const pid of await tree(process.pid)) {
    const cmd = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmd.includes(camera) && !cmd.includes('--type=')) return pid;
  }
  throw new Error('the bench\'s Chromium was not found');
}

/** CPU time (ms) of a whole process tree so far (processes that ended are not counted). */
async function treeCpuMs(pid: number) {
  let total = 0;
  for (const p of await tree(pid)) total += await cpuMs(p).catch(() => 0);
  return total;
}

/**
 * Waits until the browser's own CPU has settled (its pages open, their cameras and meters
 * running): two successive 2 s windows within 20 % (or 5 % of a core) of each other, at most 90 s.
 * Returns the settled use as a share of one core and how long it took.
 */
async function settle(browser: number) {
  const started = Date.now();
  let last = NaN;
  for (;;) {
    const before = await treeCpuMs(browser);
    await new Promise((r) => setTimeout(r, 2_000));
    const share = ((await treeCpuMs(browser)) - before) / 2_000;
    if (Math.abs(share - last) <= Math.max(0.05, 0.2 * last) || Date.now() - started > 90_000) return { share, ms: Date.now() - started };
    last = share;
  }
}

async function setFrameMs(pairs: Pair[], ms: number) {
  await Promise.all(pairs.flatMap((p) => [p.patient, p.doctor]).map((page) => page.evaluate(`window.__frameMs = ${ms}`)));
}

/** `taskset`: every thread of these processes on `core`. */
async function pin(pids: number[], core: number) {
  for (const pid of pids) {
    await new Promise((resolve) => spawn('taskset', ['-a', '-p', '-c', String(core), String(pid)], { stdio: 'ignore' }).on('exit', resolve).on('error', resolve));
  }
}

const EMPTY: BenchRow = { bench: 'video', target: '', requestsPerSecond: NaN, p50Ms: NaN, p99Ms: NaN, errors: NaN, serverBusy: NaN, serverUsPerRequest: NaN };
const load = () => os.loadavg()[0]!.toFixed(1);

export async function run(): Promise<BenchRow[]> {
  const product = await startProduct();
  const rows: BenchRow[] = [];
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-video-bench-'));
  const camera = path.join(dir, `camera-${CAPTURE_W}x${CAPTURE_H}@${CAPTURE_FPS}.y4m`);
  await writeCamera(camera, CAPTURE_W, CAPTURE_H, CAPTURE_FPS);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${camera}`,
      '--autoplay-policy=no-user-gesture-required',
      '--disable-background-timer-throttling',
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
    ],
  });
  try {
    const pid = await serverPid(product.pid!);
    const turn = await coturn();
    const chrome = await browserPid(camera);
    if (PIN) await pin([...(await tree(product.pid!)), turn.pid], 0);
    for (const count of COUNTS) {
      const inBrowser = Math.min(count, BROWSER_CALLS);
      const inNode = count - inBrowser;
      const pairs: Pair[] = [];
      let farEnds: Awaited<ReturnType<typeof openFarEnds>> | undefined;
      const loadAtStart = load();
      // Pages are opened one pair after the other (this machine is shared): the calls then start together.
      try {
        for (let i = 0; i < inBrowser; i += 1) pairs.push(await openPair(browser, rows.length * 100 + i));
        for (const pair of pairs) await openCheck(pair);
        if (inNode > 0) farEnds = await openFarEnds(inNode, rows.length * 100 + inBrowser);
      } catch (error) {
        rows.push({ ...EMPTY, target: `call set-up, ${count} at once`, note: `not measured: opening the calls failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)})` });
        await farEnds?.stop();
        await Promise.all(pairs.flatMap((p) => [p.patient.context().close(), p.doctor.context().close()]));
        continue;
      }
      if (PIN) await pin(await tree(chrome), 1);
      // What the animation frames cost (VIDEO_BENCH_COMPARE_FRAMES=1): the pages at 60 Hz, then as the bench runs them.
      let unthrottled = '';
      if (process.env.VIDEO_BENCH_COMPARE_FRAMES === '1' && FRAME_HZ > 0) {
        await setFrameMs(pairs, 0);
        const free = await settle(chrome);
        await setFrameMs(pairs, Math.round(1000 / FRAME_HZ));
        unthrottled = `; with animation frames at 60 Hz ${(free.share * 100).toFixed(0)} %`;
      }
      const settled = await settle(chrome);
      const browserIdle = `the browser settled at ${(settled.share * 100).toFixed(0)} % of a core after ${Math.round(settled.ms / 1000)} s${FRAME_HZ > 0 ? ` (animation frames at ${FRAME_HZ} Hz)` : ''}${unthrottled}`;
      console.error(`video: ${count} call(s) (${inBrowser} in Chromium, ${inNode} between Node peers): ready, ${browserIdle} (load ${load()}); measuring`);
      // The processes measured: the server, coturn, Chromium's tree and the far ends' process.
      const farPid = farEnds?.pid;
      const sample = async () => [await cpuMs(pid), await cpuMs(turn.pid), await treeCpuMs(chrome), farPid ? await cpuMs(farPid) : 0] as const;
      // The baseline: the same pages and sockets open, no call, for the same window (session checks, sweeps, sockets).
      const idleBefore = await sample();
      await new Promise((r) => setTimeout(r, CPU_WINDOW_MS));
      const idleAfter = await sample();
      const [idle, turnIdle, chromeIdle, farIdle] = idleAfter.map((v, i) => v - idleBefore[i]!) as [number, number, number, number];
      const loadAtClick = load();
      const before = await sample();
      const started = Date.now();
      const receivedBefore = (await farEnds?.received()) ?? { bytes: 0, packets: 0 };
      const [browserOutcomes, nodeResults] = await Promise.all([Promise.allSettled(pairs.map(callAndTime)), farEnds ? farEnds.go() : Promise.resolve([] as FarEndResult[])]);
      const browserTimes = browserOutcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      const nodeTimes = nodeResults.flatMap((r) => (r.ok ? [r.ms] : []));
      for (const r of nodeResults) if (!r.ok) console.error(`video: a call between Node peers failed: ${r.error}\n  its signalling (ms, side, direction, frame): ${r.frames.join(' | ')}`);
      const times = [...browserTimes, ...nodeTimes];
      const failed = count - times.length;
      const rest = CPU_WINDOW_MS - (Date.now() - started);
      if (rest > 0) await new Promise((r) => setTimeout(r, rest));
      const after = await sample();
      const receivedAfter = (await farEnds?.received()) ?? { bytes: 0, packets: 0 };
      const [cpu, turnCpu, chromeCpu, farCpu] = after.map((v, i) => v - before[i]!) as [number, number, number, number];
      const window = Math.max(CPU_WINDOW_MS, Date.now() - started);
      if (turn.log) await fs.copyFile(turn.log, path.join(root, '.tmp', `video-bench-coturn-${count}.log`)).catch(() => undefined);
      // The baselines over the same length of time as the calls' window (slow set-ups stretch it).
      const scale = window / CPU_WINDOW_MS;
      const own = Math.max(0, cpu - idle * scale);
      const turnOwn = Math.max(0, turnCpu - turnIdle * scale);
      const phase = (key: 'accepted' | 'answered' | 'connected') => Math.round(percentile(nodeResults.flatMap((r) => (r.ok && !Number.isNaN(r[key]) ? [r[key]] : [])), 50));
      const ms = (values: number[]) => values.map(Math.round).join(', ');
      // What one side of a Node call received, averaged over the window (set-up included).
      const sideKbps = inNode ? ((receivedAfter.bytes - receivedBefore.bytes) * 8) / (window / 1000) / 1000 / (inNode * 2) : 0;
      const sidePps = inNode ? (receivedAfter.packets - receivedBefore.packets) / (window / 1000) / (inNode * 2) : 0;
      rows.push({
        bench: 'video',
        target: `call set-up, ${count} at once`,
        requestsPerSecond: NaN,
        p50Ms: percentile(times, 50),
        p99Ms: percentile(times, 99),
        errors: failed,
        serverBusy: cpu / window,
        serverUsPerRequest: NaN,
        cpuUsPerRequest: (own * 1000) / count,
        note:
          `doctor's click to the first remote frame, p50/p99 over all ${count}${failed ? `; ${failed} of ${count} calls had no frame within ${FRAME_TIMEOUT_MS / 1000} s` : ''}: ` +
          (inBrowser ? `${inBrowser} between Chromium pages, to the first decoded frame (${ms(browserTimes)} ms)` : '') +
          (inBrowser && inNode ? '; ' : '') +
          (inNode
            ? `${inNode} between Node WebRTC peers (werift, lib/video-far-end.ts: each side ${PEER_MEDIA.videoKbps} kbit/s of video at ${PEER_MEDIA.fps} fps and 32 kbit/s of audio), to the first whole frame received (p50 ${Math.round(percentile(nodeTimes, 50))}, p99 ${Math.round(percentile(nodeTimes, 99))} ms; p50 of the steps: accepted ${phase('accepted')} ms, answered ${phase('answered')} ms, ICE and DTLS connected ${phase('connected')} ms; each side received ${sideKbps.toFixed(0)} kbit/s in ${sidePps.toFixed(0)} packets a second over the window, set-up included)`
            : '') +
          `; over ${Math.round(window / 1000)} s: server CPU ${Math.round(cpu)} ms (${Math.round(idle * scale)} ms without calls) = ${(own / count).toFixed(1)} ms per call (cpuUsPerRequest); ` +
          `coturn ${Math.round(turnCpu)} ms (${Math.round(turnIdle * scale)} ms without calls) = ${(turnOwn / count).toFixed(1)} ms per call; ` +
          `Chromium ${Math.round(chromeCpu)} ms (${Math.round(chromeIdle * scale)} ms without calls)` +
          (farPid ? `; the Node peers' process ${Math.round(farCpu)} ms (${Math.round(farIdle * scale)} ms without calls)` : '') +
          `; camera of the Chromium pages ${CAPTURE_W}x${CAPTURE_H}@${CAPTURE_FPS} from a file, coturn on loopback, relay-only${PIN ? ', server and coturn on core 0, Chromium on core 1' : ''}; ` +
          `${browserIdle}; load average ${loadAtStart} as the calls began to open, ${loadAtClick} at the click, ${load()} as the round ended`,
      });
      console.error(`video: ${count} call(s): ${rows.at(-1)!.note}`);
      await farEnds?.stop();
      await Promise.all(pairs.flatMap((p) => [p.patient.context().close(), p.doctor.context().close()]));
    }
  } finally {
    await browser.close();
    product.kill('SIGTERM');
    await fs.rm(dir, { recursive: true, force: true });
  }
  return rows;
}

// Run directly (node --import tsx bench/video.ts): print the rows.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { printTable } = await import('./lib/measure.js');
  printTable(await run());
  process.exit(0);
}
