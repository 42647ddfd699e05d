import type { Browser, BrowserContext, Page } from '@playwright/test';
import { messages, TIMERS, VIDEO_HANGUP_MESSAGES } from '@clinica/shared';
import { test, expect, DEMO, DEMO_GENERAL_DOCTOR, login, registerPatient, payConsultationByPaypal } from './fixtures';
import { chatLog, sendMessage, uniqueName } from './chat-helpers';
import { visitedBefore } from './frame-helpers';

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

async function patientOnPhone(browser: Browser, baseURL: string, { clock = false } = {}) {
  const context = await browser.newContext({ ...PHONE, baseURL, locale: 'es-PA', timezoneId: 'America/Panama' });
  await context.addInitScript(KEEP_PEERS);
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL);
  const nombre = uniqueName('Paciente');
  // Unverified: the call needs no mail, and waiting for one under a loaded machine only slows the spec.
  const creds = await registerPatient(page.request, { nombre }, { verified: false });
  await login(page, 'patient', creds);
  await payConsultationByPaypal(page.request, DEMO_GENERAL_DOCTOR, 'Erupción en el brazo desde ayer');
  if (clock) await page.clock.install();
  await page.goto('/ConsultaChat');
  await expect(page.getByRole('region', { name: /^Chat de / }).getByRole('status').first()).toHaveText('Conectado');
  return { context, page, nombre: `${nombre} Batista` };
}

async function doctorIn(browser: Browser, baseURL: string, patientName: string) {
  const context = await browser.newContext({ baseURL, locale: 'es-PA', timezoneId: 'America/Panama', viewport: { width: 1366, height: 900 } });
  await context.addInitScript(KEEP_PEERS);
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL);
  await login(page, 'doctor', DEMO.doctor);
  await page.goto('/Chat_Doctor');
  await page.getByRole('button', { name: `Abrir chat con ${patientName}` }).click();
  await expect(page.getByRole('heading', { name: `Consulta de ${patientName}` })).toBeVisible();
  return { context, page };
}

const videoCall = (page: Page) => page.getByRole('region', { name: 'Videollamada' });

/** The doctor calls; the patient accepts the consent (the first time) and answers; both are in the call. */
async function startCall(doctor: Page, patient: Page, patientName: string) {
  await doctor.getByRole('button', { name: 'Videollamada', exact: true }).click();
  // The check: the doctor's own picture and a moving level meter before calling.
  await expect(videoCall(doctor).getByRole('meter', { name: 'Nivel del micrófono' })).toBeVisible();
  await expect.poll(async () => Number(await videoCall(doctor).getByRole('meter').getAttribute('aria-valuenow')), { timeout: 10_000 }).toBeGreaterThan(0);
  await videoCall(doctor).getByRole('button', { name: `Llamar a ${patientName}` }).click();
  await expect(videoCall(doctor)).toContainText(`Llamando a ${patientName}`);

  // The patient's page rings (the call's chunk loads only now) and asks for the consent first.
  const call = videoCall(patient);
  await expect(call.getByRole('alert')).toContainText('le está llamando');
  await call.getByRole('checkbox', { name: messages.videoConsentText }).check();
  await call.getByRole('button', { name: 'Continuar' }).tap();
  await call.getByRole('button', { name: 'Contestar' }).tap();
}

test.describe('video call inside the consultation', () => {
  test.describe.configure({ mode: 'serial', timeout: 180_000 });

  let patient: Awaited<ReturnType<typeof patientOnPhone>> | undefined;
  let doctor: { context: BrowserContext; page: Page } | undefined;

  test.afterEach(async () => {
    await patient?.context.close();
    await doctor?.context.close();
    patient = undefined;
    doctor = undefined;
  });

  test('both receive audio and video through the relay; mute and camera off are seen; a 3 s drop recovers; the hour ends the call', async ({ browser, baseURL }) => {
    const p = (patient = await patientOnPhone(browser, baseURL!, { clock: true }));
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

    // The paid hour runs out on the phone: the call ends with the hour, as the chat does.
    const step = 20 * 60_000;
    for (let left = TIMERS.chatSeconds * 1000 + 1000; left > 0; left -= step) {
      await p.page.mouse.move(10 + left / step, 10);
      await p.page.clock.fastForward(Math.min(step, left));
    }
    await expect(videoCall(p.page)).toContainText(VIDEO_HANGUP_MESSAGES.time);
    await expect(p.page.getByRole('dialog', { name: 'Área de Pagos' })).toBeVisible();
    await expect(videoCall(d.page)).toContainText(VIDEO_HANGUP_MESSAGES.ended);
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
