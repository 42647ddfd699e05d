import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import { messages } from '@clinica/shared';
import { PNG_1X1 } from '../apps/server/test/png';
import { linkIn, waitForMail } from './mailbox';

/** The demo clinic seeded by the server (apps/server/src/db/seed.ts). */
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
  if (opts.verified !== false) await verifyEmail(request, email);
  return { email, password };
}

/** Registers a staff account through the API with the demo security key. */
export async function registerStaff(request: APIRequestContext, role: 'admin' | 'doctor', servicio = 'consulta_general') {
  const email = uniqueEmail(role);
  const password = 'secreto-seguro-1';
  const res = await request.post(`/api/${role}/register`, {
    data: {
      clave_seguridad: DEMO.keys[role],
      nombre: role === 'admin' ? 'Elena' : 'Tomás',
      apellido: role === 'admin' ? 'Rivas' : 'Morales',
      correo: email,
      password,
      password_confirm: password,
      ...(role === 'doctor' ? { servicio } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password };
}

/**
 * Signs the page's browser context in through the API (cookies land in the context),
 * as the `login` fixture of DESIGN.md: seeding through the API, not through the form.
 */
export async function login(page: Page, role: 'patient' | 'admin' | 'doctor', creds: { email: string; password: string }) {
  const path = role === 'patient' ? '/api/auth/login' : `/api/${role}/login`;
  const res = await page.request.post(path, { data: creds });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A consultation of the signed-in patient (`request` carries their session) with the doctor of
 * `doctorEmail`, paid through the PayPal stand-in as the page would: the chat is allowed at once.
 */
export async function payConsultationByPaypal(request: APIRequestContext, doctorEmail: string, sintomas = 'Dolor de garganta') {
  expect((await request.post('/api/consultations/consent', { data: { aceptar: 'si' } })).status()).toBe(200);
  const doctors = (await (await request.get('/api/doctors?servicio=consulta_general')).json()) as { id: string; correo: string }[];
  const doctorId = doctors.find((d) => d.correo === doctorEmail)!.id;
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
}

export const test = base;
export { expect };
