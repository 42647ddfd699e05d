import { test as base, expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { messages } from '@clinica/shared';
import { PNG_1X1 } from '../apps/server/test/png';
import { linkIn, mailsTo, waitForMail } from './mailbox';

/** The demo clinic seeded by the server (apps/server/src/seed.ts). */
export const DEMO = {
  admin: { email: 'admin@clinica.demo', password: 'Admin-demo-2026' },
  doctor: { email: 'general@clinica.demo', password: 'Doctor-demo-2026' },
  patient: { email: 'paciente@clinica.demo', password: 'Paciente-demo-2026' },
  keys: { admin: 'demo-clave-admin', doctor: 'demo-clave-doctor' },
} as const;

export { PNG_1X1, distinctPng } from '../apps/server/test/png';

export const uniqueEmail = (prefix = 'e2e') => `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.com`;

/** The subject of the registration's e-mail, which carries the verification link (issue 18). */
export const VERIFY_SUBJECT = 'Confirme su correo electrónico';

/** Opens the verification link mailed to `email` (the nth one) through the API, as clicking it does. */
export async function verifyEmail(request: APIRequestContext, email: string, nth = 1) {
  const link = linkIn(await waitForMail(email, VERIFY_SUBJECT, nth), '/verificar-correo#token=');
  const token = link.slice(link.indexOf('#token=') + '#token='.length);
  const res = await request.post('/api/auth/email/verify', { data: { token } });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Registers a patient through the API (the way the registration pop-up does) and returns the
 * credentials. The address is then verified through the mailed link, as an established patient's
 * is (`verified: false` keeps it unverified).
 */
export async function registerPatient(request: APIRequestContext, over: Record<string, string> = {}, opts: { verified?: boolean } = {}) {
  const email = over.correo ?? uniqueEmail('paciente');
  const password = over.password ?? 'secreto-seguro-1';
  // An address registered before (a closed account's, freed) already has links: this one is the next.
  const earlier = over.correo ? (await mailsTo(email, VERIFY_SUBJECT)).length : 0;
  const res = await request.post('/api/auth/register', {
    multipart: {
      nombre: 'Lucía',
      apellido: 'Batista',
      cedula: '8-765-4321',
      correo: email,
      password,
      password_confirm: password,
      nacionalidad: 'Panamá',
      genero: 'femenino',
      edad: '29',
      direccion: 'Vía España, Panamá',
      country_code: '+507',
      celular: '67654321',
      acuerdo: 'true',
      ...over,
      image_cedula: { name: 'cedula.png', mimeType: 'image/png', buffer: PNG_1X1 },
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  if (opts.verified !== false) await verifyEmail(request, email, earlier + 1);
  return { email, password };
}

/** The demo administrator's own API context per server (base URL), kept for the worker's life. */
const approvers = new Map<string, { request: APIRequestContext; secret?: string }>();
const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

/**
 * The demo administrator, signed in through a request context of its own (never the test's page,
 * whose cookies it would change), on the server at `base`. Where two-step verification is
 * required it enrols once and signs in with a code afterwards.
 */
async function approverOn(base: string) {
  let a = approvers.get(base);
  if (!a) {
    a = { request: await playwrightRequest.newContext({ baseURL: base }) };
    approvers.set(base, a);
  }
  const session = (await (await a.request.get('/api/admin/session')).json()) as { loggedInAdmin: boolean; inscripcion_requerida?: true };
  if (session.loggedInAdmin && !session.inscripcion_requerida) return a.request;
  const res = await a.request.post('/api/admin/login', { data: DEMO.admin });
  if (res.status() === 202) {
    expect(a.secret, 'the demo administrator enrolled in another worker').toBeDefined();
    const code = await a.request.post('/api/admin/login/code', { data: { codigo: totpOf(a.secret!).generate() } });
    expect(code.status(), await code.text()).toBe(200);
    return a.request;
  }
  expect(res.status(), await res.text()).toBe(200);
  if (((await res.json()) as { inscripcion_requerida?: boolean }).inscripcion_requerida) {
    const { secreto } = (await (await a.request.post('/api/admin/two-factor/setup')).json()) as { secreto: string };
    const confirm = await a.request.post('/api/admin/two-factor/confirm', { data: { codigo: totpOf(secreto).generate() } });
    expect(confirm.status(), await confirm.text()).toBe(200);
    a.secret = secreto;
  }
  return a.request;
}

/** The demo administrator's API session on `base` (signed in, second factor enrolled): for set-up through admin routes. */
export const adminApi = (base: string) => approverOn(base);

/** A staff account's id as the administrators' list (/Personal_Admin) shows it. */
export async function staffIdOf(base: string, role: 'admin' | 'doctor', email: string) {
  const admin = await approverOn(base);
  const list = (await (await admin.get('/api/admin/staff')).json()) as { id: string; role: string; correo: string }[];
  const row = list.find((r) => r.role === role && r.correo === email.toLowerCase());
  expect(row, `no staff account ${role} ${email}`).toBeDefined();
  return row!.id;
}

/** The demo administrator approves a pending staff account through the admin API. */
export async function approveStaff(base: string, role: 'admin' | 'doctor', email: string) {
  const id = await staffIdOf(base, role, email);
  const approved = await (await approverOn(base)).post(`/api/admin/staff/${id}/approve`);
  expect(approved.status(), await approved.text()).toBe(200);
}

/**
 * Registers a staff account through the API with the demo security key; unless `pending`, the
 * demo administrator then approves it through the admin API (issue 18: registration alone leaves
 * the account pending). Doctors get a name of their own, by which patients' lists show them.
 */
export async function registerStaff(
  request: APIRequestContext,
  role: 'admin' | 'doctor',
  servicio = 'consulta_general',
  opts: { pending?: boolean } = {},
) {
  const email = uniqueEmail(role);
  const password = 'secreto-seguro-1';
  const nombre = role === 'admin' ? 'Elena' : 'Tomás';
  const apellido = `${role === 'admin' ? 'Rivas' : 'Morales'} ${Math.random().toString(36).slice(2, 7)}`;
  const res = await request.post(`/api/${role}/register`, {
    data: {
      clave_seguridad: DEMO.keys[role],
      nombre,
      apellido,
      correo: email,
      password,
      password_confirm: password,
      ...(role === 'doctor' ? { servicio } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const base = new URL(res.url()).origin;
  const id = await staffIdOf(base, role, email);
  if (!opts.pending) await approveStaff(base, role, email);
  return { email, password, id, nombre: `${nombre} ${apellido}` };
}

/**
 * Signs the page's browser context in through the API (cookies land in the context),
 * as the `login` fixture of docs/design.md: seeding through the API, not through the form.
 */
export async function login(page: Page, role: 'patient' | 'admin' | 'doctor', creds: { email: string; password: string }) {
  const path = role === 'patient' ? '/api/auth/login' : `/api/${role}/login`;
  const res = await page.request.post(path, { data: { email: creds.email, password: creds.password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The demo clinic's doctor of Medicina General, as patients' lists name them (by name, never by e-mail). */
export const DEMO_GENERAL_DOCTOR = 'Ana Castillo';

/**
 * A consultation of the signed-in patient (`request` carries their session) with the doctor named
 * `doctorName` (patients' doctor lists carry no e-mail), paid through the PayPal stand-in as the
 * page would: the chat is allowed at once.
 */
export async function payConsultationByPaypal(request: APIRequestContext, doctorName: string, sintomas = 'Dolor de garganta') {
  expect((await request.post('/api/consultations/consent', { data: { aceptar: 'si' } })).status()).toBe(200);
  const doctors = (await (await request.get('/api/doctors?servicio=consulta_general')).json()) as { id: string; nombre: string }[];
  const doctorId = doctors.find((d) => d.nombre === doctorName)!.id;
  const order = await request.post('/api/consultations/paypal/order', {
    data: { servicio: 'consulta_general', doctor_id: doctorId, metodo_de_pago: 'Paypal o Tarjeta', monto: 10 },
  });
  expect(order.status(), await order.text()).toBe(200);
  const { id } = (await order.json()) as { id: string };
  const approved = (await (await request.post(`/paypal-sandbox/demo/orders/${id}/approve`)).json()) as { payerID: string };
  const capture = await request.post('/api/consultations/paypal/capture', {
    data: {
      servicio: 'consulta_general',
      doctor_id: doctorId,
      sintomas,
      antecedentesFamiliares: messages.notApplicable,
      antecedentesPersonales: messages.notApplicable,
      antecedentesQuirurgicos: messages.notApplicable,
      alergias: messages.notApplicable,
      otrosDatos: messages.notApplicable,
      orderID: id,
      payerID: approved.payerID,
    },
  });
  expect(capture.status(), await capture.text()).toBe(200);
  return ((await capture.json()) as { token: string }).token;
}

export const test = base;
export { expect };

/**
 * Follows a link of the staff or site menu as a person does: on a phone the menu is behind its
 * toggle, and the staff pages used now and then are behind "Más" (decision 0045). Waits for the
 * page to be drawn first (isVisible does not wait).
 */
export async function followMenuLink(page: Page, name: string) {
  const banner = page.getByRole('banner');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  const link = banner.getByRole('link', { name, exact: true });
  const toggle = banner.getByRole('button', { name: /menú/i });
  const more = banner.getByRole('button', { name: 'Más' });
  // The menu drawn (the link itself, the phone's toggle, or "Más" that holds it) before deciding: the
  // page's heading can come before the staff menu, and a link not yet drawn was taken for one behind
  // "Más" (flaky in session 16's full run: the click then waited on a hidden link).
  await expect(link.or(toggle).or(more).filter({ visible: true }).first()).toBeVisible();
  if (!(await link.isVisible()) && (await toggle.isVisible())) {
    await toggle.click();
    await expect(link.or(more).filter({ visible: true }).first()).toBeVisible();
  }
  if (!(await link.isVisible()) && (await more.isVisible())) await more.click();
  await link.click();
}
