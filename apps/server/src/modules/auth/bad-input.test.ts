import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { PNG_1X1, createTestApp, multipart, validRegistration, type TestApp } from '../../../test/harness.js';
import { expectRefusal, expectRefusedWritingNothing, freshIp, registerPatient, writtenState } from './test-support.js';

// Bad input to the account calls: refused with a 4xx and a Spanish catalogue message, never a
// 5xx, and nothing written (docs/spec/decisions.md: the server enforces every rule the pages enforce).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const JSON_ROUTES = [
  '/api/auth/login',
  '/api/admin/login',
  '/api/doctor/login',
  '/api/admin/login-all',
  '/api/admin/register',
  '/api/doctor/register',
];

const raw = (url: string, payload: string, contentType = 'application/json') =>
  t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType }, remoteAddress: freshIp() });

describe('JSON bodies', () => {
  for (const url of JSON_ROUTES) {
    describe(url, () => {
      for (const body of ['"hola"', '[1,2,3]', '42', 'null', 'true', '[]']) {
        it(`refuses the body ${body}`, async () => {
          await expectRefusedWritingNothing(t, () => raw(url, body), 400);
        });
      }

      it('refuses malformed JSON', async () => {
        await expectRefusedWritingNothing(t, () => raw(url, '{"email": "a@b.co", '), 400, messages.invalidRequest);
      });

      it('refuses an empty JSON body', async () => {
        await expectRefusedWritingNothing(t, () => raw(url, ''), 400);
      });

      it('refuses __proto__ and constructor.prototype keys', async () => {
        for (const body of [
          '{"email":"a@b.co","password":"secreto-1","__proto__":{"role":"admin"}}',
          '{"email":"a@b.co","password":"secreto-1","constructor":{"prototype":{"role":"admin"}}}',
        ]) {
          await expectRefusedWritingNothing(t, () => raw(url, body), 400, messages.invalidRequest);
        }
        expect(({} as Record<string, unknown>).role).toBeUndefined();
      });

      it('refuses a body that is not JSON', async () => {
        const res = await raw(url, 'email=a@b.co&password=x', 'text/plain');
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expectRefusal(res, res.statusCode, messages.invalidRequest);
      });

      it('refuses a body over 1 MiB with 413', async () => {
        const huge = JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1024 * 1024 + 10) });
        // A JSON body is not a file: the answer must not speak of one.
        await expectRefusedWritingNothing(t, () => raw(url, huge), 413, messages.requestTooLarge);
      });
    });
  }
});

describe('fields of the wrong kind', () => {
  it("refuses huge strings with a 400 and the field's message", async () => {
    for (const payload of [
      { email: `${'a'.repeat(100_000)}@example.com`, password: 'secreto-1' },
      { email: 'a@example.com', password: 'p'.repeat(100_000) },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: freshIp() });
      expectRefusal(res, 400);
    }
    const body = {
      clave_seguridad: 'demo-clave-admin',
      nombre: 'N'.repeat(10_000),
      apellido: 'Rivas',
      correo: 'n@example.com',
      password: 'clave-segura-123',
      password_confirm: 'clave-segura-123',
    };
    const res = await expectRefusedWritingNothing(
      t,
      () => t.app.inject({ method: 'POST', url: '/api/admin/register', payload: body }),
      400,
      messages.fieldTooLong,
    );
    expect(res.errors?.nombre).toBe(messages.fieldTooLong);
  });

  for (const payload of [
    { email: ['a@b.co'], password: 'x' },
    { email: { $ne: null }, password: 'x' },
    { email: 'a@b.co', password: 12345678 },
    { email: 'a@b.co', password: null },
  ]) {
    it(`refuses ${JSON.stringify(payload)} with a Spanish message`, async () => {
      await expectRefusedWritingNothing(
        t,
        () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: freshIp() }),
        400,
      );
    });
  }

  it('refuses fields the form does not have (no quiet mass assignment)', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['/api/auth/login', { email: 'a@b.co', password: 'secreto-1', role: 'admin' }],
      ['/api/admin/login-all', { email: 'a@b.co', password: 'secreto-1', todas: true }],
      [
        '/api/doctor/register',
        {
          clave_seguridad: 'demo-clave-doctor',
          nombre: 'Tomás',
          apellido: 'Morales',
          correo: `t.${Date.now()}@example.com`,
          password: 'clave-segura-123',
          password_confirm: 'clave-segura-123',
          servicio: 'psicologia',
          role: 'admin',
        },
      ],
    ];
    for (const [url, payload] of cases) {
      await expectRefusedWritingNothing(
        t,
        () => t.app.inject({ method: 'POST', url, payload, remoteAddress: freshIp() }),
        400,
        messages.invalidRequest,
      );
    }
  });
});

describe('multipart registration', () => {
  it('refuses a registration sent as JSON', async () => {
    await expectRefusedWritingNothing(
      t,
      () => t.app.inject({ method: 'POST', url: '/api/auth/register', payload: validRegistration() }),
      400,
      messages.invalidRequest,
    );
  });

  it('refuses an extra field (e.g. primera_consulta) and writes nothing', async () => {
    await expectRefusedWritingNothing(
      t,
      () => registerPatient(t, validRegistration({ primera_consulta: '0' })),
      400,
      messages.invalidRequest,
    );
  });

  it('refuses a file under another field name', async () => {
    await expectRefusedWritingNothing(
      t,
      () =>
        registerPatient(t, validRegistration(), [
          { field: 'image_cedula', filename: 'cedula.png', bytes: PNG_1X1 },
          { field: 'otro', filename: 'x.png', bytes: PNG_1X1 },
        ]),
      400,
      messages.invalidRequest,
    );
  });

  it('refuses a __proto__ field', async () => {
    const body = multipart(validRegistration(), [{ field: 'image_cedula', filename: 'c.png', bytes: PNG_1X1 }]);
    const payload = Buffer.concat([
      Buffer.from(
        `--${body.headers['content-type'].split('boundary=')[1]}\r\nContent-Disposition: form-data; name="__proto__"\r\n\r\nx\r\n`,
      ),
      body.payload,
    ]);
    await expectRefusedWritingNothing(
      t,
      () => t.app.inject({ method: 'POST', url: '/api/auth/register', payload, headers: body.headers }),
      400,
      messages.invalidRequest,
    );
  });

  it('refuses a text field longer than the multipart limit instead of cutting it', async () => {
    await expectRefusedWritingNothing(
      t,
      () => registerPatient(t, validRegistration({ direccion: 'Calle '.repeat(20_000) })),
      400,
      messages.fieldTooLong,
    );
  });

  it('refuses a malformed multipart body', async () => {
    await expectRefusedWritingNothing(
      t,
      () =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/register',
          payload: 'esto no es multipart',
          headers: { 'content-type': 'multipart/form-data; boundary=----nada' },
        }),
      400,
    );
  });

  it('refuses two ID images for the one field, writing nothing (a form never brings more files than fields)', async () => {
    const before = await writtenState(t);
    const res = await registerPatient(t, validRegistration(), [
      { field: 'image_cedula', filename: 'a.png', bytes: PNG_1X1 },
      { field: 'image_cedula', filename: 'b.png', bytes: PNG_1X1 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: messages.invalidRequest });
    expect(await writtenState(t)).toEqual(before);
  });
});
