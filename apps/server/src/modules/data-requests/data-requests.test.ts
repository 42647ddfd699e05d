import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, myDataRequestsSchema, type AdminDataRequest } from '@clinica/shared';
import { CookieJar, createTestApp, multipart, validRegistration, type TestApp } from '../../../test/harness.js';
import { expectRefusal, expectRefusedWritingNothing } from '../auth/test-support.js';
import { openText } from '../../db/field-crypto.js';
import type { StoredMailPayload } from '../../db/schema.js';
import { openMailPayload } from '../mail/mail-payload.js';
import { PASSWORD, auditRows, call, consultation, patient, select, staffMember, type Person } from '../records/records.test-support.js';

// Ley 81 rights beyond the export (issue 18, item 9; docs/decisions/0028): correction and closing
// requests, handled by administrators, told by e-mail, audited; closing anonymises the account and
// keeps the clinical records.

let t: TestApp;
let admin: Person;
let doctor: Person;

beforeAll(async () => {
  t = await createTestApp();
  admin = await staffMember(t, 'admin');
  doctor = await staffMember(t, 'doctor');
});
afterAll(async () => t.close());

const mine = async (who: Person) => {
  const res = await call(t, who.jar, 'GET', '/api/patient/data-requests');
  expect(res.statusCode, res.body).toBe(200);
  return myDataRequestsSchema.parse(res.json());
};
const adminList = async (estado: 'pendiente' | 'resuelta' = 'pendiente', jar = admin.jar) => {
  const res = await call(t, jar, 'GET', `/api/admin/data-requests?estado=${estado}&limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: AdminDataRequest[] }>().items;
};
const requestOf = async (who: Person, tipo: 'correccion' | 'cierre', estado = 'pendiente') => {
  const found = (await adminList(estado === 'pendiente' ? 'pendiente' : 'resuelta')).find((r) => r.paciente.id === who.id && r.tipo === tipo);
  expect(found).toBeDefined();
  return found!;
};
const decide = (id: string, body: Record<string, unknown>, jar: CookieJar | null = admin.jar) => call(t, jar, 'POST', `/api/admin/data-requests/${id}/decision`, body);
const mailsTo = (correo: string) =>
  select<{ id: string; kind: string; subject: string; text: string | null }>(t, `select id, kind, subject, payload::text as text from mail_jobs where recipient = '${correo}' order by created_at`);
/** A queued mail's whole text: still in its job, or already written to the outbox folder by the worker. */
async function mailText(job: { id: string; text: string | null } | undefined) {
  expect(job).toBeDefined();
  for (let i = 0; i < 50; i++) {
    // The queued payload is sealed (decision 0029): read it as the mail worker does.
    const [row] = await select<{ payload: StoredMailPayload | null }>(t, `select payload from mail_jobs where id = '${job!.id}'`);
    if (row?.payload) return JSON.stringify(openMailPayload(t.app.config.fileKeys, row.payload));
    const eml = await fs.readFile(path.join(t.dataDir, 'outbox', `${job!.id}.eml`), 'utf8').catch(() => null);
    if (eml) return eml;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('mail not found');
}
/** The raw row, with the encrypted identity columns opened (decision 0030). */
const patientRow = async (id: string) => {
  const row = (await select<Record<string, unknown>>(t, `select nombre, apellido, cedula, cedula_hmac, correo, celular, country_code, direccion, edad, image_cedula_file_id, cerrada_at from patients where id = '${id}'`))[0]!;
  for (const k of ['cedula', 'celular', 'direccion']) if (typeof row[k] === 'string') row[k] = openText(row[k]);
  return row;
};

describe('correction requests', () => {
  it('a patient asks for a correction; an administrator accepts it; the profile shows the corrected values and the patient is told by a mail without details', async () => {
    const ana = await patient(t, { nombre: 'Ana', apellido: 'Quinteros' });
    const asked = await call(t, ana.jar, 'POST', '/api/patient/data-requests/correction', {
      cambios: { apellido: 'Quintero', direccion: 'Vía España 120, Bella Vista' },
      motivo: 'Mi apellido se escribe sin s y me mudé.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    expect(asked.json()).toEqual({ success: true, message: messages.correctionRequested });

    // The requested values are identity data: sealed in the table (decision 0030), open to the owner.
    const raw = await select<{ cambios: string }>(t, `select cambios::text as cambios from data_requests where patient_id = '${ana.id}'`);
    expect(raw[0]!.cambios).not.toContain('Bella Vista');
    expect(raw[0]!.cambios).not.toContain('Quintero');
    const own = await mine(ana);
    expect(own.solicitudes).toHaveLength(1);
    expect(own.solicitudes[0]).toMatchObject({ tipo: 'correccion', estado: 'pendiente', cambios: { apellido: 'Quintero', direccion: 'Vía España 120, Bella Vista' } });

    const pending = await requestOf(ana, 'correccion');
    expect(pending.actuales).toEqual({ apellido: 'Quinteros', direccion: validRegistration().direccion });
    const accepted = await decide(pending.id, { decision: 'aceptar' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ success: true, message: messages.dataRequestAccepted });

    const profile = (await call(t, ana.jar, 'GET', '/api/patient/profile')).json<{ apellido: string; direccion: string }>();
    expect(profile).toMatchObject({ apellido: 'Quintero', direccion: 'Vía España 120, Bella Vista' });
    expect((await mine(ana)).solicitudes[0]).toMatchObject({ estado: 'aceptada' });

    const mails = await mailsTo(ana.correo);
    const news = mails.find((m) => m.kind === 'dataRequestAnswered');
    expect(news?.subject).toBe('Hay novedades sobre su solicitud');
    const newsText = await mailText(news);
    expect(newsText).toContain('/Usuarios');
    expect(newsText).not.toContain('Quintero');
    expect(newsText).not.toContain('Bella Vista');

    const [row] = await auditRows(t, `action = 'data_request.accept' and patient_id = '${ana.id}'`);
    expect(row).toMatchObject({ actor_role: 'admin', actor_id: admin.id, outcome: 'success' });
    expect(row!.detail).toContain('apellido, direccion');
    expect(await auditRows(t, `action = 'data_request.create' and actor_id = '${ana.id}'`)).toHaveLength(1);
    // The patient's own access history shows who changed their data.
    const history = await call(t, ana.jar, 'GET', '/api/patient/export');
    expect(JSON.stringify(history.json())).toContain('Solicitud de corrección o cierre aceptada');
  });

  it('a refusal leaves the data unchanged and the patient reads the reason in their profile', async () => {
    const beto = await patient(t, { nombre: 'Beto' });
    await call(t, beto.jar, 'POST', '/api/patient/data-requests/correction', { cambios: { nombre: 'Roberto' }, motivo: 'Es mi nombre completo.' });
    const pending = await requestOf(beto, 'correccion');
    expectRefusal(await decide(pending.id, { decision: 'rechazar' }), 400, messages.rejectReasonRequired);
    const refused = await decide(pending.id, { decision: 'rechazar', respuesta: 'Su cédula dice Beto: traiga un documento que diga Roberto.' });
    expect(refused.json()).toMatchObject({ success: true, message: messages.dataRequestRefused });
    expect((await patientRow(beto.id)).nombre).toBe('Beto');
    expect((await mine(beto)).solicitudes[0]).toMatchObject({ estado: 'rechazada', respuesta: 'Su cédula dice Beto: traiga un documento que diga Roberto.' });
    expect((await mailsTo(beto.correo)).map((m) => m.kind)).toContain('dataRequestAnswered');
    expect(await auditRows(t, `action = 'data_request.refuse' and patient_id = '${beto.id}'`)).toHaveLength(1);
    // Handled once: a second answer changes nothing.
    expectRefusal(await decide(pending.id, { decision: 'aceptar' }), 409, messages.dataRequestNotPending);
    expect((await patientRow(beto.id)).nombre).toBe('Beto');
  });

  it('validates the corrected values with the registration rules and writes nothing on bad input', async () => {
    const carla = await patient(t);
    const bad = await expectRefusedWritingNothing(
      t,
      () => call(t, carla.jar, 'POST', '/api/patient/data-requests/correction', { cambios: { cedula: '8 123 <script>', edad: '300' }, motivo: 'x' }),
      400,
    );
    expect(bad.errors).toMatchObject({ 'cambios.cedula': messages.invalidCedula, 'cambios.edad': messages.invalidAge });
    // A phone number of the wrong length for the country the profile has (Panama: 8 digits).
    const phone = await expectRefusedWritingNothing(
      t,
      () => call(t, carla.jar, 'POST', '/api/patient/data-requests/correction', { cambios: { celular: '1234' }, motivo: 'Nuevo número' }),
      400,
      messages.invalidPhone,
    );
    expect(phone.errors).toEqual({ 'cambios.celular': messages.invalidPhone });
    await expectRefusedWritingNothing(
      t,
      () => call(t, carla.jar, 'POST', '/api/patient/data-requests/correction', { cambios: { correo: 'otro@example.com' }, motivo: 'Nuevo correo' }),
      400,
    );
    await expectRefusedWritingNothing(
      t,
      () => call(t, carla.jar, 'POST', '/api/patient/data-requests/correction', { cambios: { nombre: validRegistration().nombre }, motivo: 'Igual' }),
      400,
      messages.correctionNothingChanged,
    );
    await expectRefusedWritingNothing(t, () => call(t, carla.jar, 'POST', '/api/patient/data-requests/correction', { cambios: { nombre: 'Carla' } }), 400, messages.missingFields);
  });

  it('allows one open correction at a time', async () => {
    const dora = await patient(t);
    const first = await call(t, dora.jar, 'POST', '/api/patient/data-requests/correction', { cambios: { nombre: 'Dora' }, motivo: 'Mi nombre' });
    expect(first.statusCode).toBe(201);
    await expectRefusedWritingNothing(
      t,
      () => call(t, dora.jar, 'POST', '/api/patient/data-requests/correction', { cambios: { apellido: 'Díaz' }, motivo: 'Mi apellido' }),
      409,
      messages.dataRequestAlreadyOpen,
    );
  });
});

describe('who may see and handle requests', () => {
  it('a patient sees only their own requests; only administrators list and handle them', async () => {
    const eva = await patient(t, { nombre: 'Eva' });
    const fito = await patient(t, { nombre: 'Fito' });
    await call(t, eva.jar, 'POST', '/api/patient/data-requests/correction', { cambios: { apellido: 'Secreto' }, motivo: 'Privado de Eva' });
    const fitos = await mine(fito);
    expect(fitos.solicitudes).toEqual([]);
    expect(JSON.stringify(fitos)).not.toContain('Secreto');

    expect((await call(t, null, 'GET', '/api/patient/data-requests')).statusCode).toBe(401);
    expect((await call(t, fito.jar, 'GET', '/api/admin/data-requests')).statusCode).toBe(401);
    expect((await call(t, doctor.jar, 'GET', '/api/admin/data-requests')).statusCode).toBe(401);
    const pending = await requestOf(eva, 'correccion');
    for (const jar of [eva.jar, doctor.jar, null]) {
      await expectRefusedWritingNothing(t, () => decide(pending.id, { decision: 'aceptar' }, jar), 401);
    }
    expect((await patientRow(eva.id)).apellido).not.toBe('Secreto');
    expectRefusal(await decide('00000000-0000-4000-8000-000000000000', { decision: 'aceptar' }), 404);
    const list = await call(t, admin.jar, 'GET', '/api/admin/data-requests');
    expect(list.headers['cache-control']).toBe('no-store');
    expect(await auditRows(t, `action = 'data_request.list' and actor_id = '${admin.id}'`)).not.toHaveLength(0);
  });
});

describe('closing an account', () => {
  it('cannot be asked while a paid consultation is open or an appointment is coming, with a clear message', async () => {
    const gina = await patient(t);
    const c = await consultation(t, gina, doctor.id);
    expect((await mine(gina)).cierre_bloqueado).toBe(true);
    await expectRefusedWritingNothing(t, () => call(t, gina.jar, 'POST', '/api/patient/data-requests/closing', { confirmo: true }), 409, messages.closingBlocked);

    // The consultation ends; an appointment next week still keeps the account open.
    await select(t, `update consultations set estado_consulta = 0 where id = '${c.id}'`);
    await select(t, `update payments set estado = 'aprobado' where id = (select payment_id from consultations where id = '${c.id}')`);
    await select(
      t,
      `insert into appointments (token, patient_id, doctor_id, servicio, fecha, hora, inicio, mensaje, estado, payment_id)
       select 'cita-gina-${gina.id.slice(0, 8)}', '${gina.id}', '${doctor.id}', 'consulta_general', '2026-11-30', '10:00', '2026-11-30T15:00:00Z', 'Control', 'confirmada', payment_id from consultations where id = '${c.id}'`,
    );
    await expectRefusedWritingNothing(t, () => call(t, gina.jar, 'POST', '/api/patient/data-requests/closing', { confirmo: true }), 409, messages.closingBlocked);
    await select(t, `update appointments set estado = 'cancelada', cancelada_por = 'paciente', cancelada_at = now() where patient_id = '${gina.id}'`);
    expect((await call(t, gina.jar, 'POST', '/api/patient/data-requests/closing', { confirmo: true })).statusCode).toBe(201);
    expectRefusal(await call(t, gina.jar, 'POST', '/api/patient/data-requests/closing', { confirmo: true }), 409, messages.dataRequestAlreadyOpen);
  });

  it('needs the confirmation that the explanation was read', async () => {
    const hugo = await patient(t);
    await expectRefusedWritingNothing(t, () => call(t, hugo.jar, 'POST', '/api/patient/data-requests/closing', { motivo: 'Ya no la uso' }), 400, messages.closingConfirmRequired);
  });

  it('anonymises the account, ends its sessions, keeps the clinical records marked, frees the e-mail, and is audited', async () => {
    const reg = validRegistration({ correo: `ines.${Date.now()}@example.com`, nombre: 'Inés', apellido: 'Arosemena', cedula: '8-777-1234' });
    const body = multipart(reg, [{ field: 'image_cedula', filename: 'cedula.png', bytes: (await import('../../../test/harness.js')).PNG_1X1 }]);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', ...body })).statusCode).toBe(201);
    const [{ id }] = (await select<{ id: string }>(t, `select id from patients where correo = '${reg.correo}'`)) as [{ id: string }];
    const signIn = async () => {
      const jar = new CookieJar();
      const res = jar.store(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reg.correo, password: reg.password } }));
      return { jar, res };
    };
    const phone = await signIn();
    const laptop = await signIn();
    const ines: Person = { jar: laptop.jar, id, correo: reg.correo };
    const c = await consultation(t, ines, doctor.id, 'Migraña de Inés');
    await select(t, `update consultations set estado_consulta = 0 where id = '${c.id}'`);
    await select(t, `update payments set estado = 'aprobado' where id = (select payment_id from consultations where id = '${c.id}')`);
    await call(t, ines.jar, 'POST', '/api/patient/data-requests/correction', { cambios: { direccion: 'Calle Privada 9' }, motivo: 'Mudanza' });
    const imageId = (await patientRow(id)).image_cedula_file_id as string;
    expect(imageId).toBeTruthy();

    expect((await call(t, ines.jar, 'POST', '/api/patient/data-requests/closing', { confirmo: true, motivo: 'Me mudo del país' })).statusCode).toBe(201);
    const pending = await requestOf(ines, 'cierre');
    const closed = await decide(pending.id, { decision: 'aceptar', respuesta: 'Cerrada a su pedido.' });
    expect(closed.statusCode, closed.body).toBe(200);

    // Identity replaced, sign-in gone.
    const row = await patientRow(id);
    expect(row).toMatchObject({ nombre: messages.accountClosedName, cedula: '', celular: '', direccion: '', image_cedula_file_id: null, cedula_hmac: null });
    expect(row.cerrada_at).not.toBeNull();
    expect(String(row.correo)).toMatch(/@cuenta-cerrada\.invalid$/);
    expect(JSON.stringify(row)).not.toMatch(/Inés|Arosemena|8-777-1234/);
    expect(await select(t, `select id from files where id = '${imageId}'`)).toEqual([]);
    expect(await select(t, `select 1 from sessions where patient_id = '${id}'`)).toEqual([]);
    for (const jar of [phone.jar, laptop.jar]) {
      expect((await call(t, jar, 'GET', '/api/patient/profile')).statusCode).toBe(401);
    }
    expectRefusal((await signIn()).res, 401);
    // The pending correction was closed with the account and its values are gone.
    const requests = await select<{ estado: string; cambios: unknown; motivo: string | null }>(t, `select estado, cambios, motivo from data_requests where patient_id = '${id}' and tipo = 'correccion'`);
    expect(requests).toEqual([{ estado: 'rechazada', cambios: {}, motivo: null }]);

    // Clinical records kept, marked as a closed account's.
    const kept = await select<{ sintomas: string; nombre: string; cerrada: boolean }>(
      t,
      `select c.sintomas, p.nombre, p.cerrada_at is not null as cerrada from consultations c join patients p on p.id = c.patient_id where c.id = '${c.id}'`,
    );
    expect(kept.map((k) => ({ ...k, sintomas: openText(k.sintomas) }))).toEqual([{ sintomas: 'Migraña de Inés', nombre: messages.accountClosedName, cerrada: true }]);
    expect(await select(t, `select 1 from payments where patient_id = '${id}'`)).toHaveLength(1);
    const handled = await requestOf(ines, 'cierre', 'resuelta');
    expect(handled.paciente).toMatchObject({ cerrada: true, correo: '', cedula: '' });

    // The old address got the news (what is kept and why, no clinical detail) and is free again.
    const mail = (await mailsTo(reg.correo)).find((m) => m.kind === 'accountClosed');
    const closedText = await mailText(mail);
    expect(closedText).toContain('expediente');
    expect(closedText).toContain(handled.paciente.apellido);
    expect(closedText).not.toContain('Migra');
    const again = multipart(validRegistration({ correo: reg.correo }), [{ field: 'image_cedula', filename: 'cedula.png', bytes: (await import('../../../test/harness.js')).PNG_1X1 }]);
    const reRegistered = await t.app.inject({ method: 'POST', url: '/api/auth/register', ...again });
    expect(reRegistered.statusCode, reRegistered.body).toBe(201);
    const fresh = new CookieJar();
    fresh.store(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: reg.correo, password: validRegistration().password } }));
    const newcomer = await call(t, fresh, 'GET', '/api/consultations');
    expect(newcomer.body).not.toContain('Migraña');

    // Audited, with the patient's id.
    expect(await auditRows(t, `action = 'account.close' and patient_id = '${id}' and actor_id = '${admin.id}'`)).toHaveLength(1);
    expect(await auditRows(t, `action = 'data_request.accept' and patient_id = '${id}'`)).toHaveLength(1);
  });

  it('is refused by the administrator when something started since the request, writing nothing', async () => {
    const juan = await patient(t);
    expect((await call(t, juan.jar, 'POST', '/api/patient/data-requests/closing', { confirmo: true })).statusCode).toBe(201);
    await consultation(t, juan, doctor.id);
    const pending = await requestOf(juan, 'cierre');
    expectRefusal(await decide(pending.id, { decision: 'aceptar' }), 409, messages.closingBlockedAdmin);
    expect(await patientRow(juan.id)).toMatchObject({ cerrada_at: null, correo: juan.correo });
    expect((await requestOf(juan, 'cierre')).estado).toBe('pendiente');
    expect((await call(t, juan.jar, 'GET', '/api/patient/profile')).statusCode).toBe(200);
  });
});

void PASSWORD;
