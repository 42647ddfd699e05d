import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq } from 'drizzle-orm';
import { openMailPayload } from '../mail/mail-payload.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { messages } from '@clinica/shared';
import { auditLog, mailJobs, sessions, staff, staffInvitations } from '../../db/schema.js';
import { openDatabase } from '../../db/client.js';
import { SESSION_ENDED_CLOSE } from '../../infra/realtime.js';
import { InProcessPubSub } from '../../infra/pubsub.js';
import { hashToken } from '../auth/sessions.plugin.js';
import { CookieJar, createTestApp, validRegistration, type TestApp } from '../../../test/harness.js';
import { fakeSocket, twoInstancesOnOneDatabase } from '../../../test/instances-in-process.js';
import {
  approverJar,
  expectRefusal,
  freshIp,
  login,
  registerPatient,
  registerStaff,
  signedIn,
  staffAction,
  staffIdOf,
  tokenOf,
} from '../auth/test-support.js';
import { createAdmin } from './create-admin.js';

// Issue 18, item 3 (docs/decisions/0025): staff accounts approved and revocable.

const until = async (check: () => boolean | Promise<boolean>, ms = 5_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const auditRows = (t: TestApp, action: string) =>
  t.app.db.select().from(auditLog).where(eq(auditLog.action, action));
const staffRow = async (t: TestApp, id: string) => (await t.app.db.select().from(staff).where(eq(staff.id, id)))[0];

async function patientJar(t: TestApp) {
  const reg = validRegistration();
  expect((await registerPatient(t, reg)).statusCode).toBe(201);
  return (await login(t, 'patient', reg.correo, reg.password)).jar;
}

const doctorsOffered = async (t: TestApp, jar: CookieJar, servicio = 'consulta_general') => {
  const res = await t.app.inject({ method: 'GET', url: `/api/doctors?servicio=${servicio}`, headers: { cookie: jar.header } });
  expect(res.statusCode).toBe(200);
  return res.json<Record<string, unknown>[]>();
};

const registration = (role: 'admin' | 'doctor', clave: string, correo = `r.${Math.random().toString(36).slice(2)}@example.com`) => ({
  clave_seguridad: clave,
  nombre: 'Pedro',
  apellido: 'Intruso',
  correo,
  password: 'clave-segura-123',
  password_confirm: 'clave-segura-123',
  ...(role === 'doctor' ? { servicio: 'consulta_general' } : {}),
});

describe('registration with the security key', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('60 wrong keys from one address: refused, throttled after 5, each audited; nothing written', async () => {
    const attacker = freshIp();
    const [{ n: staffBefore }] = (await t.app.db.select({ n: count() }).from(staff)) as [{ n: number }];
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/doctor/register',
        remoteAddress: attacker,
        payload: registration('doctor', `adivinanza-${i}`),
      });
      statuses.push(res.statusCode);
      expectRefusal(res, res.statusCode, res.statusCode === 403 ? messages.invalidSecurityKey : messages.tooManyAttempts);
    }
    expect(statuses.slice(0, 5)).toEqual([403, 403, 403, 403, 403]);
    expect(statuses.slice(5).every((s) => s === 429)).toBe(true);
    // Once blocked, even the right key waits: the guesser cannot tell when they found it.
    const right = await t.app.inject({ method: 'POST', url: '/api/doctor/register', remoteAddress: attacker, payload: registration('doctor', 'demo-clave-doctor') });
    expectRefusal(right, 429, messages.tooManyAttempts);
    const refused = await auditRows(t, 'staff.registration_key_refused');
    const throttled = await auditRows(t, 'staff.registration_throttled');
    expect(refused).toHaveLength(5);
    expect(throttled).toHaveLength(56);
    expect(refused.every((r) => r.ip === attacker && r.outcome === 'denied')).toBe(true);
    expect(refused[0]!.detail).toMatch(/registro de médico para r\..+@example\.com/);
    const [{ n: staffAfter }] = (await t.app.db.select({ n: count() }).from(staff)) as [{ n: number }];
    expect(staffAfter).toBe(staffBefore);
    // Another address is not blocked, and the window ends with time.
    const other = await t.app.inject({ method: 'POST', url: '/api/doctor/register', remoteAddress: freshIp(), payload: registration('doctor', 'demo-clave-doctor') });
    expect(other.statusCode, other.body).toBe(201);
    t.clock.advance(15 * 60_000 + 1);
    const later = await t.app.inject({ method: 'POST', url: '/api/admin/register', remoteAddress: attacker, payload: registration('admin', 'demo-clave-admin') });
    expect(later.statusCode, later.body).toBe(201);
  });

  it("a pending doctor is invisible to patients, cannot be booked, and cannot sign in (a clear message); approval opens both", async () => {
    const creds = await registerStaff(t, 'doctor', { nombre: 'Pendiente', apellido: 'Nueva' }, { pending: true });
    const id = await staffIdOf(t, 'doctor', creds.email);
    expect((await staffRow(t, id))!.estado).toBe('pendiente');
    const patient = await patientJar(t);
    expect((await doctorsOffered(t, patient)).some((d) => d.id === id)).toBe(false);
    // The server's booking rules refuse the id even when a client sends it.
    await t.app.inject({ method: 'POST', url: '/api/consultations/consent', headers: { cookie: patient.header }, payload: { aceptar: 'si' } });
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/consultations/paypal/order',
      headers: { cookie: patient.header },
      payload: { servicio: 'consulta_general', doctor_id: id, metodo_de_pago: 'Paypal o Tarjeta', monto: 10 },
    });
    expectRefusal(order, 400, messages.doctorNotInService);

    const { res } = await login(t, 'doctor', creds.email, creds.password);
    expectRefusal(res, 403, messages.staffPendingApproval);
    expect(res.cookies.some((c) => c.name === 'sid_doctor' && c.value !== '')).toBe(false);
    const all = await t.app.inject({ method: 'POST', url: '/api/admin/login-all', remoteAddress: freshIp(), payload: { email: creds.email, password: creds.password } });
    expectRefusal(all, 403, messages.staffPendingApproval);
    // A wrong password still gets the same answer as for anybody (the state is told only to the owner).
    expectRefusal((await login(t, 'doctor', creds.email, 'otra-clave-999')).res, 401, messages.invalidCredentials);

    expect((await staffAction(t, 'approve', id)).statusCode).toBe(200);
    const offered = await doctorsOffered(t, patient);
    const listed = offered.find((d) => d.id === id);
    // By name and service, never by e-mail.
    expect(listed).toEqual({ id, nombre: 'Pendiente Nueva', servicio: 'consulta_general' });
    expect(offered.every((d) => !('correo' in d))).toBe(true);
    expect(JSON.stringify(offered)).not.toContain('@');
    expect((await login(t, 'doctor', creds.email, creds.password)).res.statusCode).toBe(200);
  });
});

describe('the administrators manage staff accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('lists pending, active and deactivated accounts (doctors with their service), pending first, for administrators only', async () => {
    const pending = await registerStaff(t, 'doctor', { servicio: 'psicologia' }, { pending: true });
    const active = await registerStaff(t, 'admin');
    const jar = await approverJar(t);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: { cookie: jar.header } });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ correo: string; estado: string; servicio: string | null; role: string }[]>();
    expect(list[0]).toMatchObject({ correo: pending.email, estado: 'pendiente', servicio: 'psicologia', role: 'doctor' });
    expect(list.find((r) => r.correo === active.email)).toMatchObject({ estado: 'activo', servicio: null, role: 'admin' });
    expect(await auditRows(t, 'staff.list')).not.toHaveLength(0);
    // Nobody else reads it or acts on it.
    const doctor = await registerStaff(t, 'doctor');
    const doctorJar = (await login(t, 'doctor', doctor.email, doctor.password)).jar;
    const patient = await patientJar(t);
    const id = await staffIdOf(t, 'doctor', pending.email);
    for (const cookie of [doctorJar.header, patient.header, '']) {
      expect((await t.app.inject({ method: 'GET', url: '/api/admin/staff', headers: { cookie } })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: `/api/admin/staff/${id}/approve`, headers: { cookie } })).statusCode).toBe(401);
    }
    expect((await staffRow(t, id))!.estado).toBe('pendiente');
  });

  it('approve, deactivate, reactivate and reject: each moves only from its state and writes its audit row', async () => {
    const jar = await approverJar(t);
    const admin = await staffIdOf(t, 'admin', (await t.app.db.select().from(staff).where(eq(staff.nombre, 'Aprobadora')))[0]!.correo);
    const doc = await registerStaff(t, 'doctor', {}, { pending: true });
    const id = await staffIdOf(t, 'doctor', doc.email);

    const approve = await staffAction(t, 'approve', id, jar);
    expect(approve.json()).toEqual({ success: true, message: messages.staffApprovedOk });
    expect(await staffRow(t, id)).toMatchObject({ estado: 'activo', estado_por: admin });
    expectRefusal(await staffAction(t, 'approve', id, jar), 409, messages.staffStateChanged);
    expectRefusal(await staffAction(t, 'reject', id, jar), 409, messages.staffStateChanged);
    expectRefusal(await staffAction(t, 'reactivate', id, jar), 409, messages.staffStateChanged);

    const deactivate = await staffAction(t, 'deactivate', id, jar);
    expect(deactivate.json()).toEqual({ success: true, message: messages.staffDeactivatedOk });
    expectRefusal((await login(t, 'doctor', doc.email, doc.password)).res, 403, messages.staffAccountDeactivated);
    const reactivate = await staffAction(t, 'reactivate', id, jar);
    expect(reactivate.json()).toEqual({ success: true, message: messages.staffReactivatedOk });
    expect((await login(t, 'doctor', doc.email, doc.password)).res.statusCode).toBe(200);

    for (const action of ['staff.approve', 'staff.deactivate', 'staff.reactivate']) {
      const rows = (await auditRows(t, action)).filter((r) => r.resource_id === id);
      expect(rows, action).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actor_role: 'admin', actor_id: admin, resource_type: 'staff', outcome: 'success' });
      expect(rows[0]!.detail).toContain(doc.email);
    }

    const stranger = await registerStaff(t, 'admin', {}, { pending: true });
    const strangerId = await staffIdOf(t, 'admin', stranger.email);
    expect((await staffAction(t, 'reject', strangerId, jar)).json()).toEqual({ success: true, message: messages.staffRejectedOk });
    expect(await staffRow(t, strangerId)).toBeUndefined();
    expect((await auditRows(t, 'staff.reject')).find((r) => r.resource_id === strangerId)!.detail).toContain(stranger.email);
    // The address is free again (a rejected mistake can register anew), and it is pending again.
    await registerStaff(t, 'admin', { correo: stranger.email }, { pending: true });
    expectRefusal((await login(t, 'admin', stranger.email, stranger.password)).res, 403, messages.staffPendingApproval);

    expectRefusal(await staffAction(t, 'approve', '00000000-0000-4000-8000-000000000000', jar), 404, messages.notFound);
    expectRefusal(await staffAction(t, 'approve', 'no-es-un-id', jar), 400);
  });

  it('an administrator cannot deactivate themselves, nor leave the clinic without an active administrator', async () => {
    const own = await createTestApp();
    try {
      const jar = await approverJar(own);
      const me = (await own.app.db.select().from(staff).where(eq(staff.role, 'admin')))[0]!;
      expectRefusal(await staffAction(own, 'deactivate', me.id, jar), 403, messages.staffCannotDeactivateSelf);
      // Two administrators deactivate each other at the same moment: one of them stays.
      const other = await registerStaff(own, 'admin');
      const otherJar = (await login(own, 'admin', other.email, other.password)).jar;
      const otherId = await staffIdOf(own, 'admin', other.email);
      const [a, b] = await Promise.all([staffAction(own, 'deactivate', otherId, jar), staffAction(own, 'deactivate', me.id, otherJar)]);
      expect([a.statusCode, b.statusCode].filter((s) => s === 200)).toHaveLength(1);
      const refusedOne = a.statusCode === 200 ? b : a;
      expect([401, 409]).toContain(refusedOne.statusCode);
      if (refusedOne.statusCode === 409) expect(refusedOne.json<{ message: string }>().message).toBe(messages.staffLastActiveAdmin);
      const active = await own.app.db.select().from(staff).where(and(eq(staff.role, 'admin'), eq(staff.estado, 'activo')));
      expect(active).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('deactivation ends every session of the person at once, and their sign-in waiting for a code', async () => {
    const doc = await registerStaff(t, 'doctor');
    const id = await staffIdOf(t, 'doctor', doc.email);
    const phone = (await login(t, 'doctor', doc.email, doc.password)).jar;
    const laptop = (await login(t, 'doctor', doc.email, doc.password)).jar;
    expect(await signedIn(t, 'doctor', phone.header)).toBe(true);
    const socket = fakeSocket();
    t.app.realtime.track(socket as unknown as WebSocket, hashToken(tokenOf(phone, 'doctor')!));
    expect((await staffAction(t, 'deactivate', id)).statusCode).toBe(200);
    // The clock does not move: the cached sessions end now, not after a cache TTL.
    expect(await signedIn(t, 'doctor', phone.header)).toBe(false);
    expect(await signedIn(t, 'doctor', laptop.header)).toBe(false);
    expect(socket.closedWith).toBe(SESSION_ENDED_CLOSE);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.staff_id, id))).toHaveLength(0);
    const list = await t.app.inject({ method: 'GET', url: '/api/doctor/consultations', headers: { cookie: phone.header } });
    expect(list.statusCode).toBe(401);
    // No longer offered to patients either.
    expect((await doctorsOffered(t, await patientJar(t))).some((d) => d.id === id)).toBe(false);
  });
});

describe('deactivation on two instances', { timeout: 120_000 }, () => {
  const open: TestApp[] = [];
  afterAll(async () => {
    for (const i of open.reverse()) await i.close();
  });

  // Two apps on one database sharing one pub/sub hub, as two instances share Redis: what one
  // publishes on `sessions:revoked` reaches the other (infra/redis.test.ts shows the same over a
  // real Redis).
  it("a doctor deactivated through instance A is signed out on B at once and B closes their chat socket", async () => {
    const hub = new InProcessPubSub();
    const [a, b] = await twoInstancesOnOneDatabase({}, { pubsub: hub });
    open.push(a, b);
    const doc = await registerStaff(a, 'doctor');
    const id = await staffIdOf(a, 'doctor', doc.email);
    const { jar } = await login(b, 'doctor', doc.email, doc.password);
    // B holds the session in memory (the polls' fast path; no cache TTL on PGlite) and a chat socket under it.
    expect(await signedIn(b, 'doctor', jar.header)).toBe(true);
    expect(await signedIn(b, 'doctor', jar.header)).toBe(true);
    const socket = fakeSocket();
    b.app.realtime.track(socket as unknown as WebSocket, hashToken(tokenOf(jar, 'doctor')!));
    expect((await staffAction(a, 'deactivate', id)).statusCode).toBe(200);
    // The clock does not move: only the publication can end B's cached copy.
    await until(() => socket.closedWith === SESSION_ENDED_CLOSE);
    expect(await signedIn(b, 'doctor', jar.header)).toBe(false);
    expect(await signedIn(a, 'doctor', jar.header)).toBe(false);
    expectRefusal((await login(b, 'doctor', doc.email, doc.password)).res, 403, messages.staffAccountDeactivated);
  });
});

describe('invitations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const invite = async (body: Record<string, unknown>, jar?: CookieJar) =>
    t.app.inject({ method: 'POST', url: '/api/admin/staff/invitations', headers: { cookie: (jar ?? (await approverJar(t))).header }, payload: body });
  const linkTo = async (correo: string) => {
    const [job] = await t.app.db
      .select({ payload: mailJobs.payload })
      .from(mailJobs)
      .where(and(eq(mailJobs.recipient, correo), eq(mailJobs.kind, 'staffInvitation')));
    expect(job, `no invitation mailed to ${correo}`).toBeDefined();
    // The queued payload is sealed (decision 0029): opened as the mail worker does.
    const match = /\/Invitacion_Personal#token=([A-Za-z0-9_-]+)/.exec(openMailPayload(t.app.config.fileKeys, job!.payload!).text);
    expect(match).not.toBeNull();
    return match![1]!;
  };
  const accept = (token: string, over: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/staff-invitations/accept',
      payload: { token, nombre: 'Irene', apellido: 'Invitada', password: 'clave-invitada-1', password_confirm: 'clave-invitada-1', ...over },
    });

  it('an invited doctor opens the link, sets name and password, is active at once and offered with the chosen service; the link works once', async () => {
    const correo = `invitada.${Math.random().toString(36).slice(2)}@example.com`;
    const res = await invite({ correo, rol: 'doctor', servicio: 'medicina_interna' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ success: true, message: messages.staffInvitationSent });
    const token = await linkTo(correo);
    // Only the token's hash is stored.
    const rows = await t.app.db.select().from(staffInvitations).where(eq(staffInvitations.correo, correo));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(JSON.stringify(rows)).not.toContain(token);

    const info = await t.app.inject({ method: 'POST', url: '/api/staff-invitations/lookup', payload: { token } });
    expect(info.json()).toEqual({ rol: 'doctor', correo, servicio: 'medicina_interna' });
    const done = await accept(token);
    expect(done.statusCode, done.body).toBe(201);
    expect(done.json()).toEqual({ success: true, message: messages.invitationAccepted });
    expect((await login(t, 'doctor', correo, 'clave-invitada-1')).res.statusCode).toBe(200);
    const offered = await doctorsOffered(t, await patientJar(t), 'medicina_interna');
    expect(offered.some((d) => d.nombre === 'Irene Invitada' && d.servicio === 'medicina_interna')).toBe(true);
    expect(await auditRows(t, 'staff.invite')).toHaveLength(1);
    expect((await auditRows(t, 'staff.invitation_accepted'))[0]).toMatchObject({ actor_role: 'doctor', actor_correo: correo });

    // Single use: the second time, and a lookup, say it was used; nothing changes.
    expectRefusal(await accept(token, { password: 'otra-clave-123', password_confirm: 'otra-clave-123' }), 410, messages.invitationUsed);
    expectRefusal(await t.app.inject({ method: 'POST', url: '/api/staff-invitations/lookup', payload: { token } }), 410, messages.invitationUsed);
    expect((await login(t, 'doctor', correo, 'clave-invitada-1')).res.statusCode).toBe(200);
  });

  it('an invitation expires after 72 hours; a made-up token is invalid; bad input writes nothing', async () => {
    const correo = `tarde.${Math.random().toString(36).slice(2)}@example.com`;
    expect((await invite({ correo, rol: 'admin' })).statusCode).toBe(201);
    const token = await linkTo(correo);
    t.clock.advance(72 * 3_600_000 + 1);
    expectRefusal(await accept(token), 410, messages.invitationExpired);
    expect(await t.app.db.select().from(staff).where(eq(staff.correo, correo))).toHaveLength(0);
    expectRefusal(await accept('x'.repeat(43)), 400, messages.invitationInvalid);
    expectRefusal(await accept('corto'), 400, messages.invitationInvalid);
    const fresh = `bien.${Math.random().toString(36).slice(2)}@example.com`;
    expect((await invite({ correo: fresh, rol: 'admin' })).statusCode).toBe(201);
    expectRefusal(await accept(await linkTo(fresh), { password_confirm: 'no-coincide-1' }), 400, messages.passwordsDoNotMatch);
    expect(await t.app.db.select().from(staff).where(eq(staff.correo, fresh))).toHaveLength(0);
  });

  it('only administrators invite; a doctor needs a service; an existing account cannot be invited again', async () => {
    const patient = await patientJar(t);
    const doc = await registerStaff(t, 'doctor');
    const docJar = (await login(t, 'doctor', doc.email, doc.password)).jar;
    for (const jar of [patient, docJar, new CookieJar()]) {
      expect((await invite({ correo: 'x@example.com', rol: 'admin' }, jar)).statusCode).toBe(401);
    }
    const noService = expectRefusal(await invite({ correo: 'y@example.com', rol: 'doctor' }), 400);
    expect(noService.errors?.servicio).toBe(messages.missingFields);
    expectRefusal(await invite({ correo: 'y@example.com', rol: 'jefe' }), 400, messages.invalidChoice);
    expectRefusal(await invite({ correo: doc.email, rol: 'doctor', servicio: 'psicologia' }), 400, messages.staffInvitationEmailTaken);
    const [{ n }] = (await t.app.db.select({ n: count() }).from(staffInvitations)) as [{ n: number }];
    const [{ m }] = (await t.app.db.select({ m: count() }).from(mailJobs).where(eq(mailJobs.kind, 'staffInvitation'))) as [{ m: number }];
    expect(m).toBe(n);
  });
});

describe('the create-admin command', () => {
  it('creates an active administrator who signs in, audited; refuses a taken e-mail and a short password', async () => {
    const t = await createTestApp();
    try {
      const made = await createAdmin(t.app.db, { nombre: 'Primera', apellido: 'Admin', correo: 'Primera@Example.com', password: 'clave-primera-1' }, t.clock.now);
      expect(made).toMatchObject({ ok: true, correo: 'primera@example.com' });
      expect((await login(t, 'admin', 'primera@example.com', 'clave-primera-1')).res.statusCode).toBe(200);
      expect((await auditRows(t, 'staff.create_admin'))[0]).toMatchObject({ resource_id: made.ok ? made.id : '', resource_type: 'staff' });
      expect(await createAdmin(t.app.db, { nombre: 'Otra', apellido: 'Vez', correo: 'primera@example.com', password: 'clave-primera-2' })).toEqual({
        ok: false,
        error: `correo: ${messages.emailTaken}`,
      });
      expect(await createAdmin(t.app.db, { nombre: 'Corta', apellido: 'Clave', correo: 'corta@example.com', password: 'corta' })).toEqual({
        ok: false,
        error: `password: ${messages.passwordTooShort}`,
      });
    } finally {
      await t.close();
    }
  });

  it('`npm run create-admin` on an empty PGlite data directory, with the answers piped in', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-create-admin-'));
    try {
      const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/create-admin.ts', '--nombre', 'Ana', '--apellido', 'Díaz'], {
        cwd: serverDir,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'silent' },
      });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      child.stderr.on('data', (d: Buffer) => (out += d.toString()));
      child.stdin.end('ana@example.com\nclave-segura-ana\nclave-segura-ana\n');
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code, out).toBe(0);
      expect(out).toContain('Administrador creado y activo: ana@example.com');
      expect(out).not.toContain('clave-segura-ana');
      const database = await openDatabase({ dataDir });
      try {
        const [row] = await database.db.select().from(staff);
        expect(row).toMatchObject({ role: 'admin', correo: 'ana@example.com', nombre: 'Ana', apellido: 'Díaz', estado: 'activo' });
        expect(row!.password_hash).toMatch(/^\$argon2id\$/);
      } finally {
        await database.close();
      }
    } finally {
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
