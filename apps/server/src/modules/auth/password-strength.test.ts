import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { createTestApp, markEmailVerified, validRegistration, type TestApp } from '../../../test/harness.js';
import { SmtpSink, linkIn } from '../../../test/smtp-sink.js';
import { expectRefusedWritingNothing, registerPatient } from './test-support.js';

/** Issue 18, item 7: one strength rule on every route that sets a password, refused writing nothing. */
const WEAK = ['12345678', 'password'];
const ORIGIN = 'https://clinica.example';

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await new SmtpSink().start();
  t = await createTestApp({ SMTP_URL: sink.url, PUBLIC_ORIGIN: ORIGIN, MAIL_POLL_MS: '100' });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

const staffPayload = (role: 'admin' | 'doctor', password: string, over: Record<string, string> = {}) => ({
  clave_seguridad: role === 'admin' ? 'demo-clave-admin' : 'demo-clave-doctor',
  nombre: 'Elena',
  apellido: 'Rivas',
  correo: `${role}.${Math.random().toString(36).slice(2)}@example.com`,
  password,
  password_confirm: password,
  ...(role === 'doctor' ? { servicio: 'consulta_general' } : {}),
  ...over,
});

describe('weak passwords', () => {
  it('are refused at patient registration, with the message on the password field', async () => {
    for (const password of WEAK) {
      const body = await expectRefusedWritingNothing(
        t,
        () => registerPatient(t, validRegistration({ password, password_confirm: password })),
        400,
        messages.passwordTooWeak,
      );
      expect(body.errors).toEqual({ password: messages.passwordTooWeak });
    }
    // Strong in general, weak for this person: their own name and e-mail count as known words.
    const own = validRegistration({ nombre: 'Maricarmen', apellido: 'Valderrama', password: 'maricarmenvalderrama', password_confirm: 'maricarmenvalderrama' });
    await expectRefusedWritingNothing(t, () => registerPatient(t, own), 400, messages.passwordTooWeak);
    // The length rule keeps its own message.
    const short = await registerPatient(t, validRegistration({ password: 'Ab1-x', password_confirm: 'Ab1-x' }));
    expect(short.statusCode).toBe(400);
    expect(short.json<{ errors: Record<string, string> }>().errors.password).toBe(messages.passwordTooShort);
  });

  for (const role of ['admin', 'doctor'] as const) {
    it(`are refused at ${role} registration`, async () => {
      for (const password of WEAK) {
        await expectRefusedWritingNothing(
          t,
          () => t.app.inject({ method: 'POST', url: `/api/${role}/register`, payload: staffPayload(role, password) }),
          400,
          messages.passwordTooWeak,
        );
      }
      const ok = await t.app.inject({ method: 'POST', url: `/api/${role}/register`, payload: staffPayload(role, 'Sol-de-Panama-2026') });
      expect(ok.statusCode, ok.body).toBe(201);
    });
  }

  it('are refused by the password reset, which keeps the link usable', async () => {
    const reg = validRegistration();
    expect((await registerPatient(t, reg)).statusCode).toBe(201);
    await markEmailVerified(t, reg.correo);
    await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: reg.correo } });
    const page = `${ORIGIN}/restablecer-contrasena#token=`;
    const end = Date.now() + 10_000;
    let mail = sink.to(reg.correo).find((m) => m.parsed.subject === 'Restablezca su contraseña');
    while (!mail && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 20));
      mail = sink.to(reg.correo).find((m) => m.parsed.subject === 'Restablezca su contraseña');
    }
    const token = linkIn(mail!, page).slice(page.length);
    const reset = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password, password_confirm: password } });
    for (const password of [...WEAK, 'mariagonzalez']) {
      const res = await reset(password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json()).toMatchObject({ message: messages.passwordTooWeak, errors: { password: messages.passwordTooWeak } });
    }
    // The old password still works; a strong one is accepted with the same link.
    const login = (password: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reg.correo, password } });
    expect((await login(reg.password)).statusCode).toBe(200);
    expect((await reset('Tr3s-Gatos-Azules!')).statusCode).toBe(200);
    expect((await login('Tr3s-Gatos-Azules!')).statusCode).toBe(200);
  });
});
