import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { TIMERS } from '@clinica/shared';
import { DEMO, DEMO_GENERAL_DOCTOR, login, payConsultationByPaypal, registerPatient } from './fixtures';
import { visitedBefore } from './frame-helpers';

// What the chat's browser specs share (chat.spec.ts, chat-phone.spec.ts).

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
export const uniqueName = (base: string) => `${base}${Array.from({ length: 6 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('')}`;

/** A new patient, signed in, with a consultation with the demo doctor paid by PayPal (chat allowed at once), set up through the API. */
export async function patientWithChat(page: Page) {
  const nombre = uniqueName('Paciente');
  const creds = await registerPatient(page.request, { nombre });
  await login(page, 'patient', creds);
  await payConsultationByPaypal(page.request, DEMO_GENERAL_DOCTOR, 'Dolor de garganta y fiebre');
  return { ...creds, nombre };
}

/** The demo doctor signed in, in a browser context of their own (a phone's, if `options` say so). */
export async function doctorPage(browser: Browser, baseURL: string, options: BrowserContextOptions = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await visitedBefore(page, context, baseURL);
  await login(page, 'doctor', DEMO.doctor);
  return page;
}

/**
 * Lets the chat's hour pass on the page's clock, with the mouse moving every 20 minutes as a
 * person in a conversation would (otherwise the site's 30-minute idle rule signs them out).
 */
export async function passTheHour(page: Page) {
  const step = 20 * 60_000;
  for (let left = TIMERS.chatSeconds * 1000 + 1000; left > 0; left -= step) {
    await page.mouse.move(10 + left / step, 10);
    await page.clock.fastForward(Math.min(step, left));
  }
}

export const chatLog = (page: Page) => page.getByRole('log', { name: 'Mensajes' });

export async function sendMessage(page: Page, text: string) {
  await page.getByLabel('Mensaje', { exact: true }).fill(text);
  await page.getByRole('button', { name: 'Enviar', exact: true }).click();
  await expect(chatLog(page)).toContainText(text);
}

/** WCAG 2.1 A/AA violations inside the page's main element. */
export const axe = async (p: Page) =>
  (await new AxeBuilder({ page: p }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations;
