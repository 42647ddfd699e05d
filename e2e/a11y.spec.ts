import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { PAGE_ROUTES, type PageRoute } from '@clinica/shared';
import { LOCAL_KEYS } from '../apps/web/src/lib/storage-keys';
import { test, expect, DEMO, DEMO_GENERAL_DOCTOR, login, registerPatient, payConsultationByPaypal } from './fixtures';
import { visitedBefore } from './frame-helpers';

// Accessibility (issue 9): every route of PAGE_ROUTES, signed in as the role the route is for,
// scanned by axe with the WCAG 2.0/2.1 A and AA rules, in Spanish and in English.
// Run one page: npx playwright test e2e/a11y.spec.ts -g '/Consultas_Admin '

// Each route is its own test; they may run side by side.
test.describe.configure({ mode: 'parallel' });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const LANGS = ['es', 'en'] as const;

/** Readable violations: rule, impact, help, and each offending element's selector and axe's summary. */
function describe(violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) {
  return violations
    .map(
      (v) =>
        `• ${v.id} (${v.impact ?? 'n/a'}): ${v.help}\n  ${v.helpUrl}\n` +
        v.nodes.map((n) => `    - ${n.target.join(' ')}\n      ${n.failureSummary?.replace(/\n/g, '\n      ') ?? ''}`).join('\n'),
    )
    .join('\n');
}

async function scan(page: Page) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(violations, `axe violations on ${page.url()}:\n${describe(violations)}`).toEqual([]);
}

/** Waits until the page's lazy chunk, its gate's session check and its first queries have settled. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .page-loading')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

/** A new patient whose consultation is paid by PayPal: /ConsultaChat and /pagos open for them. */
async function patientWithChat(page: Page) {
  const creds = await registerPatient(page.request);
  await login(page, 'patient', creds);
  await payConsultationByPaypal(page.request, DEMO_GENERAL_DOCTOR);
}

async function signIn(page: Page, route: PageRoute) {
  if (route.access === 'anonymous') return;
  if (route.path === '/ConsultaChat' || route.path === '/pagos' || route.path === '/metodo-pago') return patientWithChat(page);
  const role = route.access;
  if (role === 'patient' || role === 'admin' || role === 'doctor') await login(page, role, DEMO[role]);
}

for (const lng of LANGS) {
  test.describe(`axe (${lng})`, () => {
    test.beforeEach(async ({ page, context, baseURL }) => {
      await visitedBefore(page, context, baseURL!);
      await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [LOCAL_KEYS.language, lng] as const);
    });

    for (const route of PAGE_ROUTES) {
      test(`${lng} ${route.path} `, async ({ page }) => {
        await signIn(page, route);
        await page.goto(route.path);
        await settled(page);
        await expect(page.locator('html')).toHaveAttribute('lang', lng);
        await scan(page);
      });
    }

    test(`${lng} 404 page `, async ({ page }) => {
      await page.goto('/no-existe-esta-pagina');
      await settled(page);
      await scan(page);
    });
  });

  test(`${lng} first visit: intro loader and cookie banner `, async ({ page }) => {
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [LOCAL_KEYS.language, lng] as const);
    await page.goto('/');
    await settled(page);
    await scan(page);
  });
}
