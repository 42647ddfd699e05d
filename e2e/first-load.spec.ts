import type { Page } from '@playwright/test';
import { DEMO, expect, login, registerPatient, test } from './fixtures.js';

/**
 * Issue 23, item 5 (decision 0046, session 14): a signed-in page's first GETs leave with the entry.
 * The server names the page's session check and data in `<link rel="preload" as="fetch">` hints; the
 * app's own GETs of those paths take the preloaded answers instead of asking again. A hint the app
 * did not take would cost the phone a second request of each (and Chromium says so in the console).
 */
/** Counts the page's API requests by path and query, and keeps what its console says. */
function watch(page: Page) {
  const asked = new Map<string, number>();
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) asked.set(url.pathname + url.search, (asked.get(url.pathname + url.search) ?? 0) + 1);
  });
  const said: string[] = [];
  page.on('console', (m) => said.push(m.text()));
  return {
    /** The hinted paths, each asked exactly once, and no word from Chromium about an unused preload. */
    async onceEach(expected: string[]) {
      // Every first GET made (a second one of a path would come after its preload's answer).
      await page.waitForLoadState('networkidle');
      const hinted = (await page.locator('link[rel="preload"][as="fetch"]').evaluateAll((links) => links.map((l) => l.getAttribute('href')))) as string[];
      expect(hinted).toEqual(expected);
      for (const path of hinted) expect(asked.get(path), `${path} asked ${asked.get(path) ?? 0} times`).toBe(1);
      expect(said.filter((text) => /preload/i.test(text))).toEqual([]);
    },
  };
}

test('a signed-in page asks its session and its data once, the answers preloaded with the entry', async ({ page, request }) => {
  const patient = await registerPatient(request);
  await login(page, 'patient', patient);
  const seen = watch(page);
  await page.goto('/consultas-virtuales');
  // The page is there and usable: the consent box of a patient who has not accepted it yet.
  await expect(page.getByLabel('He leído y acepto el acuerdo de consentimiento')).toBeEnabled();
  await seen.onceEach(['/api/auth/session?activo=1', '/api/consultations/active', '/api/consultations/session']);
});

test("a doctor's page takes its preloaded session check and list too", async ({ page }) => {
  await login(page, 'doctor', DEMO.doctor);
  const seen = watch(page);
  await page.goto('/Consultas_Admin_Doctor');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await seen.onceEach(['/api/doctor/session?activo=1', '/api/doctor/consultations']);
});
