// TEMPORARY (not committed): screenshots of the Yappy area at 360 px touch and 1366 px.
import type { Page } from '@playwright/test';
import { test, expect, DEMO_GENERAL_DOCTOR, login, registerPatient } from './fixtures';
import { visitedBefore } from './frame-helpers';

const sizes = [
  { name: '360', use: { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true } },
  { name: '1366', use: { viewport: { width: 1366, height: 900 } } },
];

async function toPayment(page: Page) {
  await page.goto('/consultas-virtuales');
  await page.getByLabel('He leído y acepto el acuerdo de consentimiento').click();
  await page.getByLabel('Servicio', { exact: true }).selectOption('consulta_general');
  await page.getByLabel('Médico', { exact: true }).selectOption({ label: DEMO_GENERAL_DOCTOR });
  await page.getByLabel('Síntomas', { exact: true }).fill('Dolor de cabeza');
  for (const s of ['Antecedentes familiares', 'Antecedentes personales', 'Antecedentes quirúrgicos', 'Alergias', 'Otros datos']) await page.getByLabel(`No aplica: ${s}`).check();
  await page.getByLabel('Yappy (solo Panamá)').check();
}

for (const size of sizes) {
  test.describe(size.name, () => {
    test.use(size.use);
    test(`shots ${size.name}`, async ({ page, request, context, baseURL }) => {
      test.setTimeout(120_000);
      await visitedBefore(page, context, baseURL!);
      await login(page, 'patient', await registerPatient(request));
      await toPayment(page);
      const area = page.locator('.yappy-payment');
      await expect(area).toBeVisible();
      await page.waitForTimeout(3000);
      await area.screenshot({ path: `/tmp/yweb-${size.name}-area.png` });
      const button = page.locator('btn-yappy').getByRole('button');
      if (await button.count()) {
        await button.first().click();
        await page.waitForTimeout(2000);
        await page.screenshot({ path: `/tmp/yweb-${size.name}-clicked.png`, fullPage: false });
        await area.screenshot({ path: `/tmp/yweb-${size.name}-waiting.png` });
      }
    });
  });
}
