// The production build on the real server, for the measurements that load pages as a phone does
// (scripts/check-budget.mjs, scripts/lighthouse.mjs): a fresh data directory with the demo clinic,
// the demo accounts signed in through the API, and the demo patient given a paid consultation so
// the signed-in pages are measured with data, not empty.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startTlsFront } from './tls-front.mjs';

export const root = path.resolve(import.meta.dirname, '..');

/** The demo clinic's accounts (apps/server/src/seed.ts). */
export const DEMO_ACCOUNTS = {
  patient: { email: 'paciente@clinica.demo', password: 'Paciente-demo-2026', login: '/api/auth/login' },
  admin: { email: 'admin@clinica.demo', password: 'Admin-demo-2026', login: '/api/admin/login' },
  doctor: { email: 'general@clinica.demo', password: 'Doctor-demo-2026', login: '/api/doctor/login' },
};

/**
 * Starts apps/server/src/server.ts on `port` serving `distDir` (default apps/web/dist); resolves with
 * the child process and its origin once it answers. `publicOrigin`: the origin pages are loaded from
 * when it is not the server's own (the TLS front).
 */
export async function startProductServer({ port, name, distDir = process.env.WEB_DIST_DIR_UNDER_TEST ?? path.join(root, 'apps/web/dist'), publicOrigin }) {
  if (!fs.existsSync(path.join(distDir, 'index.html'))) throw new Error(`no web build in ${distDir}: run npm run build`);
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = path.join(root, '.tmp', `${name}-data-${port}`);
  fs.rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: distDir,
      LOG_LEVEL: 'warn',
      LOGIN_MAX_ATTEMPTS: '1000',
      // The demo patient's consultation is paid whatever the hour of the run (test-only; production refuses it).
      TEST_ONLY_IGNORE_CONSULTATION_HOURS: '1',
      // Behind the TLS front (scripts/tls-front.mjs) the pages' origin is the front's, as
      // PUBLIC_ORIGIN is in production: the same-origin check compares with it.
      ...(publicOrigin ? { PUBLIC_ORIGIN: publicOrigin, TRUST_PROXY: '127.0.0.1' } : {}),
    },
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${origin}/api/site/config`)).ok) return { child, origin, distDir };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start within 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Signs a demo account in through the API; returns its cookies as one Cookie header. */
export async function signIn(origin, role) {
  const account = DEMO_ACCOUNTS[role];
  const res = await fetch(`${origin}${account.login}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  if (!res.ok) throw new Error(`demo ${role} login failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** The cookies of a Cookie header as Playwright's context.addCookies wants them. */
export const cookiesFor = (origin, header) =>
  header
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: origin };
    });

/**
 * Gives the demo patient data the signed-in pages show: a virtual consultation paid through the
 * PayPal stand-in (its receipt, its chat, the doctor's list), as e2e/fixtures.ts's
 * payConsultationByPaypal does. Returns the consultation's token. `pageOrigin`: the origin the
 * calls say they come from (the server's PUBLIC_ORIGIN when it has one).
 */
export async function seedPatientData(origin, patientCookie, pageOrigin = origin) {
  const call = async (method, url, body) => {
    const res = await fetch(`${origin}${url}`, {
      method,
      headers: { cookie: patientCookie, origin: pageOrigin, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await call('POST', '/api/consultations/consent', { aceptar: 'si' });
  const doctors = await call('GET', '/api/doctors?servicio=consulta_general');
  const doctorId = doctors.find((d) => d.nombre === 'Ana Castillo').id;
  const order = await call('POST', '/api/consultations/paypal/order', {
    servicio: 'consulta_general',
    doctor_id: doctorId,
    metodo_de_pago: 'Paypal o Tarjeta',
    monto: 10,
  });
  const approved = await call('POST', `/paypal-sandbox/demo/orders/${order.id}/approve`);
  const na = 'No hay información';
  const capture = await call('POST', '/api/consultations/paypal/capture', {
    servicio: 'consulta_general',
    doctor_id: doctorId,
    sintomas: 'Dolor de garganta y fiebre desde hace dos días',
    antecedentesFamiliares: na,
    antecedentesPersonales: na,
    antecedentesQuirurgicos: na,
    alergias: na,
    otrosDatos: na,
    orderID: order.id,
    payerID: approved.payerID,
  });
  return capture.token;
}

/**
 * The product as a phone reaches it, for the phone-load measurements: the server on `port` and, with
 * `front: 'tls'` (the default), the clinic's nginx site (TLS, HTTP/2; scripts/tls-front.mjs) on
 * port + 1 in front of it, as in production. `origin` is the server's own (sign-in and seeding go
 * there), `pageOrigin` the one pages are loaded from. `front: 'direct'` loads pages from the server
 * itself over HTTP/1.1, as these measurements did before session 12 (decision 0046).
 */
export async function startPhoneProduct({ port, name, distDir, front = 'tls' }) {
  if (!['tls', 'direct'].includes(front)) throw new Error(`front: tls or direct, not ${front}`);
  const throughFront = front === 'tls';
  const frontPort = port + 1;
  const server = await startProductServer({ port, name, distDir, publicOrigin: throughFront ? `https://127.0.0.1:${frontPort}` : undefined });
  let tls;
  try {
    tls = throughFront ? await startTlsFront({ port: frontPort, appPort: port, name }) : undefined;
  } catch (err) {
    server.child.kill('SIGTERM');
    throw err;
  }
  return {
    server,
    origin: server.origin,
    distDir: server.distDir,
    pageOrigin: tls?.origin ?? server.origin,
    front,
    /** How the pages were served, for the printed tables. */
    servedBy: throughFront ? 'through the nginx front (TLS, HTTP/2)' : 'from the Node server directly (HTTP/1.1)',
    async stop() {
      await tls?.stop();
      server.child.kill('SIGTERM');
    },
  };
}
