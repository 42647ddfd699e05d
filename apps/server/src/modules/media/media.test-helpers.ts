import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { CookieJar, PNG_1X1, multipart, validRegistration, type TestApp } from '../../../test/harness.js';
import { approveStaff } from '../auth/test-support.js';

/** Registers an account of the role and signs a new cookie jar in to it. */
export async function signIn(t: TestApp, role: 'admin' | 'doctor' | 'patient') {
  const jar = new CookieJar();
  const reg = validRegistration();
  if (role === 'patient') {
    const body = multipart(reg, [{ field: 'image_cedula', filename: 'cedula.png', bytes: PNG_1X1 }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...body });
    if (res.statusCode !== 201) throw new Error(res.body);
    jar.store(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reg.correo, password: reg.password } }));
    return jar;
  }
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/${role}/register`,
    payload: {
      clave_seguridad: role === 'admin' ? 'demo-clave-admin' : 'demo-clave-doctor',
      nombre: 'Ana',
      apellido: 'Rivas',
      correo: reg.correo,
      password: reg.password,
      password_confirm: reg.password,
      ...(role === 'doctor' ? { servicio: 'consulta_general' } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  await approveStaff(t, role, reg.correo);
  jar.store(await t.app.inject({ method: 'POST', url: `/api/${role}/login`, payload: { email: reg.correo, password: reg.password } }));
  return jar;
}

/** A real picture of the given format and size. */
export function picture(format: 'png' | 'jpeg' | 'webp', width = 400, height = 300) {
  return sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

/** How many objects the storage holds (every kind of file). */
export async function storedObjects(t: TestApp) {
  const dir = path.join(t.dataDir, 'files');
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

/** Fetches a public image URL and returns the response and the picture's size. */
export async function fetchImage(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  const meta = res.statusCode === 200 ? await sharp(res.rawPayload).metadata() : undefined;
  return { res, width: meta?.width, height: meta?.height, format: meta?.format };
}
