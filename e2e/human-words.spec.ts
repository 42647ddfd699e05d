import type { APIRequestContext, Page } from '@playwright/test';
import { PAGE_ROUTES, type PageRoute } from '@clinica/shared';
import { test, expect, DEMO, DEMO_GENERAL_DOCTOR, login, payConsultationByPaypal, distinctPng } from './fixtures';
import { visitedBefore } from './frame-helpers';
import { weekdayAhead } from './booking';

// Human words (issue 23, item 3; decision 0045): no page shows a person a UUID, a token, a raw
// field name or an API path. Every route of the web's page table, signed in as the role it is for,
// with the demo clinic plus a paid consultation, an appointment paid by transfer and a receipt sent
// twice (the duplicate warning), and the first record's modal opened on the list pages.

test.describe.configure({ mode: 'serial', timeout: 120_000 });

const PATTERNS: [string, RegExp][] = [
  ['UUID', /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i],
  ['long hex', /\b[0-9a-f]{24,}\b/i],
  // A base64url token: 20+ characters of its alphabet with both a digit and a letter.
  ['token', /(?<![\w@.-])(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[\w-]{20,}(?![\w-])/],
  ['snake_case field', /\b[a-z]+_[a-z0-9_]+\b/],
  ['Pascal_Case field', /\b[A-Z][a-z]+_[A-Za-z]+\b/],
  ['API path', /\/api\//],
];

/** The offending pieces of a page's visible text; e-mail addresses (which may hold '_') are left out. */
function rawPieces(text: string) {
  const words = text.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, ' ');
  return PATTERNS.flatMap(([name, re]) => {
    const m = re.exec(words);
    return m
      ? [
          `${name}: "${m[0]}" in …${words.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40).replace(/\s+/g, ' ')}…`,
        ]
      : [];
  });
}

test('the scan finds what it is for', () => {
  expect(rawPieces('Número e27e6ab2-1c3d-4e5f-8a9b-0c1d2e3f4a5b').length).toBeGreaterThan(0);
  expect(rawPieces('Token qX3_b9ZkLmN0pQrStUvWxYz12345').length).toBeGreaterThan(0);
  expect(rawPieces('Consulta abierta (estado_consulta)').length).toBeGreaterThan(0);
  expect(rawPieces('Primera_Consulta 0').length).toBeGreaterThan(0);
  expect(rawPieces('POST /api/admin/receipts').length).toBeGreaterThan(0);
  expect(rawPieces('Consulta N.º 000123 · Tipo A — bajo riesgo · ana_perez@example.com')).toEqual([]);
});

async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main .page-loading')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
}

async function scanVisible(page: Page, where: string, found: string[]) {
  const text = await page.evaluate(() => document.body.innerText);
  for (const piece of rawPieces(text)) found.push(`${where} → ${piece}`);
}

/** The demo patient's records: a consultation paid by PayPal, an appointment paid by transfer, and that same receipt file sent again. */
async function seedRecords(request: APIRequestContext) {
  await payConsultationByPaypal(request, DEMO_GENERAL_DOCTOR, 'Fiebre y tos');
  const doctors = (await (await request.get('/api/doctors?servicio=medicina_interna')).json()) as { id: string }[];
  const receipt = distinctPng();
  for (const [ahead, hora] of [
    [3, '10:00'],
    [4, '11:00'],
  ] as const) {
    // Other specs book the demo doctors too: a day already taken (409) is tried again on another.
    const book = () =>
      request.post('/api/appointments/receipt', {
        multipart: {
          servicio: 'medicina_interna',
          id_doctor: doctors[0]!.id,
          fecha: weekdayAhead(ahead + Math.floor(Math.random() * 60)),
          hora,
          mensaje: 'Dolor de espalda',
          metodo_de_pago: 'Transferencia',
          monto: '40',
          comprobante_tranferencia: { name: 'recibo.png', mimeType: 'image/png', buffer: receipt },
        },
      });
    let res = await book();
    for (let attempt = 1; attempt < 5 && res.status() === 409; attempt++) res = await book();
    expect(res.status(), await res.text()).toBe(200);
  }
}

/** Opens the first record's modal of a list page, when it has one, and scans it. */
async function scanFirstModal(page: Page, where: string, found: string[]) {
  const opener = page.getByRole('button', { name: /^(Información Completa|Ver detalles|Ver)\b/ }).first();
  if ((await opener.count()) === 0 || !(await opener.isVisible())) return false;
  await opener.click();
  const dialog = page.getByRole('dialog').first();
  // A "Ver …" button that opens no dialog (a file, a section) is not a record's modal.
  if (!(await dialog.waitFor({ timeout: 3000 }).then(() => true, () => false))) return false;
  await page.waitForLoadState('networkidle');
  await expect(dialog.getByText('Cargando datos...')).toHaveCount(0);
  await scanVisible(page, `${where} (modal)`, found);
  await page.keyboard.press('Escape');
  return true;
}

const ROLES = ['anonymous', 'patient', 'admin', 'doctor'] as const;

for (const role of ROLES) {
  test(`no UUID, token, field name or API path on the ${role} pages`, async ({ page, context, baseURL }) => {
    await visitedBefore(page, context, baseURL!);
    if (role !== 'anonymous') await login(page, role, DEMO[role]);
    if (role === 'patient') await seedRecords(page.request);
    const routes = PAGE_ROUTES.filter((r: PageRoute) => r.access === role);
    expect(routes.length).toBeGreaterThan(0);
    const found: string[] = [];
    let modals = 0;
    for (const route of routes) {
      await page.goto(route.path);
      await settled(page);
      await scanVisible(page, route.path, found);
      if (role !== 'anonymous' && (await scanFirstModal(page, route.path, found))) modals++;
    }
    expect(found, found.join('\n')).toEqual([]);
    if (role === 'admin') expect(modals).toBeGreaterThan(2);
  });
}
