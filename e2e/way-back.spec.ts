import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { messages } from '@clinica/shared';
import { test, expect, DEMO, DEMO_GENERAL_DOCTOR, PNG_1X1, login, payConsultationByPaypal, registerPatient } from './fixtures';
import { acceptAlert, visitedBefore } from './frame-helpers';

// The way back to every paid consultation (issue 20 item 2, decision 0032), on a phone: the
// waiting state survives a reload and a new sign-in, the authorised chat is reached from the
// page, from /Consultas and from the header, and two open chats are each reachable and each
// says the other exists. The e2e server ignores the consultation hours (see consultations.spec.ts).

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const uniqueName = (base: string) => `${base}${Array.from({ length: 6 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('')}`;
/** WCAG 2.1 A/AA violations in the given part of the page. */
const axe = async (page: Page, part: string) =>
  (await new AxeBuilder({ page }).include(part).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations;
const CHAT_URL = /\/ConsultaChat\?consulta=[\w-]{10,}$/;

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

/** Consent, the form and a Yappy receipt, as the patient does it on the page. */
async function payByYappy(page: Page) {
  await page.goto('/consultas-virtuales');
  await page.getByLabel('He leído y acepto el acuerdo de consentimiento').click();
  await page.getByLabel('Servicio', { exact: true }).selectOption('consulta_general');
  await page.getByLabel('Médico', { exact: true }).selectOption({ label: DEMO_GENERAL_DOCTOR });
  await page.getByLabel('Síntomas', { exact: true }).fill('Tos seca y fiebre de 38 °C desde ayer');
  for (const section of ['Antecedentes familiares', 'Antecedentes personales', 'Antecedentes quirúrgicos', 'Alergias', 'Otros datos']) {
    await page.getByLabel(`No aplica: ${section}`).check();
  }
  await page.getByLabel('Yappy (solo Panamá)').check();
  await page.getByLabel('Comprobante de pago (imagen o PDF)').setInputFiles({ name: 'yappy.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await page.getByRole('button', { name: 'Enviar comprobante' }).tap();
  await acceptAlert(page, messages.receiptSent);
}

/** The waiting state as right after paying: its message, its consultation, and no new form. */
async function expectWaiting(page: Page) {
  await expect(page.getByText(messages.waitingForChat)).toBeVisible();
  await expect(page.getByText('Esta página se actualiza sola: no necesita recargarla.')).toBeVisible();
  await expect(page.getByLabel('He leído y acepto el acuerdo de consentimiento')).toHaveCount(0);
}

async function authorise(browser: Browser, baseURL: string, nombre: string) {
  const context = await browser.newContext();
  const admin = await context.newPage();
  await visitedBefore(admin, context, baseURL);
  await login(admin, 'admin', DEMO.admin);
  await admin.goto('/Consultas_Admin');
  await admin.getByLabel('Nombre del paciente').fill(nombre);
  await admin.getByRole('button', { name: 'Buscar' }).click();
  await expect(admin.getByRole('row')).toHaveCount(2);
  await admin.getByRole('button', { name: /Información Completa/ }).click();
  const modal = admin.getByRole('dialog', { name: 'Información Completa de la consulta' });
  await modal.getByLabel('Tipo de consulta').selectOption('tipo_a');
  await modal.getByRole('button', { name: 'Actualizar' }).click();
  await acceptAlert(admin, messages.consultationUpdated);
  await context.close();
}

test('a Yappy consultation waits through a reload and a new sign-in; once authorised the page, /Consultas and the header lead to its chat', async ({
  page,
  browser,
  baseURL,
}) => {
  // A payment, two sign-ins and an administrator's authorisation: past 60 s on a 2-core CI host.
  test.slow();
  const nombre = uniqueName('Regreso');
  const patient = await registerPatient(page.request, { nombre });
  await login(page, 'patient', patient);
  await payByYappy(page);
  await expectWaiting(page);

  // A reload brings the waiting state back, not a new request.
  await page.reload();
  await expectWaiting(page);
  expect(await axe(page, 'main')).toEqual([]);
  // Another request is there, but only as a deliberate choice.
  await expect(page.getByRole('button', { name: 'Solicitar otra consulta (nuevo pago)' })).toBeVisible();

  // Signed out and in again: the way back is still there.
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: /Menú/ }).tap();
  await header.getByRole('button', { name: 'Cerrar sesión' }).tap();
  await acceptAlert(page, messages.logoutOk);
  await login(page, 'patient', patient);
  await page.goto('/consultas-virtuales');
  await expectWaiting(page);
  // No chat yet: the header has no chat entry.
  await expect(header.getByRole('link', { name: /Entrar al chat/ })).toHaveCount(0);

  // The administrator authorises it: at the next poll the page goes into this consultation's chat.
  await authorise(browser, baseURL!, nombre);
  await expect(page).toHaveURL(CHAT_URL, { timeout: 15_000 });
  const chatUrl = page.url();
  await expect(page.getByRole('heading', { name: 'Consulta por chat', level: 1 })).toBeVisible();
  await expect(page.getByText('Conectado')).toBeVisible();

  // /Consultas: 'Entrar al chat' on the open consultation.
  await page.goto('/Consultas');
  const enter = page.getByRole('link', { name: /Entrar al chat de la consulta del/ });
  await expect(enter).toHaveCount(1);
  await expect(enter).toHaveText('Entrar al chat');
  await enter.tap();
  await expect(page).toHaveURL(chatUrl);

  // The header, on any page of the site, with the time left by the server (mm:ss, counting down).
  await page.goto('/');
  const entry = header.getByRole('link', { name: /^Entrar al chat con Dr\(a\)\. Ana Castillo: quedan \d\d:\d\d$/ });
  await expect(entry).toBeVisible();
  const first = (await entry.textContent())!.match(/\d\d:\d\d/)![0];
  expect(first >= '58:00' && first <= '60:00', first).toBe(true);
  await expect(entry).not.toContainText(first, { timeout: 5_000 });
  await page.screenshot({ path: test.info().outputPath('header-chat-entry-360.png') });
  await entry.tap();
  await expect(page).toHaveURL(chatUrl);

  // Back on /consultas-virtuales: the open chat, with its way in.
  await page.goto('/consultas-virtuales');
  await expect(page.getByRole('heading', { name: 'Su chat está abierto' })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('consultas-virtuales-open-chat-360.png'), fullPage: true });
  expect(await axe(page, 'main')).toEqual([]);
  await page.getByRole('main').getByRole('link', { name: 'Entrar al chat', exact: true }).tap();
  await expect(page).toHaveURL(chatUrl);
});

test('two open chats: each is reachable on its own and says the other exists; the header lists both', async ({ page }) => {
  const patient = await registerPatient(page.request, { nombre: uniqueName('Doble') });
  await login(page, 'patient', patient);
  const older = await payConsultationByPaypal(page.request, DEMO_GENERAL_DOCTOR, 'Dolor de garganta');
  const newer = await payConsultationByPaypal(page.request, DEMO_GENERAL_DOCTOR, 'Dolor de espalda');

  // Without a token the patient chooses: neither chat is opened for them.
  await page.goto('/ConsultaChat');
  await expect(page.getByRole('heading', { name: 'Tiene varios chats abiertos. Elija uno:' })).toBeVisible();
  const choices = page.getByRole('link', { name: /^Chat con Dr\(a\)\. Ana Castillo \(Medicina General\), solicitado el / });
  await expect(choices).toHaveCount(2);
  await page.screenshot({ path: test.info().outputPath('choose-chat-360.png'), fullPage: true });
  expect(await axe(page, 'main')).toEqual([]);

  for (const [mine, other] of [
    [older, newer],
    [newer, older],
  ] as const) {
    await page.goto(`/ConsultaChat?consulta=${mine}`);
    await expect(page.getByText('Conectado')).toBeVisible();
    const others = page.getByRole('navigation', { name: 'Sus otros chats abiertos' });
    await expect(others).toContainText('También tiene abierto otro chat:');
    await expect(others.getByRole('link')).toHaveCount(1);
    await expect(others.getByRole('link')).toHaveAttribute('href', `/ConsultaChat?consulta=${other}`);
  }
  // From one chat to the other by the link: the page is that chat's.
  await page.getByRole('navigation', { name: 'Sus otros chats abiertos' }).getByRole('link').tap();
  await expect(page).toHaveURL(`/ConsultaChat?consulta=${older}`);
  await expect(page.getByText('Conectado')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('chat-other-open-360.png') });
  expect(await axe(page, '.chat-others')).toEqual([]);

  // The header: one entry that lists both chats with their time left.
  await page.goto('/Usuarios');
  const header = page.getByRole('banner');
  const list = header.getByRole('button', { name: /Chats abiertos: 2/ });
  await list.tap();
  const links = header.getByRole('link', { name: /^Entrar al chat con Dr\(a\)\. Ana Castillo del .+: quedan \d\d:\d\d$/ });
  await expect(links).toHaveCount(2);
  // The list fits the phone's screen.
  for (const link of await links.all()) await expect(link).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: test.info().outputPath('header-two-chats-360.png') });
  expect(await axe(page, 'header')).toEqual([]);
  const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(hrefs.sort()).toEqual([`/ConsultaChat?consulta=${older}`, `/ConsultaChat?consulta=${newer}`].sort());

  // /Consultas: both have 'Entrar al chat'.
  await page.goto('/Consultas');
  await expect(page.getByRole('link', { name: /Entrar al chat de la consulta del/ })).toHaveCount(2);

  // On a wide screen the same entry, its words shown, and the list under it.
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/');
  await expect(header.getByRole('button', { name: 'Chats abiertos: 2' })).toContainText('Chats abiertos: 2');
  await header.getByRole('button', { name: 'Chats abiertos: 2' }).click();
  await expect(links).toHaveCount(2);
  for (const link of await links.all()) await expect(link).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('header-two-chats-1366.png') });
});
