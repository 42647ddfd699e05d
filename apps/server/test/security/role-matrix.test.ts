import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness.js';
import { IDENTITIES, expectBareRefusal, freshIp, member, roleOf, type Identity, type Member } from './support.js';

/**
 * The role matrix: every route of the real app's route table, called as anonymous, a patient,
 * another patient, a doctor, another doctor and an administrator, against role-matrix.json
 * (route -> who may call it; 'anonymous' means everybody).
 */
const matrix = JSON.parse(fs.readFileSync(new URL('./role-matrix.json', import.meta.url), 'utf8')) as Record<string, string[]>;

// Values that pass the params' shape checks, so an allowed caller reaches the handler.
const PARAMS: Record<string, string> = {
  token: 'AAAAAAAAAAAAAAAAAAAAAAAA',
  id: '00000000-0000-4000-8000-000000000000',
  fileId: '00000000-0000-4000-8000-000000000000',
  kind: 'comprobante',
  tipo: 'receta',
  fecha: '2026-12-01',
  codigo: 'ABCDEF123456',
  file: 'nada.webp',
};
const fill = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => PARAMS[name] ?? 'x');

let t: TestApp;
const people = {} as Record<Exclude<Identity, 'anonymous'>, Member>;

beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: '0' });
  people.patient = await member(t, 'patient');
  people.patient2 = await member(t, 'patient');
  people.doctor = await member(t, 'doctor');
  people.doctor2 = await member(t, 'doctor');
  people.admin = await member(t, 'admin');
});
afterAll(async () => t.close());

const routes = () => t.app.routeTable.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);

describe('role matrix', () => {
  it('lists every route of the app, and only routes of the app', () => {
    const live = routes();
    expect(live.length).toBeGreaterThan(100);
    expect(live.filter((k) => !(k in matrix)), 'routes missing from role-matrix.json').toEqual([]);
    expect(Object.keys(matrix).filter((k) => !live.includes(k)), 'matrix entries with no route').toEqual([]);
  });

  it('declares in the app the same access as the matrix', () => {
    for (const r of t.app.routeTable) {
      if (r.method === 'HEAD' || !r.url.startsWith('/api')) continue;
      expect([...(r.access ?? [])].sort(), `${r.method} ${r.url}`).toEqual([...(matrix[`${r.method} ${r.url}`] ?? [])].sort());
    }
  });

  it('lets each identity call exactly the routes the matrix allows; refusals carry no data', async () => {
    const outcomes: string[] = [];
    const failures: string[] = [];
    for (const key of routes().filter((k) => k in matrix)) {
      const [method, url] = key.split(' ') as [string, string];
      const allowedRoles = matrix[key] ?? [];
      // Logout and sign-in calls end or replace sessions: those identities sign in again afterwards.
      const endsSessions = /logout|login-all/.test(url);
      for (const who of IDENTITIES) {
        const person = who === 'anonymous' ? undefined : people[who];
        const res = await t.app.inject({
          method: method as 'GET',
          url: fill(url),
          headers: person ? { cookie: person.jar.header } : {},
          remoteAddress: freshIp(),
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        const context = `${key} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        const allowed = allowedRoles.includes('anonymous') || allowedRoles.includes(roleOf(who));
        if (res.statusCode >= 500) failures.push(`5xx: ${context}`);
        // The PayPal and WhatsApp stand-ins (demo only) speak their providers' protocols, with their own credentials.
        else if (url.startsWith('/paypal-sandbox/') || url.startsWith('/whatsapp-sandbox/')) void 0;
        else if (!allowed && res.statusCode !== 401) failures.push(`not refused: ${context}`);
        // An allowed caller is never turned away by the role gate (401); a 403 of the route's own
        // rule (the chat without a paid consultation) is not an authorisation refusal.
        else if (allowed && res.statusCode === 401) failures.push(`refused: ${context}`);
        if ([401, 403, 404].includes(res.statusCode) && url.startsWith('/api')) {
          try {
            expectBareRefusal(res, context);
          } catch (err) {
            failures.push(`refusal with data: ${(err as Error).message.slice(0, 300)}`);
          }
        }
        outcomes.push(`${key} ${who} ${res.statusCode}`);
        if (endsSessions && person) await person.relogin();
      }
    }
    expect(failures).toEqual([]);
    expect(outcomes.length).toBe(routes().filter((k) => k in matrix).length * IDENTITIES.length);
  }, 240_000);
});
