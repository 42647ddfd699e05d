import type { Page } from '@playwright/test';
import { messages } from '@clinica/shared';
import { test, expect, login, registerPatient } from './fixtures';
import { visitedBefore } from './frame-helpers';

// The patient's WhatsApp opt-in on /Usuarios (issue 27, item 4, decision 0059): e-mail is always
// on; WhatsApp only after ticking the consent text, saved on the server, withdrawn with one button.
// The browser tests' server mounts the WhatsApp stand-in (not production), so the opt-in is offered.

/** Screenshots for a person to look at, when asked (SCREENSHOTS=1): phone width and laptop width. */
async function shoot(page: Page, name: string) {
  if (!process.env.SCREENSHOTS) return;
  for (const [w, h] of [
    [360, 800],
    [1366, 900],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `test-results/whatsapp-${name}-${w}.png`, fullPage: true });
  }
}

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

const section = (page: Page) => page.getByRole('region', { name: messages.whatsappTitle });

test('a patient opts in to WhatsApp notices with the consent text, sees it saved, and revokes it', async ({ page }) => {
  const patient = await registerPatient(page.request, { celular: '6765-4321' });
  await login(page, 'patient', patient);
  await page.goto('/Usuarios');

  const channels = section(page);
  await expect(channels.getByText(messages.whatsappEmailAlways.replace('{{correo}}', patient.email))).toBeVisible();
  await expect(channels.getByText(messages.whatsappInactive)).toBeVisible();
  await expect(channels.getByText(messages.whatsappNumberShown.replace('{{numero}}', '+50767654321'))).toBeVisible();
  await expect(channels.getByText(messages.whatsappConsentText)).toBeVisible();
  await shoot(page, 'off');

  // Without ticking the consent, nothing is saved.
  await channels.getByRole('button', { name: messages.whatsappActivate }).click();
  await expect(channels.getByRole('alert')).toHaveText(messages.whatsappConsentRequired);

  await channels.getByRole('checkbox', { name: messages.whatsappConsentCheck }).check();
  await channels.getByRole('button', { name: messages.whatsappActivate }).click();
  await expect(channels.getByRole('status')).toHaveText(messages.whatsappOptedIn);
  await expect(channels.getByText(/^Activo desde el .+, al número \+50767654321\.$/)).toBeVisible();

  // Saved on the server: still on after a reload.
  await page.reload();
  await expect(section(page).getByText(/^Activo desde el .+, al número \+50767654321\.$/)).toBeVisible();
  await shoot(page, 'on');

  await section(page).getByRole('button', { name: messages.whatsappRevoke }).click();
  await expect(section(page).getByRole('status')).toHaveText(messages.whatsappRevoked);
  await expect(section(page).getByText(messages.whatsappInactive)).toBeVisible();
  await page.reload();
  await expect(section(page).getByText(messages.whatsappInactive)).toBeVisible();
  await expect(section(page).getByRole('checkbox', { name: messages.whatsappConsentCheck })).not.toBeChecked();
});

test('a profile whose mobile is a landline is told why WhatsApp cannot be turned on', async ({ page }) => {
  const patient = await registerPatient(page.request, { celular: '2123-4567' });
  await login(page, 'patient', patient);
  await page.goto('/Usuarios');
  await expect(section(page).getByText(messages.whatsappNumberInvalid)).toBeVisible();
  await expect(section(page).getByRole('button', { name: messages.whatsappActivate })).toHaveCount(0);
});
