import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { messages, VIDEO_HANGUP_MESSAGES } from '@clinica/shared';
import { test, expect, DEMO, DEMO_GENERAL_DOCTOR, login, registerPatient, payConsultationByPaypal } from './fixtures';
import { chatLog, passTheHour, sendMessage, uniqueName } from './chat-helpers';
import { acceptAlert, visitedBefore } from './frame-helpers';

// Issue 25: the video call inside the paid chat consultation (decisions 0053, 0054). Chromium's fake
// camera and microphone (a test pattern and a beep), two contexts: the patient on a phone, the
// doctor on a computer; the e2e server starts coturn on loopback and forces relay-only, so every
// packet of the call crosses the TURN relay. What each side receives is read from getStats() of the
// page's RTCPeerConnection, which this spec (not the product) keeps on window: an init script wraps
// the constructor before the page's own code runs.

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;

/** Keeps every RTCPeerConnection the page makes on window.__peers (the spec's own hook). */
const KEEP_PEERS = () => {
  const Original = window.RTCPeerConnection;
  const peers: RTCPeerConnection[] = [];
  (window as unknown as { __peers: RTCPeerConnection[] }).__peers = peers;
  window.RTCPeerConnection = class extends Original {
    constructor(config?: RTCConfiguration) {
      super(config);
      peers.push(this);
    }
  };
};

interface Received {
  audioBytes: number;
  videoBytes: number;
  framesDecoded: number;
  relay: boolean;
  policy: string | undefined;
}

/** What the page's newest peer connection has received so far, and whether its chosen path is the TURN relay. */
const received = (page: Page) =>
  page.evaluate(async (): Promise<Received> => {
    const peers = (window as unknown as { __peers?: RTCPeerConnection[] }).__peers ?? [];
    const pc = peers[peers.length - 1];
    const out: Received = { audioBytes: 0, videoBytes: 0, framesDecoded: 0, relay: false, policy: undefined };
    if (!pc) return out;
    out.policy = pc.getConfiguration().iceTransportPolicy;
    const stats = await pc.getStats();
    const byId = new Map<string, Record<string, unknown>>();
    stats.forEach((s: Record<string, unknown>) => byId.set(s.id as string, s));
    for (const s of byId.values()) {
      if (s.type === 'inbound-rtp' && s.kind === 'audio') out.audioBytes += Number(s.bytesReceived ?? 0);
      if (s.type === 'inbound-rtp' && s.kind === 'video') {
        out.videoBytes += Number(s.bytesReceived ?? 0);
        out.framesDecoded += Number(s.framesDecoded ?? 0);
      }
      if (s.type === 'candidate-pair' && s.state === 'succeeded' && s.nominated) {
        const local = byId.get(s.localCandidateId as string);
        if (local?.candidateType === 'relay') out.relay = true;
      }
    }
    return out;
  });

/** The ICE username fragment of the page's current local description: a restart changes it. */
const iceUfrag = (page: Page) =>
  page.evaluate(() => {
    const peers = (window as unknown as { __peers?: RTCPeerConnection[] }).__peers ?? [];
    return /a=ice-ufrag:(\S+)/.exec(peers[peers.length - 1]?.localDescription?.sdp ?? '')?.[1] ?? null;
  });

/** Audio and video arrive and keep arriving: every counter grows between two readings. */
async function expectMediaFlowing(page: Page) {
  const before = await received(page);
  await expect
    .poll(async () => {
      const now = await received(page);
      return now.audioBytes > before.audioBytes && now.videoBytes > before.videoBytes && now.framesDecoded > before.framesDecoded;
    }, { timeout: 10_000 })
    .toBe(true);
}

/** The number of RTCPeerConnections the page has made: a call rebuilt after an unmount makes another. */
const peerCount = (page: Page) => page.evaluate(() => (window as unknown as { __peers?: RTCPeerConnection[] }).__peers?.length ?? 0);

/** The call's frames (decision 0053) this page sent and received over the chat socket, by type and call id. */
function recordCallFrames(page: Page) {
  const seen: { dir: 'sent' | 'received'; type: string; callId: string | null }[] = [];
  const note = (dir: 'sent' | 'received', payload: string | Buffer) => {
    try {
      const frame = JSON.parse(String(payload)) as { type?: unknown; callId?: unknown };
      if (typeof frame.type === 'string' && frame.type.startsWith('call-')) seen.push({ dir, type: frame.type, callId: typeof frame.callId === 'string' ? frame.callId : null });
    } catch {
      // Not JSON: not a frame of the call.
    }
  };
  page.on('websocket', (ws) => {
    ws.on('framesent', ({ payload }) => note('sent', payload));
    ws.on('framereceived', ({ payload }) => note('received', payload));
  });
  return seen;
}

/**
 * Remembers whether the call's region ever said the connection was bad or being recovered
 * ('Conexión: mala' or 'Se perdió la conexión…'), however briefly, from now on.
 */
const watchTrouble = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __trouble: string[] };
    w.__trouble = [];
    const look = () => {
      const text = document.querySelector('.video-call')?.textContent ?? '';
      if (text.includes('Conexión: mala')) w.__trouble.push('mala');
      if (text.includes('Se perdió la conexión')) w.__trouble.push('reconectando');
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
const troubleSeen = (page: Page) => page.evaluate(() => [...new Set((window as unknown as { __trouble: string[] }).__trouble)]);

/** The pid of the coturn this run's e2e server started (scripts/e2e-server.mjs writes it for this spec). */
function coturnPid() {
  const file = path.join(import.meta.dirname, '..', '.tmp', `e2e-coturn-${process.env.E2E_PORT ?? 3100}.pid`);
  return Number(fs.readFileSync(file, 'utf8'));
}

async function patientOnPhone(browser: Browser, baseURL: string, { clock = false } = {}) {
  const context = await browser.newContext({ ...PHONE, baseURL, locale: 'es-PA', timezoneId: 'America/Panama' });
  await context.addInitScript(KEEP_PEERS);
  const page = await context.newPage();
  const frames = recordCallFrames(page);
  await visitedBefore(page, context, baseURL);
  const nombre = uniqueName('Paciente');
  // Unverified: the call needs no mail, and waiting for one under a loaded machine only slows the spec.
  const creds = await registerPatient(page.request, { nombre }, { verified: false });
  await login(page, 'patient', creds);
  await payConsultationByPaypal(page.request, DEMO_GENERAL_DOCTOR, 'Erupción en el brazo desde ayer');
  if (clock) await page.clock.install();
  await page.goto('/ConsultaChat');
  await expect(page.getByRole('region', { name: /^Chat de / }).getByRole('status').first()).toHaveText('Conectado');
  return { context, page, frames, nombre: `${nombre} Batista` };
}

async function doctorIn(browser: Browser, baseURL: string, patientName: string) {
  const context = await browser.newContext({ baseURL, locale: 'es-PA', timezoneId: 'America/Panama', viewport: { width: 1366, height: 900 } });
  await context.addInitScript(KEEP_PEERS);
  const page = await context.newPage();
  const frames = recordCallFrames(page);
  await visitedBefore(page, context, baseURL);
  await login(page, 'doctor', DEMO.doctor);
  await page.goto('/Chat_Doctor');
  await page.getByRole('button', { name: `Abrir chat con ${patientName}` }).click();
  await expect(page.getByRole('heading', { name: `Consulta de ${patientName}` })).toBeVisible();
  return { context, page, frames };
}

const videoCall = (page: Page) => page.getByRole('region', { name: 'Videollamada' });

/** The doctor calls; the patient accepts the consent (the first time) and answers; both are in the call. */
async function startCall(doctor: Page, patient: Page, patientName: string, { again = false } = {}) {
  if (again) await videoCall(doctor).getByRole('button', { name: 'Nueva llamada' }).click();
  else await doctor.getByRole('button', { name: 'Videollamada', exact: true }).click();
  // The check: the doctor's own picture and a moving level meter before calling.
  await expect(videoCall(doctor).getByRole('meter', { name: 'Nivel del micrófono' })).toBeVisible();
  await expect.poll(async () => Number(await videoCall(doctor).getByRole('meter').getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
  await videoCall(doctor).getByRole('button', { name: `Llamar a ${patientName}` }).click();
  await expect(videoCall(doctor)).toContainText(`Llamando a ${patientName}`);

  // The patient's page rings (the call's chunk loads only now) and asks for the consent first.
  const call = videoCall(patient);
  await expect(call.getByRole('alert')).toContainText('le está llamando');
  if (!again) {
    await call.getByRole('checkbox', { name: messages.videoConsentText }).check();
    await call.getByRole('button', { name: 'Continuar' }).tap();
  }
  await call.getByRole('button', { name: 'Contestar' }).tap();
}

test.describe('video call inside the consultation', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  let patient: Awaited<ReturnType<typeof patientOnPhone>> | undefined;
  let doctor: Awaited<ReturnType<typeof doctorIn>> | undefined;

  test.afterEach(async () => {
    await patient?.context.close();
    await doctor?.context.close();
    patient = undefined;
    doctor = undefined;
  });

  test('both receive audio and video through the relay; mute and camera off are seen; the layout switch keeps the call; a 3 s drop and a 3 s relay stall recover', async ({ browser, baseURL }) => {
    const p = (patient = await patientOnPhone(browser, baseURL!));
    const d = (doctor = await doctorIn(browser, baseURL!, p.nombre));
    await startCall(d.page, p.page, p.nombre);

    // Media flows both ways, relayed by coturn (relay-only forced by the e2e server).
    await expectMediaFlowing(p.page);
    await expectMediaFlowing(d.page);
    for (const page of [p.page, d.page]) {
      const r = await received(page);
      expect(r.policy).toBe('relay');
      expect(r.relay).toBe(true);
    }
    // The professional is identified to the patient: name and registration number.
    await expect(videoCall(p.page)).toContainText('Ana Castillo');
    await expect(videoCall(p.page)).toContainText('Idoneidad demo N.º 0001');
    await expect(videoCall(d.page).getByText(/^Conexión: (buena|regular|mala)$/)).toBeVisible({ timeout: 15_000 });

    await p.page.screenshot({ path: test.info().outputPath('call-360.png') });
    await d.page.screenshot({ path: test.info().outputPath('call-1366.png') });

    // Mute and camera off on the phone: the doctor's screen says so; back on, the words go.
    const controls = videoCall(p.page).getByRole('group', { name: 'Controles de la llamada' });
    await controls.getByRole('button', { name: 'Apagar micrófono' }).tap();
    await expect(videoCall(d.page).getByText('Micrófono apagado')).toBeVisible();
    await controls.getByRole('button', { name: 'Apagar cámara' }).tap();
    await expect(videoCall(d.page).getByText('Cámara apagada')).toBeVisible();
    await controls.getByRole('button', { name: 'Encender micrófono' }).tap();
    await controls.getByRole('button', { name: 'Encender cámara' }).tap();
    await expect(videoCall(d.page).getByText('Micrófono apagado')).toBeHidden();
    await expect(videoCall(d.page).getByText('Cámara apagada')).toBeHidden();

    // The layout switches under a call in progress (a window narrowed past 900 px and widened again,
    // a tablet turned): the call goes on, the same connection, no second ring, the same call id.
    const ringsBefore = p.frames.filter((f) => f.dir === 'received' && f.type === 'call-invite').length;
    const invites = d.frames.filter((f) => f.dir === 'sent' && f.type === 'call-invite');
    expect(invites).toHaveLength(1);
    await d.page.setViewportSize({ width: 360, height: 740 });
    await expect(d.page.getByRole('tablist', { name: 'Secciones de la consulta' })).toBeVisible();
    await expectMediaFlowing(d.page);
    await expect(videoCall(d.page).getByRole('button', { name: 'Colgar' })).toBeVisible();
    await d.page.screenshot({ path: test.info().outputPath('doctor-call-360.png') });
    await d.page.setViewportSize({ width: 1366, height: 900 });
    await expect(d.page.getByRole('tablist', { name: 'Secciones de la consulta' })).toHaveCount(0);
    await expectMediaFlowing(d.page);
    await expectMediaFlowing(p.page);
    await d.page.screenshot({ path: test.info().outputPath('doctor-call-1366-again.png') });
    // The phone turned wide and back: the patient's page keeps its call too.
    await p.page.setViewportSize({ width: 1366, height: 900 });
    await expectMediaFlowing(p.page);
    await p.page.screenshot({ path: test.info().outputPath('patient-call-1366.png') });
    await p.page.setViewportSize({ width: 360, height: 740 });
    await expectMediaFlowing(p.page);
    expect(await peerCount(d.page)).toBe(1);
    expect(await peerCount(p.page)).toBe(1);
    expect(p.frames.filter((f) => f.dir === 'received' && f.type === 'call-invite')).toHaveLength(ringsBefore);
    expect(d.frames.filter((f) => f.dir === 'sent' && (f.type === 'call-invite' || f.type === 'call-hangup'))).toEqual(invites);
    expect(new Set(d.frames.filter((f) => f.dir === 'sent').map((f) => f.callId))).toEqual(new Set([invites[0]!.callId]));

    // The phone loses the network for 3 s: back online, ICE restarts (new ICE credentials on both
    // sides: the patient asks, the doctor's page offers) and within 10 s both receive again.
    const ufragBefore = await iceUfrag(d.page);
    await p.context.setOffline(true);
    await p.page.waitForTimeout(3_000);
    await p.context.setOffline(false);
    const back = Date.now();
    await expect.poll(() => iceUfrag(d.page), { timeout: 10_000 }).not.toBe(ufragBefore);
    await expectMediaFlowing(p.page);
    await expectMediaFlowing(d.page);
    expect(Date.now() - back).toBeLessThan(10_000);
    // The chat beside the call still works.
    await sendMessage(p.page, 'Se ve bien la imagen');
    await expect(chatLog(d.page)).toContainText('Se ve bien la imagen');

    // The relay itself stalls for 3 s (coturn stopped): relay-only, so every packet of the call is
    // lost, UDP included (Playwright's offline mode above leaves loopback UDP alone). The pages say
    // so while it lasts, and within 10 s of the relay's return both receive again.
    await watchTrouble(p.page);
    await watchTrouble(d.page);
    const pid = coturnPid();
    process.kill(pid, 'SIGSTOP');
    try {
      await p.page.waitForTimeout(3_000);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    const relayBack = Date.now();
    await expectMediaFlowing(p.page);
    await expectMediaFlowing(d.page);
    expect(Date.now() - relayBack).toBeLessThan(10_000);
    for (const page of [p.page, d.page]) expect(await troubleSeen(page)).not.toEqual([]);
    expect(await peerCount(p.page)).toBe(1);
    expect(await peerCount(d.page)).toBe(1);
  });

  test('the hour ends the call with the Área de Pagos; the extra hour paid, a new call has media both ways', async ({ browser, baseURL }) => {
    const p = (patient = await patientOnPhone(browser, baseURL!, { clock: true }));
    const d = (doctor = await doctorIn(browser, baseURL!, p.nombre));
    await startCall(d.page, p.page, p.nombre);
    await expectMediaFlowing(p.page);
    await expectMediaFlowing(d.page);

    // The paid hour runs out on the phone: the call ends with the hour, as the chat does.
    await passTheHour(p.page);
    await expect(videoCall(p.page)).toContainText(VIDEO_HANGUP_MESSAGES.time);
    const overlay = p.page.getByRole('dialog', { name: 'Área de Pagos' });
    await expect(overlay).toBeVisible();
    await expect(videoCall(d.page)).toContainText(VIDEO_HANGUP_MESSAGES.ended);
    await expect(videoCall(p.page).getByRole('button', { name: 'Nueva llamada' })).toBeDisabled();

    // The patient buys the extra hour (the PayPal stand-in, as in chat.spec.ts): the chat goes on.
    await overlay.getByLabel('PayPal o tarjeta de débito/crédito').check();
    await overlay.getByRole('button', { name: 'Pagar con PayPal (demo)' }).tap();
    await acceptAlert(p.page, `${messages.allSentStop} ${messages.chatExtraHourAdded}`);
    await expect(overlay).toBeHidden();
    await expect(p.page.getByRole('timer', { name: /^Tiempo restante/ })).not.toHaveText('00:00');
    await expect(videoCall(p.page).getByRole('button', { name: 'Nueva llamada' })).toBeEnabled();

    // A new call (a new id, new TURN credentials): the doctor calls again, the patient answers
    // (the consent is already given) and both receive sound and picture again.
    await startCall(d.page, p.page, p.nombre, { again: true });
    await expect.poll(() => peerCount(d.page)).toBe(2);
    await expectMediaFlowing(p.page);
    await expectMediaFlowing(d.page);
    const invites = d.frames.filter((f) => f.dir === 'sent' && f.type === 'call-invite');
    expect(new Set(invites.map((f) => f.callId)).size).toBe(2);
    await p.page.screenshot({ path: test.info().outputPath('second-call-360.png') });
    await sendMessage(p.page, 'Gracias, seguimos con la hora extra');
    await expect(chatLog(d.page)).toContainText('Gracias, seguimos con la hora extra');
  });

  test('a refused camera permission says so in words, and the chat still works', async ({ browser, baseURL }) => {
    const p = (patient = await patientOnPhone(browser, baseURL!));
    // The browser's answer when the person (or the site settings) refused the camera.
    await p.page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await p.page.reload();
    await expect(p.page.getByRole('region', { name: /^Chat de / }).getByRole('status').first()).toHaveText('Conectado');
    await p.page.getByRole('button', { name: 'Videollamada', exact: true }).tap();
    const call = videoCall(p.page);
    await call.getByRole('checkbox', { name: messages.videoConsentText }).check();
    await call.getByRole('button', { name: 'Continuar' }).tap();
    await expect(call.getByRole('alert')).toContainText(messages.videoPermissionDenied);
    await expect(call.getByRole('button', { name: /^Llamar a / })).toBeDisabled();
    await p.page.screenshot({ path: test.info().outputPath('denied-360.png') });
    await sendMessage(p.page, 'No puedo usar la cámara, sigo por aquí');
  });
});
