import fs from 'node:fs';
import { sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { PNG_1X1, createTestApp, multipart, validRegistration, type TestApp } from '../harness.js';
import { consultation, PDF_BYTES } from '../../src/modules/records/records.test-support.js';
import { freshIp, inCatalogue, member, type Member, fingerprint, sqlRows } from './support.js';

/**
 * Hostile input: every JSON and multipart endpoint of the route table fuzzed with fast-check
 * (wrong types, huge strings, unicode, prototype keys, fields the client may not set, SQL).
 * Never a 5xx; a refusal is a 4xx with a catalogue message and writes nothing; Object.prototype
 * stays untouched.
 */
const matrix = JSON.parse(fs.readFileSync(new URL('./role-matrix.json', import.meta.url), 'utf8')) as Record<
  string,
  string[]
>;

let t: TestApp;
let patient: Member;
let doctor: Member;
let admin: Member;
let consultationToken: string;

// Routes whose body is a multipart form (the rest of the POST/PUT routes read JSON).
const MULTIPART = new Set([
  'POST /api/auth/register',
  'POST /api/appointments/receipt',
  'POST /api/consultations/receipt',
  'POST /api/chat/images',
  'POST /api/chat/extra-hour/receipt',
  'POST /api/consultations/:token/exam-files',
  'POST /api/doctor/consultations/:token/exam-files',
  'PUT /api/doctor/documents/profile',
  'POST /api/documents/verify/:codigo',
  'POST /api/gallery',
  'POST /api/admin/news',
  'PUT /api/admin/news/:id',
  'POST /api/admin/blog',
  'PUT /api/admin/blog/:id',
  'POST /api/admin/sponsors',
  'PUT /api/admin/sponsors/:id',
  'POST /api/admin/receipts/update',
]);

// Calls that read no body and succeed anyway (sign-outs, starting the authenticator's enrolment,
// a passkey ceremony's options). email/resend takes no body (the throttle refuses it in these runs:
// the patient registered a moment ago).
const BODY_FREE = /\/(logout|two-factor\/setup|email\/resend|passkeys?\/options)$/;
const rows = <T>(q: SQL) => sqlRows<T>(t, q);

const PROTO_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();
const expectPrototypeClean = () => {
  expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTO_KEYS);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).role).toBeUndefined();
};

// --- generators -------------------------------------------------------------------------------

export const SQLI = [
  "' OR '1'='1",
  "'; DROP TABLE patients; --",
  '1; SELECT pg_sleep(5)',
  "\\' UNION SELECT password_hash FROM staff --",
  '%',
  '_',
  '%%%%',
  "María' --",
  '$1',
  'nombre DESC; DELETE FROM consultations',
];
const HTML = [
  '<img src=x onerror=alert(1)>',
  '<script>alert(1)</script>',
  '"><svg onload=alert(1)>',
  'javascript:alert(1)',
];
const FORBIDDEN = [
  'role',
  'rol',
  'monto',
  'amount',
  'precio',
  'revisado',
  'accountId',
  'account_id',
  'patient_id',
  'doctor_id',
  'id',
  'estado',
  'aprobado',
  'isAdmin',
];
const FIELDS = [
  'email',
  'password',
  'password_confirm',
  'nombre',
  'apellido',
  'correo',
  'input',
  'servicio',
  'aceptar',
  'orderID',
  'payerID',
  'motivo',
  'fecha',
  'hora',
  'codigo',
  'sugerencia',
  'mensaje',
  'consulta_id',
  'analisis',
  'plan',
  'token',
  'clave_seguridad',
  'metodo_de_pago',
  'titulo',
  'contenido',
  'id_doctor',
  'sintomas',
  'fechas',
  'razon',
];

const hostileString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    ...SQLI,
    ...HTML,
    '',
    ' ',
    '\u0000',
    '\uFEFF',
    'ñáéíóú',
    '𝕏🙂',
    'null',
    'undefined',
    'true',
    '-1',
    '1e309',
    'NaN',
  ),
  fc.nat({ max: 5 }).map((n) => 'A'.repeat([300, 5_000, 70_000, 200_000, 1_100_000, 10][n]!)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 3 }),
  fc.constant({ __proto__x: 1 }),
  fc.constant({ polluted: 'yes', role: 'admin' }),
);
const key = fc.oneof(
  fc.constantFrom(...FIELDS),
  fc.constantFrom(...FORBIDDEN),
  fc.constantFrom('__proto__', 'constructor', 'prototype'),
  fc.string({ maxLength: 8 }),
);

/** A JSON text (built by hand so that `__proto__` stays an own key of the sent object). */
const jsonBody = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.array(fc.tuple(key, hostileValue), { maxLength: 8 }).map((entries) => {
      const inner = entries.map(
        ([k, v]) =>
          `${JSON.stringify(k)}:${k === '__proto__' || k === 'constructor' ? '{"polluted":"yes","role":"admin","prototype":{"polluted":"yes"}}' : JSON.stringify(v)}`,
      );
      return `{${inner.join(',')}}`;
    }),
  },
  fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '',
    '{',
    '[]',
    'null',
    '"texto"',
    '{"a":',
    '{"__proto__":{"polluted":"yes"}}',
    '{"constructor":{"prototype":{"polluted":"yes"}}}',
  ),
);

const fileArb = fc.record({
  field: fc.constantFrom(
    'image_cedula',
    'comprobante_tranferencia',
    'archivo',
    'archivo_examenes',
    'firma',
    'imagen',
    'image',
    'file',
    'foto',
  ),
  filename: fc.constantFrom(
    'a.png',
    '../../../etc/passwd',
    '..\\..\\boot.ini',
    'x.php.png',
    'recibo.pdf',
    '%00.png',
    '<img src=x onerror=alert(1)>.png',
    'ñ.png',
    '',
  ),
  bytes: fc.oneof(
    fc.constant(PNG_1X1),
    fc.constant(PDF_BYTES),
    fc.constant(Buffer.concat([PNG_1X1, Buffer.from('<?php system($_GET["c"]); ?><script>alert(1)</script>')])),
    fc.constant(Buffer.from('<html><script>alert(1)</script></html>')),
    fc.constant(Buffer.from('GIF89a<script>alert(1)</script>')),
    fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
  ),
  type: fc.constantFrom('image/png', 'application/pdf', 'text/html', 'image/svg+xml', 'application/octet-stream'),
});
const multipartBody = fc.record({
  fields: fc.array(fc.tuple(key, hostileString), { maxLength: 8 }),
  files: fc.array(fileArb, { maxLength: 2 }),
});

// --- calling ------------------------------------------------------------------------------------

const PARAMS = (): Record<string, string> => ({
  token: consultationToken,
  id: '00000000-0000-4000-8000-000000000000',
  fileId: '00000000-0000-4000-8000-000000000000',
  kind: 'comprobante',
  tipo: 'recetario',
  fecha: '2026-12-01',
  codigo: 'ABCDEF123456',
  file: 'nada.webp',
});
const fill = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => PARAMS()[name] ?? 'x');

/** Who calls a route in the fuzz: somebody it lets in (logouts and sign-ins go without a session). */
function callerOf(key: string, url: string): Member | undefined {
  const allowed = matrix[key] ?? [];
  if (allowed.includes('anonymous') || /logout|login/.test(url)) return undefined;
  if (allowed.includes('admin')) return admin;
  if (allowed.includes('doctor')) return doctor;
  return patient;
}

const writeRoutes = () =>
  t.app.routeTable
    // The stand-ins of PayPal, Yappy and WhatsApp answer in their providers' own error shapes, not the catalogue's.
    .filter((r) => ['POST', 'PUT', 'DELETE'].includes(r.method) && !r.url.startsWith('/paypal-sandbox') && !r.url.startsWith('/yappy-sandbox') && !r.url.startsWith('/whatsapp-sandbox'))
    .map((r) => ({ key: `${r.method} ${r.url}`, method: r.method, url: r.url }));

/** The rules every answer to hostile input keeps; returns whether the request was refused. */
function check(res: LightMyRequestResponse, context: string, failures: string[]) {
  if (res.statusCode >= 500) {
    failures.push(`5xx ${context}: ${res.body.slice(0, 200)}`);
    return true;
  }
  if (res.statusCode >= 400) {
    let body: { success?: unknown; message?: unknown; errors?: Record<string, unknown> } = {};
    try {
      body = res.json();
    } catch {
      failures.push(`not JSON ${context}: ${res.body.slice(0, 200)}`);
      return true;
    }
    if (body.success !== false || !inCatalogue(body.message))
      failures.push(`message ${context}: ${res.body.slice(0, 300)}`);
    for (const [field, m] of Object.entries(body.errors ?? {})) {
      if (!inCatalogue(m)) failures.push(`field message ${context} ${field}: ${String(m).slice(0, 200)}`);
    }
    return true;
  }
  return false;
}

beforeAll(async () => {
  t = await createTestApp({ MAIL_WORKER: '0' });
  patient = await member(t, 'patient');
  doctor = await member(t, 'doctor');
  admin = await member(t, 'admin');
  consultationToken = (await consultation(t, patient, doctor.id)).token;
  const s = await t.app.inject({
    method: 'POST',
    url: '/api/suggestions',
    headers: { cookie: patient.jar.header },
    payload: { sugerencia: 'Más horarios los sábados' },
  });
  expect(s.statusCode, s.body).toBe(200);
}, 120_000);
afterAll(async () => t.close());

describe('hostile input', () => {
  it('JSON endpoints: never a 5xx, refusals in Spanish from the catalogue, nothing written on refusal', async () => {
    const routes = writeRoutes().filter((r) => !MULTIPART.has(r.key));
    expect(routes.length).toBeGreaterThan(30);
    const failures: string[] = [];
    let compared = 0;
    await fc.assert(
      fc.asyncProperty(jsonBody, async (body) => {
        const before = await fingerprint(t);
        let allRefused = true;
        for (const r of routes) {
          const who = callerOf(r.key, r.url);
          const res = await t.app.inject({
            method: r.method as 'POST',
            url: fill(r.url),
            headers: { 'content-type': 'application/json', ...(who ? { cookie: who.jar.header } : {}) },
            payload: body,
            remoteAddress: freshIp(),
          });
          if (!check(res, `${r.key} ${body.slice(0, 120)}`, failures) && !BODY_FREE.test(r.url)) allRefused = false;
        }
        expectPrototypeClean();
        if (allRefused) {
          compared += 1;
          expect(await fingerprint(t)).toEqual(before);
        }
        expect(failures).toEqual([]);
      }),
      { numRuns: 20, endOnFailure: true },
    );
    // Most runs are refused everywhere, so "nothing written" was checked in them.
    expect(compared).toBeGreaterThan(10);
  }, 300_000);

  it('multipart endpoints: never a 5xx, refusals from the catalogue, nothing written on refusal', async () => {
    const routes = writeRoutes().filter((r) => MULTIPART.has(r.key));
    expect(routes.map((r) => r.key).sort()).toEqual([...MULTIPART].sort());
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(multipartBody, async ({ fields, files }) => {
        const before = await fingerprint(t);
        let allRefused = true;
        for (const r of routes) {
          const who = callerOf(r.key, r.url);
          const form = multipart(Object.fromEntries(fields.filter(([k]) => k !== '__proto__')), files);
          const res = await t.app.inject({
            method: r.method as 'POST',
            url: fill(r.url),
            headers: { ...form.headers, ...(who ? { cookie: who.jar.header } : {}) },
            payload: form.payload,
            remoteAddress: freshIp(),
          });
          if (
            !check(
              res,
              `${r.key} ${JSON.stringify(fields).slice(0, 120)} ${files.map((f) => f.field + ':' + f.filename).join(',')}`,
              failures,
            )
          ) {
            allRefused = false;
          }
        }
        expectPrototypeClean();
        if (allRefused) expect(await fingerprint(t)).toEqual(before);
        expect(failures).toEqual([]);
      }),
      { numRuns: 15, endOnFailure: true },
    );
  }, 300_000);
});

// Control characters, lone surrogates and NFC/NFD pairs (issue 19).
const CONTROL_TEXT = [
  '\u0000',
  'a\u0000b',
  '\u0001',
  '\u001b[2J',
  '\u007f',
  '\u0085',
  '\u009f',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  'José\u0000',
];

/** Percent-encoding that also sends a lone surrogate, as its three (WTF-8) bytes, like a hand-made request. */
const enc = (v: string) =>
  [...v]
    .map((c) => {
      const code = c.charCodeAt(0);
      if (code < 0xd800 || code > 0xdfff || c.length === 2) return encodeURIComponent(c);
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    })
    .join('');

describe('control characters, lone surrogates and NFC/NFD on every endpoint (issue 19)', () => {
  it('every route, every field, every way in (JSON, form, query, path): never a 5xx; a refusal from the catalogue; nothing written', async () => {
    const routes = t.app.routeTable.filter(
      (r) =>
        r.url.startsWith('/api/') && r.url !== '/api/chat/ws' && ['GET', 'POST', 'PUT', 'DELETE'].includes(r.method),
    );
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    const before = await fingerprint(t);
    for (const value of CONTROL_TEXT) {
      const body = Object.fromEntries(FIELDS.map((f) => [f, value]));
      const query = FIELDS.map((f) => `${f}=${enc(value)}`).join('&');
      for (const r of routes) {
        const key = `${r.method} ${r.url}`;
        const who = callerOf(key, r.url);
        const headers = who ? { cookie: who.jar.header } : {};
        const url = r.url.replace(/:(\w+)/g, () => enc(value));
        const calls =
          r.method === 'GET'
            ? [{ url: `${fill(r.url)}?${query}` }, { url }]
            : MULTIPART.has(key)
              ? [
                  {
                    url: fill(r.url),
                    form: multipart(Object.fromEntries(FIELDS.map((f) => [f, value])), [
                      { field: 'image_cedula', filename: `a${value}.png`, bytes: PNG_1X1, type: 'image/png' },
                    ]),
                  },
                ]
              : [
                  { url: fill(r.url), json: body },
                  { url: `${fill(r.url)}?${query}`, json: body },
                  { url, json: body },
                ];
        for (const c of calls) {
          const res = await t.app.inject({
            method: r.method as 'POST',
            url: c.url,
            headers: { ...headers, ...('form' in c && c.form ? c.form.headers : {}) },
            ...('form' in c && c.form ? { payload: c.form.payload } : 'json' in c ? { payload: c.json } : {}),
            remoteAddress: freshIp(),
          });
          const refused = check(res, `${key} ${c.url.slice(0, 80)} ${JSON.stringify(value)}`, failures);
          // A body full of control characters is never accepted by a route that reads one.
          if (
            !refused &&
            r.method !== 'GET' &&
            !BODY_FREE.test(r.url) &&
            !/logout|two-factor\/setup|extra-hour\/decline|chat\/exit/.test(r.url)
          ) {
            failures.push(`accepted ${key} ${JSON.stringify(value)}: ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expectPrototypeClean();
    expect(await fingerprint(t)).toEqual(before);
  }, 600_000);

  it('a text with a control character is refused with the catalogue message; an NFD name is stored NFC, one with its NFC twin', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/suggestions',
      headers: { cookie: patient.jar.header },
      payload: { sugerencia: 'Más horarios\u0007' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toBe(messages.textInvalid);
    const lineBreaks = await t.app.inject({
      method: 'POST',
      url: '/api/suggestions',
      headers: { cookie: patient.jar.header },
      payload: { sugerencia: 'Primera línea\nsegunda\tcon tabulador' },
    });
    expect(lineBreaks.statusCode, lineBreaks.body).toBe(200);
    // Registration with an NFD name and cédula letters: stored in NFC, so the NFC search finds it.
    const nfd = 'Jose\u0301 Pe\u0301rez';
    const reg = validRegistration({ nombre: nfd, correo: `nfd.${Math.random().toString(36).slice(2)}@example.com` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      ...multipart(reg, [{ field: 'image_cedula', filename: 'cedula.png', bytes: PNG_1X1, type: 'image/png' }]),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await rows<{ nombre: string }>(sql`select nombre from patients where correo = ${reg.correo}`);
    expect(row!.nombre).toBe('José Pérez');
    expect(row!.nombre).toBe(row!.nombre.normalize('NFC'));
    const found = await t.app.inject({
      method: 'GET',
      url: `/api/admin/patients?nombre=${encodeURIComponent('José Pérez')}`,
      headers: { cookie: admin.jar.header },
    });
    expect(JSON.stringify(found.json())).toContain(reg.correo);
    const foundNfd = await t.app.inject({
      method: 'GET',
      url: `/api/admin/patients?nombre=${encodeURIComponent(nfd)}`,
      headers: { cookie: admin.jar.header },
    });
    expect(JSON.stringify(foundNfd.json())).toContain(reg.correo);
  }, 120_000);
});

const UUID = '11111111-1111-4111-8111-111111111111';
const extraFields = fc.subarray(
  [
    ['role', 'admin'],
    ['rol', 'admin'],
    ['monto', '0.01'],
    ['amount', '0.01'],
    ['precio', '0'],
    ['revisado', '1'],
    ['estado', 'aprobado'],
    ['accountId', UUID],
    ['patient_id', UUID],
    ['id', UUID],
  ] as [string, string][],
  { minLength: 1 },
);

describe('fields the client may not set', () => {
  it('a valid registration, suggestion or staff sign-up with extra fields sets none of them', async () => {
    await fc.assert(
      fc.asyncProperty(extraFields, async (extra) => {
        const extras = Object.fromEntries(extra);
        const staffBefore = await rows<{ n: number }>(sql`select count(*)::int as n from staff`);
        // Registration (multipart): refused, or registered as a plain patient with a server-chosen id.
        const reg = validRegistration({
          ...extras,
          correo: `extra.${Math.random().toString(36).slice(2)}@example.com`,
        });
        const form = multipart(reg, [
          { field: 'image_cedula', filename: 'cedula.png', bytes: PNG_1X1, type: 'image/png' },
        ]);
        const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...form });
        const [p] = await rows<{ id: string }>(sql`select id from patients where correo = ${reg.correo}`);
        if (res.statusCode === 201) {
          expect(p?.id).not.toBe(UUID);
        } else {
          expect(res.statusCode, res.body).toBe(400);
          expect(inCatalogue(res.json<{ message: string }>().message)).toBe(true);
          expect(p).toBeUndefined();
        }
        // A suggestion names its sender from the session, never from the body.
        const sug = await t.app.inject({
          method: 'POST',
          url: '/api/suggestions',
          headers: { cookie: patient.jar.header },
          payload: { sugerencia: 'Sugerencia con campos extra', ...extras },
        });
        expect(sug.statusCode, sug.body).toBe(400);
        // A doctor signing up cannot make themselves an administrator.
        const doc = await t.app.inject({
          method: 'POST',
          url: '/api/doctor/register',
          payload: {
            clave_seguridad: 'demo-clave-doctor',
            nombre: 'Tomás',
            apellido: 'Morales',
            correo: `doc.${Math.random().toString(36).slice(2)}@example.com`,
            password: 'clave-segura-123',
            password_confirm: 'clave-segura-123',
            servicio: 'consulta_general',
            ...extras,
          },
        });
        expect(doc.statusCode, doc.body).toBe(400);
        expect(await rows<{ n: number }>(sql`select count(*)::int as n from staff`)).toEqual(staffBefore);
        expect(
          (await rows<{ n: number }>(sql`select count(*)::int as n from suggestions where patient_id = ${UUID}`))[0]!.n,
        ).toBe(0);
        expectPrototypeClean();
      }),
      { numRuns: 10, endOnFailure: true },
    );
  }, 120_000);

  it('a consultation receipt cannot choose its amount, approval or owner', async () => {
    await fc.assert(
      fc.asyncProperty(
        extraFields,
        fc.constantFrom('0.01', '0', '-10', '1e9', '10.001', 'diez'),
        async (extra, monto) => {
          const before = await rows<{ n: number }>(sql`select count(*)::int as n from payments`);
          const body = multipart(
            {
              servicio: 'consulta_general',
              doctor_id: doctor.id,
              metodo_de_pago: 'Transferencia',
              sintomas: 'Tos',
              antecedentesFamiliares: 'No hay información',
              antecedentesPersonales: 'No hay información',
              antecedentesQuirurgicos: 'No hay información',
              alergias: 'No hay información',
              otrosDatos: 'No hay información',
              ...Object.fromEntries(extra),
              monto,
            },
            [{ field: 'comprobante_tranferencia', filename: 'recibo.png', bytes: PNG_1X1, type: 'image/png' }],
          );
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/consultations/receipt',
            headers: { ...body.headers, cookie: patient.jar.header },
            payload: body.payload,
          });
          expect(res.statusCode, res.body).toBeLessThan(500);
          if (res.statusCode === 200) {
            const [pay] = await rows<{ monto_cents: number; revisado: boolean; estado: string; patient_id: string }>(
              sql`select monto_cents, revisado, estado, patient_id from payments order by created_at desc limit 1`,
            );
            expect(pay).toMatchObject({
              monto_cents: 1000,
              revisado: false,
              estado: 'pendiente',
              patient_id: patient.id,
            });
          } else {
            expect(inCatalogue(res.json<{ message: string }>().message)).toBe(true);
            expect(await rows<{ n: number }>(sql`select count(*)::int as n from payments`)).toEqual(before);
          }
        },
      ),
      { numRuns: 10, endOnFailure: true },
    );
  }, 120_000);
});

describe('SQL in search, filter and paging parameters', () => {
  it('is matched as text: sane answers, no error, no extra rows, tables intact', async () => {
    const searches: {
      who: () => Member;
      method: 'GET' | 'POST';
      url: (q: string) => string;
      body?: (q: string) => object;
    }[] = [
      { who: () => admin, method: 'POST', url: () => '/api/admin/receipts/search', body: (q) => ({ input: q }) },
      { who: () => admin, method: 'POST', url: () => '/api/admin/consultations/search', body: (q) => ({ input: q }) },
      { who: () => admin, method: 'POST', url: () => '/api/admin/appointments/search', body: (q) => ({ input: q }) },
      { who: () => doctor, method: 'POST', url: () => '/api/doctor/appointments/search', body: (q) => ({ input: q }) },
      { who: () => admin, method: 'GET', url: (q) => `/api/admin/patients?nombre=${encodeURIComponent(q)}` },
      { who: () => admin, method: 'GET', url: (q) => `/api/admin/suggestions?nombre=${encodeURIComponent(q)}` },
      { who: () => doctor, method: 'GET', url: (q) => `/api/doctor/consultations?nombre=${encodeURIComponent(q)}` },
      {
        who: () => admin,
        method: 'GET',
        url: (q) => `/api/admin/patients?cursor=${encodeURIComponent(q)}&limit=${encodeURIComponent(q)}`,
      },
      {
        who: () => admin,
        method: 'GET',
        url: (q) => `/api/admin/appointments?cursor=${encodeURIComponent(q)}&limit=${encodeURIComponent(q)}`,
      },
      { who: () => patient, method: 'GET', url: (q) => `/api/appointments?cursor=${encodeURIComponent(q)}` },
      { who: () => admin, method: 'GET', url: (q) => `/api/admin/receipts?cursor=${encodeURIComponent(q)}&limit=${encodeURIComponent(q)}` },
      { who: () => admin, method: 'GET', url: (q) => `/api/admin/consultations?cursor=${encodeURIComponent(q)}&limit=${encodeURIComponent(q)}` },
      {
        who: () => admin,
        method: 'GET',
        url: (q) => `/api/admin/audit?cursor=${encodeURIComponent(q)}&patient_id=${encodeURIComponent(q)}`,
      },
      { who: () => admin, method: 'GET', url: (q) => `/api/doctors?servicio=${encodeURIComponent(q)}` },
      {
        who: () => patient,
        method: 'GET',
        url: (q) => `/api/appointments/hours?id=${encodeURIComponent(q)}&fecha=${encodeURIComponent(q)}`,
      },
    ];
    const counts = async () =>
      rows<{ p: number; s: number; c: number }>(
        sql`select (select count(*)::int from patients) as p, (select count(*)::int from staff) as s, (select count(*)::int from consultations) as c`,
      );
    const start = await counts();
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(...SQLI),
          fc.string({ maxLength: 30 }).map((x) => `${x}' OR 1=1 --`),
        ),
        async (q) => {
          for (const s of searches) {
            const res = await t.app.inject({
              method: s.method,
              url: s.url(q),
              headers: { cookie: s.who().jar.header },
              ...(s.body ? { payload: s.body(q) as Record<string, unknown> } : {}),
            });
            const context = `${s.method} ${s.url(q)}: ${res.body.slice(0, 200)}`;
            expect(res.statusCode, context).toBeLessThan(500);
            if (res.statusCode >= 400) {
              expect(inCatalogue(res.json<{ message: string }>().message), context).toBe(true);
              continue;
            }
            // No patient, doctor or record is named like SQL: a search for it finds nothing.
            const body = res.json<unknown>();
            const list = Array.isArray(body)
              ? body
              : ((body as { rows?: unknown[]; items?: unknown[] }).rows ?? (body as { items?: unknown[] }).items);
            if (Array.isArray(list) && !s.url(q).includes('cursor')) expect(list, context).toEqual([]);
          }
        },
      ),
      { numRuns: 15, endOnFailure: true },
    );
    expect(await counts()).toEqual(start);
    // The same searches find what is there: the empty answers above are not an empty clinic.
    for (const s of searches.slice(0, 7)) {
      const res = await t.app.inject({
        method: s.method,
        url: s.url('María'),
        headers: { cookie: s.who().jar.header },
        ...(s.body ? { payload: s.body('María') as Record<string, unknown> } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<unknown>();
      const list = Array.isArray(body) ? body : (body as { items: unknown[] }).items;
      if (!s.url('María').includes('appointments'))
        expect(list.length, `${s.method} ${s.url('María')}`).toBeGreaterThan(0);
    }
  }, 120_000);
});
