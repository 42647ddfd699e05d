import fs from 'node:fs/promises';
import type { Browser, Locator, Page } from '@playwright/test';
import { test, expect, DEMO, DEMO_GENERAL_DOCTOR, followMenuLink, login, payConsultationByPaypal, registerPatient } from './fixtures';
import { visitedBefore } from './frame-helpers';

// The administrators' dashboard (issue 26, item 4; decision 0057): opened from the menu, each
// chart's spoken figures are its table's totals, and its CSV holds the table's rows.

test.beforeEach(async ({ page, context, baseURL }) => {
  await visitedBefore(page, context, baseURL!);
});

/** A patient of their own pays a consultation by PayPal now: today's figures have at least that. */
async function paidConsultationToday(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  const creds = await registerPatient(other.request);
  await login(other, 'patient', creds);
  await payConsultationByPaypal(other.request, DEMO_GENERAL_DOCTOR);
  await context.close();
}

const card = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** The table of a chart's card, opened, as rows of cell texts (body, then the total row). */
async function openTable(c: Locator) {
  // A disclosure: opened once (a second click would close it).
  if (!(await c.locator('details').evaluate((d: HTMLDetailsElement) => d.open))) await c.getByText('Ver la tabla').click();
  const table = c.getByRole('table');
  await expect(table).toBeVisible();
  const cells = (rows: Locator) => rows.evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('th, td'), (cell) => (cell.textContent ?? '').trim())));
  return { head: (await cells(table.locator('thead tr')))[0]!, body: await cells(table.locator('tbody tr')), total: (await cells(table.locator('tfoot tr')))[0]! };
}

/** The CSV the card's button downloads, as rows of cells (BOM removed; no cell here holds a comma). */
async function downloadCsv(page: Page, c: Locator) {
  const download = page.waitForEvent('download');
  await c.getByRole('button', { name: 'Descargar CSV' }).click();
  const file = await (await download).path();
  const text = await fs.readFile(file, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  return text.slice(1).trimEnd().split('\r\n').map((line) => line.split(','));
}

/** 'USD 1,234.50' or '1,234' -> 1234.5 / 1234 (es-PA: comma groups, point decimals). */
const numberIn = (text: string) => Number(text.replace(/^USD\s*/, '').replace(/,/g, ''));

/** Whether the chart's canvas has painted anything. */
const painted = (chart: Locator) =>
  chart.evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) return true;
    return false;
  });

test.describe('at 1366 px', () => {
  test.use({ viewport: { width: 1366, height: 900 } });

  test('an administrator opens the dashboard from the menu; a chart and its table agree; the CSV holds the table', async ({ page, browser, baseURL }) => {
    await paidConsultationToday(browser, baseURL!);
    await login(page, 'admin', DEMO.admin);
    await page.goto('/Admin');
    await followMenuLink(page, 'Estadísticas');
    await expect(page).toHaveURL(/\/Estadisticas_Admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Estadísticas de la clínica' })).toBeVisible();

    // Revenue by method: the chart's name says each total, the table's total row says the same.
    const byMethod = card(page, 'Ingresos por método de pago');
    const chart = byMethod.getByRole('img');
    await expect(chart).toHaveAttribute('aria-label', /^Ingresos por método de pago\. Total: Monto \(USD\) USD [\d,]+\.\d\d$/);
    await expect.poll(() => painted(chart)).toBe(true);
    const table = await openTable(byMethod);
    expect(table.head).toEqual(['Método de pago', 'Monto (USD)']);
    expect(table.body.map((r) => r[0])).toEqual(['PayPal o tarjeta', 'Transferencia', 'Yappy']);
    expect(await chart.getAttribute('aria-label')).toBe(`Ingresos por método de pago. Total: Monto (USD) ${table.total[1]}`);
    // The consultation paid above is in it: at least USD 10.00 by PayPal.
    expect(numberIn(table.body[0]![1]!)).toBeGreaterThanOrEqual(10);
    const sum = table.body.reduce((s, r) => s + numberIn(r[1]!), 0);
    expect(sum).toBeCloseTo(numberIn(table.total[1]!), 2);
    // The headline figure is the same total.
    await expect(page.locator('[data-figure="ingresos"] .dash-figure-value')).toHaveText(table.total[1]!);

    const csv = await downloadCsv(page, byMethod);
    expect(csv[0]).toEqual(['Método de pago', 'Monto (USD)']);
    expect(csv.slice(1).map((r) => [r[0], numberIn(r[1]!)])).toEqual(table.body.map((r) => [r[0], numberIn(r[1]!)]));

    // Consultations per day: today's column has the one paid above; the chart, table and CSV agree.
    const consultations = card(page, 'Consultas virtuales por servicio');
    const daily = await openTable(consultations);
    expect(daily.body).toHaveLength(30);
    expect(numberIn(daily.body.at(-1)!.at(-1)!)).toBeGreaterThanOrEqual(1);
    const spoken = daily.head.slice(1, 4).map((s, i) => `${s} ${daily.total[i + 1]}`).join(', ');
    await expect(consultations.getByRole('img')).toHaveAttribute('aria-label', `Consultas virtuales por servicio. Total: ${spoken}`);
    const dailyCsv = await downloadCsv(page, consultations);
    expect(dailyCsv[0]).toEqual(['Día', 'Medicina general', 'Psicología', 'Medicina interna', 'Total']);
    expect(dailyCsv.slice(1).map((r) => r.slice(1).map(Number))).toEqual(daily.body.map((r) => r.slice(1).map(numberIn)));
    expect(dailyCsv.at(-1)![0]).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // By week: fewer rows, the same total.
    await page.getByRole('radio', { name: 'Semana' }).check();
    const weekly = await openTable(consultations);
    expect(weekly.body.length).toBeLessThanOrEqual(6);
    expect(weekly.total).toEqual(daily.total);

    await page.screenshot({ path: 'test-results/dashboard-1366.png', fullPage: true });
  });

  test('a range longer than a year is refused on the page with the Spanish message', async ({ page }) => {
    await login(page, 'admin', DEMO.admin);
    await page.goto('/Estadisticas_Admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Estadísticas de la clínica' })).toBeVisible();
    const from = page.getByLabel('Desde');
    await from.fill('01/01/2024');
    await from.press('Tab');
    await page.getByLabel('Hasta').fill('02/01/2025');
    await page.getByLabel('Hasta').press('Tab');
    await page.getByRole('button', { name: 'Ver el periodo' }).click();
    await expect(page.getByText('El periodo no puede ser mayor de un año.')).toBeVisible();
  });
});

test.describe('at 360 px (touch)', () => {
  test.use({ viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true });

  test('the charts fit the screen and the tables scroll inside their box', async ({ page }) => {
    await login(page, 'admin', DEMO.admin);
    await page.goto('/Estadisticas_Admin');
    const consultations = card(page, 'Consultas virtuales por servicio');
    await expect(consultations.getByRole('img')).toBeVisible();
    await consultations.getByText('Ver la tabla').click();
    await expect(consultations.getByRole('table')).toBeVisible();
    // Nothing sideways on the page itself.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    for (const chart of await page.locator('.dash-chart canvas').all()) {
      const box = (await chart.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
    }
    await page.screenshot({ path: 'test-results/dashboard-360.png', fullPage: true });
    await consultations.screenshot({ path: 'test-results/dashboard-360-card.png' });
  });
});
