import { messages } from '@clinica/shared';
import { test, expect, VERIFY_SUBJECT, login, registerPatient } from './fixtures';
import { visitedBefore } from './frame-helpers';
import { linkIn, waitForMail } from './mailbox';

// Issue 18: e-mail ownership (the verification link and the banner) and the password-strength meter.
test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

test('an unverified patient sees the banner; the mailed link verifies the address and the banner goes', async ({ page }) => {
  const creds = await registerPatient(page.request, {}, { verified: false });
  await login(page, 'patient', creds);
  await page.goto('/Consultas');

  const banner = page.getByRole('region', { name: /Confirme su correo electrónico/ });
  await expect(banner).toBeVisible();
  await expect(banner).toContainText(creds.email);
  // The registration's link went out less than a minute ago: a resend is refused, clearly.
  await banner.getByRole('button', { name: messages.emailVerificationResend }).click();
  await expect(banner.getByRole('status')).toHaveText(messages.emailVerificationThrottled);

  // The link from the mailbox, opened in the same browser.
  const mail = await waitForMail(creds.email, VERIFY_SUBJECT);
  const link = linkIn(mail, '/verificar-correo#token=');
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await expect(page.getByRole('heading', { name: 'Confirmación del correo electrónico' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(messages.emailVerified);

  await page.goto('/Consultas');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: /Confirme su correo electrónico/ })).toHaveCount(0);

  // Opened a second time, the link says it was already used.
  await page.goto(new URL(link).pathname + new URL(link).hash);
  await expect(page.getByRole('alert')).toHaveText(messages.emailVerificationLinkUsed);
});

test('a broken link says so in plain Spanish', async ({ page }) => {
  await page.goto('/verificar-correo#token=abc');
  await expect(page.getByRole('alert')).toHaveText(messages.emailVerificationLinkInvalid);
});

test('the registration form rates the password while it is typed and refuses a weak one', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Registrarse' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registro de paciente' });
  const password = dialog.getByLabel('Contraseña', { exact: true });
  const meter = dialog.getByRole('meter', { name: messages.passwordStrengthLabel });

  await password.pressSequentially('12345678');
  await expect(meter).toHaveAttribute('aria-valuetext', messages.passwordStrength0);
  await expect(dialog.getByText(messages.passwordTooWeak)).toBeVisible();

  await password.fill('');
  await password.pressSequentially('Sol-de-Panama-2026');
  await expect(meter).toHaveAttribute('aria-valuenow', '4');
  await expect(meter).toHaveAttribute('aria-valuetext', messages.passwordStrength4);
  await expect(dialog.getByText(messages.passwordTooWeak)).toHaveCount(0);

  // Typed and left, a weak password gets the server's message on the field.
  await password.fill('password');
  await dialog.getByLabel('Confirmar contraseña').click();
  await expect(dialog.locator('.field-error', { hasText: messages.passwordTooWeak })).toBeVisible();
});
