import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { CookieJar, PNG_1X1, createTestApp, multipart, validRegistration, type TestApp } from '../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('patient registration and login', () => {
  it('registers, logs in and sees the session', async () => {
    const reg = validRegistration();
    const body = multipart(reg, [{ field: 'image_cedula', filename: 'cedula.png', bytes: PNG_1X1 }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...body });
    expect(res.json()).toEqual({ success: true, message: messages.registrationOk });
    const jar = new CookieJar();
    jar.store(
      await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reg.correo, password: reg.password } }),
    );
    const session = await t.app.inject({ method: 'GET', url: '/api/auth/session', headers: { cookie: jar.header } });
    expect(session.json()).toEqual({ loggedIn: true, user_name: 'María González' });
  });
});
