import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect, DEMO, DEMO_GENERAL_DOCTOR, login, registerPatient, payConsultationByPaypal } from './fixtures';
import { messages } from '@clinica/shared';
import { acceptAlert, visitedBefore } from './frame-helpers';

// Issue 20, item 5: chat messages that survive bad mobile networks (decision 0033). The patient is
// on a phone (360 × 740, touch); the network is cut with Playwright's context.setOffline; the
// doctor, on a computer, counts what arrives. The restart test runs a server process of its own
// (this file's port and data directory) that it stops and starts again on the same data.

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const uniqueName = (base: string) =>
  `${base}${Array.from({ length: 6 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('')}`;

const PHONE = { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } as const;

const chatLog = (page: Page) => page.getByRole('log', { name: 'Mensajes' });
const myMessage = (page: Page, text: string) => chatLog(page).getByRole('listitem').filter({ hasText: text });

/** Types a message and taps 'Enviar', as a person on the phone does. */
async function type(page: Page, text: string) {
  await page.getByLabel('Mensaje', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Enviar', exact: true }).tap();
}

/** A phone context with a new patient signed in whose consultation with the demo doctor is paid (chat allowed). */
async function patientOnPhone(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ ...PHONE, baseURL, locale: 'es-PA', timezoneId: 'America/Panama' });
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL);
  const nombre = uniqueName('Paciente');
  const creds = await registerPatient(page.request, { nombre });
  await login(page, 'patient', creds);
  await payConsultationByPaypal(page.request, DEMO_GENERAL_DOCTOR, 'Tos seca desde hace tres días');
  await page.goto('/ConsultaChat');
  await expect(page.getByRole('region', { name: /^Chat de / }).getByRole('status').first()).toHaveText('Conectado');
  return { context, page, nombre: `${nombre} Batista` };
}

/** The demo doctor on a computer, in the patient's chat. */
async function doctorIn(browser: Browser, baseURL: string, patientName: string) {
  const context = await browser.newContext({ baseURL, locale: 'es-PA', timezoneId: 'America/Panama' });
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL);
  await login(page, 'doctor', DEMO.doctor);
  await page.goto('/Chat_Doctor');
  await page.getByRole('button', { name: `Abrir chat con ${patientName}` }).click();
  await expect(page.getByRole('heading', { name: `Consulta de ${patientName}` })).toBeVisible();
  return { context, page };
}

/** Every text the doctor's chat shows once it has `last`: each must appear exactly once, in order. */
async function doctorSees(doctor: Page, texts: string[]) {
  await expect(chatLog(doctor)).toContainText(texts[texts.length - 1]!);
  const shown = await chatLog(doctor).locator('.chat-text').allTextContents();
  expect(shown.filter((t) => texts.includes(t))).toEqual(texts);
}

test.describe('on a phone with a bad network', () => {
  test('messages typed while offline wait, marked as sending, and are delivered once, in order, when the network returns', async ({ browser, baseURL }) => {
    const patient = await patientOnPhone(browser, baseURL!);
    const doctor = await doctorIn(browser, baseURL!, patient.nombre);
    const { page } = patient;
    await type(page, 'Hola, doctora');
    await expect(myMessage(page, 'Hola, doctora')).toContainText('Enviado');

    await patient.context.setOffline(true);
    await expect(page.getByText(/^Sin conexión\. Los mensajes que escriba se guardan/)).toBeVisible();
    const offline = ['La tos empeora de noche', 'No tengo fiebre', 'Tomé jarabe ayer'];
    for (const text of offline) await type(page, text);
    for (const text of offline) await expect(myMessage(page, text)).toContainText('Enviando…');
    await expect(page.getByText('Mensajes por enviar: 3')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('offline-360.png') });
    // Nothing reached the doctor meanwhile.
    await page.waitForTimeout(1000);
    await expect(chatLog(doctor.page)).not.toContainText('La tos empeora de noche');

    await patient.context.setOffline(false);
    for (const text of offline) await expect(myMessage(page, text)).toContainText('Enviado');
    await expect(page.getByText(/^Sin conexión/)).toHaveCount(0);
    await doctorSees(doctor.page, ['Hola, doctora', ...offline]);
    // Both pages reloaded: the server holds each message once.
    await page.reload();
    await expect(chatLog(page).getByRole('listitem')).toHaveCount(4);
    await doctor.page.reload();
    await doctor.page.getByRole('button', { name: `Abrir chat con ${patient.nombre}` }).click();
    await doctorSees(doctor.page, ['Hola, doctora', ...offline]);
    await expect(chatLog(doctor.page).getByRole('listitem')).toHaveCount(4);
    await patient.context.close();
    await doctor.context.close();
  });

  test('a reload while offline keeps the unsent messages: they are sent when the page comes back online', async ({ browser, baseURL }) => {
    const patient = await patientOnPhone(browser, baseURL!);
    const { page } = patient;
    await patient.context.setOffline(true);
    await type(page, 'Escribo sin señal');
    await type(page, 'y recargo la página');
    await expect(myMessage(page, 'y recargo la página')).toContainText('Enviando…');
    // The reload fails without a network (the browser's own error page): the chat's page is gone from memory.
    await expect(page.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await patient.context.setOffline(false);
    await page.goto('/ConsultaChat');
    await expect(myMessage(page, 'Escribo sin señal')).toContainText('Enviado');
    await expect(myMessage(page, 'y recargo la página')).toContainText('Enviado');
    // Stored once each: a fresh page's history.
    await page.reload();
    await expect(chatLog(page).getByRole('listitem')).toHaveCount(2);
    await expect(chatLog(page).getByRole('listitem').nth(0)).toContainText('Escribo sin señal');
    // Nothing of them stays on the phone once sent.
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('clinica.chatOutbox.')))).toEqual([]);

    await patient.context.close();
  });

  test('a message the server refuses shows "No enviado"; a tap sends it again under the same id', async ({ browser, baseURL }) => {
    const patient = await patientOnPhone(browser, baseURL!);
    const { page } = patient;
    // The chat's server stands between the page and the real one: it refuses the first sending
    // of a message (as after the hour ran out) and passes everything else through.
    const sends: { cid: string; texto: string }[] = [];
    await page.routeWebSocket(/\/api\/chat\/ws/, (ws) => {
      const server = ws.connectToServer();
      ws.onMessage((raw) => {
        const frame = JSON.parse(String(raw)) as { cid: string; texto: string };
        sends.push(frame);
        if (sends.length === 1) ws.send(JSON.stringify({ type: 'error', cid: frame.cid, message: messages.chatTimeOver }));
        else server.send(raw);
      });
    });
    await page.reload();
    await expect(page.getByRole('region', { name: /^Chat de / }).getByRole('status').first()).toHaveText('Conectado');
    await type(page, 'Olvidé decirle que soy alérgica');
    const retry = myMessage(page, 'Olvidé decirle').getByRole('button', { name: 'No enviado. Toque para reintentar.' });
    await expect(retry).toBeVisible();
    await expect(page.getByText(messages.chatTimeOver)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('not-sent-360.png') });
    await retry.tap();
    await expect(myMessage(page, 'Olvidé decirle')).toContainText('Enviado');
    expect(sends.map((f) => f.cid)).toEqual([sends[0]!.cid, sends[0]!.cid]);
    await patient.context.close();
  });

  test('sign-out removes the unsent messages from the phone (health text does not outlive the session)', async ({ browser, baseURL }) => {
    const patient = await patientOnPhone(browser, baseURL!);
    const { page } = patient;
    const outboxKeys = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('clinica.chatOutbox.')));
    // The chat's server never answers (a network that lets pages through but not the socket).
    await page.routeWebSocket(/\/api\/chat\/ws/, () => undefined);
    await patient.context.setOffline(true);
    await type(page, 'Me duele el pecho al toser');
    await expect(myMessage(page, 'Me duele el pecho al toser')).toContainText('Enviando…');
    expect(await outboxKeys()).toHaveLength(1);
    await patient.context.setOffline(false);
    await page.goto('/');
    expect(await outboxKeys()).toHaveLength(1);
    await page.getByRole('button', { name: 'Menú' }).tap();
    await page.getByRole('banner').getByRole('button', { name: 'Cerrar sesión', exact: true }).tap();
    await acceptAlert(page, messages.logoutOk);
    expect(await outboxKeys()).toEqual([]);
    await patient.context.close();
  });
});

// --- across a server restart: a server process of this file's own, stopped and started on the same data ---

const root = path.resolve(import.meta.dirname, '..');
const PORT = Number(process.env.E2E_PORT ?? 3100) + 9;
const BASE = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(root, '.tmp', `e2e-data-restart-${PORT}`);
let server: ChildProcess | undefined;

async function startServer() {
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      WEB_DIST_DIR: process.env.E2E_WEB_DIST_DIR ?? path.join(root, 'apps/web/dist'),
      LOG_LEVEL: 'warn',
      LOGIN_MAX_ATTEMPTS: '50',
      TEST_ONLY_IGNORE_CONSULTATION_HOURS: '1',
      QUOTA_REGISTRATIONS_PER_ADDRESS_HOUR: '100000',
      // The suite's mail sink (scripts/e2e-server.mjs), where e2e/mailbox.ts reads the verification links.
      SMTP_URL: `smtp://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 1000}`,
      MAIL_POLL_MS: '500',
    },
  });
  const end = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the restartable server exited (${server.exitCode})`);
    if (await fetch(`${BASE}/readyz`).then((r) => r.ok, () => false)) return;
    if (Date.now() > end) throw new Error('the restartable server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function stopServer() {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((r) => server!.once('exit', r));
  server.kill('SIGTERM');
  await exited;
}

test.describe('across a server restart', () => {
  test.describe.configure({ mode: 'serial' });
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
    await startServer();
  });
  test.afterAll(async () => {
    await stopServer();
    fs.rmSync(DATA_DIR, { recursive: true, force: true });
  });

  test('messages typed offline while the server restarts are delivered once when both come back; the history has no gap', async ({ browser }) => {
    test.setTimeout(180_000);
    const patient = await patientOnPhone(browser, BASE);
    const doctor = await doctorIn(browser, BASE, patient.nombre);
    const { page } = patient;
    await type(page, 'Antes del reinicio');
    await expect(myMessage(page, 'Antes del reinicio')).toContainText('Enviado');

    await patient.context.setOffline(true);
    await type(page, 'Sin red durante el reinicio');
    await stopServer();
    await startServer();
    await type(page, 'Sigo sin red');
    await patient.context.setOffline(false);
    // The doctor's socket reconnects on its own and gets what it missed.
    await type(page, 'Ya con red');
    const texts = ['Antes del reinicio', 'Sin red durante el reinicio', 'Sigo sin red', 'Ya con red'];
    for (const text of texts) await expect(myMessage(page, text)).toContainText('Enviado', { timeout: 30_000 });
    await expect(chatLog(doctor.page)).toContainText('Ya con red', { timeout: 30_000 });
    await doctorSees(doctor.page, texts);
    await page.screenshot({ path: test.info().outputPath('after-restart-360.png') });
    await page.reload();
    await expect(chatLog(page).getByRole('listitem')).toHaveCount(4);
    await patient.context.close();
    await doctor.context.close();
  });
});
