import { Secret, TOTP } from 'otpauth';
import { messages } from '@clinica/shared';
import { test, expect, registerStaff } from './fixtures';
import { visitedBefore } from './frame-helpers';

// Issue 18, item 5: strangers' wrong passwords lock a staff account for browsers that never
// signed in to it, but the owner still gets in from a new browser with the password and the
// authenticator's code, typed in the same form.

const totpOf = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

for (const screen of [
  { name: 'phone', viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true },
  { name: 'laptop', viewport: { width: 1366, height: 900 }, hasTouch: false, isMobile: false },
]) {
  test.describe(screen.name, () => {
    test.use({ viewport: screen.viewport, hasTouch: screen.hasTouch, isMobile: screen.isMobile });

    test('a doctor whose account strangers locked signs in from a new browser with the password and the code', async ({
      page,
      context,
      baseURL,
      playwright,
    }, testInfo) => {
      await visitedBefore(page, context, baseURL!);
      // The doctor's usual computer (its own cookies): registers, signs in and enrols an authenticator.
      const usual = await playwright.request.newContext({ baseURL });
      const doctor = await registerStaff(usual, 'doctor');
      expect((await usual.post('/api/doctor/login', { data: { email: doctor.email, password: doctor.password } })).status()).toBe(200);
      const setup = await usual.post('/api/doctor/two-factor/setup');
      const { secreto } = (await setup.json()) as { secreto: string };
      const totp = totpOf(secreto);
      const confirm = await usual.post('/api/doctor/two-factor/confirm', { data: { codigo: totp.generate() } });
      expect(confirm.status(), await confirm.text()).toBe(200);

      // Strangers guess the doctor's password (the doctors' e-mails are easy to find).
      const stranger = await playwright.request.newContext({ baseURL });
      // (The browser tests' server allows LOGIN_MAX_ATTEMPTS=50 before the lock.)
      const answers: number[] = [];
      while (answers.at(-1) !== 429 && answers.length < 60) {
        const guess = { email: doctor.email, password: `adivina-${answers.length}` };
        answers.push((await stranger.post('/api/doctor/login', { data: guess })).status());
      }
      expect(answers.at(-1)).toBe(429);

      // The doctor, on a new phone: the password alone is refused, and the form asks for the code.
      await page.goto('/Login_Admin_Doctor');
      await expect(page.getByRole('heading', { name: 'Inicio de sesión de doctores' })).toBeVisible();
      await page.getByLabel('Correo electrónico').fill(doctor.email);
      await page.getByLabel('Contraseña').fill(doctor.password);
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await expect(page.getByRole('status').filter({ hasText: messages.staffLoginLockedCodeHint })).toBeVisible();
      const code = page.getByLabel('Código de verificación');
      await expect(code).toBeFocused();
      await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
      await page.screenshot({ path: testInfo.outputPath('locked-code.png'), fullPage: true });

      // The code of the next step (the enrolment spent the current one).
      await code.fill(totp.generate({ timestamp: Date.now() + 30_000 }));
      await page.getByRole('button', { name: 'Iniciar sesión' }).click();
      await expect(page).toHaveURL(/\/Consultas_Admin_Doctor$/);
      // This browser is known now: its cookie jar holds the device cookie.
      expect((await context.cookies()).map((c) => c.name)).toContain('device');

      await usual.dispose();
      await stranger.dispose();
    });
  });
}
