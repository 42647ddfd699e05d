import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, validRegistration, type TestApp } from '../../test/harness.js';
import { registerPatient } from '../modules/auth/test-support.js';
import { productionSigningFile } from '../../test/signing-fixture.js';
import { PRODUCTION_ENV } from './production-env.test-support.js';

// Security headers set once in a hook (issue 2, item 3; docs/design.md), and the health endpoints.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The CSP as directive -> sources. */
const cspOf = (res: LightMyRequestResponse) => {
  const csp = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
};

function expectSecurityHeaders(res: LightMyRequestResponse) {
  const csp = cspOf(res);
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts, 'script-src').toBeDefined();
  expect(scripts).toContain("'self'");
  expect(scripts).not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  expect(scripts).not.toContain('*');
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  // The video call (issue 25, decision 0054) may use the camera and microphone on this origin only;
  // a frame of another origin never can, and nothing may read the position.
  const policy = new Map(String(res.headers['permissions-policy']).split(',').map((d) => d.trim().split('=') as [string, string]));
  expect(policy.get('camera')).toBe('(self)');
  expect(policy.get('microphone')).toBe('(self)');
  expect(policy.get('geolocation')).toBe('()');
}

/** API answers are data: a CSP that allows nothing, nosniff, and no reading by other sites. */
function expectApiHeaders(res: LightMyRequestResponse) {
  const csp = cspOf(res);
  expect(csp.get('default-src')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
}

describe('security headers', () => {
  it('pages, /healthz and unknown pages carry the document set', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/healthz' }),
      await t.app.inject({ method: 'GET', url: '/pagina-que-no-existe' }),
    ];
    for (const res of answers) expectSecurityHeaders(res);
  });

  it('API answers, refusals and unknown API paths carry the data set', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/auth/session' }),
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }),
      await t.app.inject({ method: 'POST', url: '/api/auth/logout-all' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: {},
        headers: { origin: 'https://evil.example' },
      }),
      await t.app.inject({ method: 'GET', url: '/api/no-existe' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 400, 401, 403, 404]);
    for (const res of answers) expectApiHeaders(res);
  });

  it('sends no HSTS outside production (the demo runs on plain http://localhost)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('health', () => {
  it('/healthz answers ok', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('/readyz answers ready when the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({
      ...PRODUCTION_ENV,
      // No mail leaves the test; the signing file is a throw-away one that exists.
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAIL_WORKER: '0',
      DOCUMENT_SIGNING_P12: productionSigningFile().path,
      DOCUMENT_SIGNING_P12_PASSWORD: productionSigningFile().password,
    });
  });
  afterAll(async () => prod?.close());

  it('adds HSTS and keeps the other headers', async () => {
    const res = await prod.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains/);
    expectSecurityHeaders(res);
    const api = await prod.app.inject({ method: 'GET', url: '/api/auth/session' });
    expect(api.headers['strict-transport-security']).toMatch(/^max-age=\d{8,}; includeSubDomains/);
    expectApiHeaders(api);
  });

  it('names the session cookie __Host-… and marks it Secure', async () => {
    const reg = validRegistration();
    expect((await registerPatient(prod, reg)).statusCode).toBe(201);
    const res = await prod.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: reg.correo, password: reg.password },
      headers: { origin: 'https://clinica.example.pa' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies).toEqual([
      expect.objectContaining({
        name: '__Host-sid_patient',
        secure: true,
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
      }),
      // The device cookie of issue 18 is a __Host- cookie too.
      expect.objectContaining({ name: '__Host-device', secure: true, httpOnly: true, sameSite: 'Strict', path: '/' }),
    ]);
    expect(res.cookies[0]!.domain).toBeUndefined();
    expect(res.cookies[1]!.domain).toBeUndefined();
  });

  it('accepts only PUBLIC_ORIGIN as the Origin of a POST', async () => {
    const res = await prod.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://otra.example.pa', host: 'otra.example.pa' },
    });
    expect(res.statusCode).toBe(403);
  });
});
