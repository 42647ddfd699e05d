import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { PNG_1X1 } from '../harness.js';
import type { Browser } from './instances.js';
import {
  chatSocket,
  consultationCapture,
  hasServices,
  patient,
  registerPatient,
  staff,
  twoInstances,
  weekdayAhead,
  type Instance,
  type TwoInstances,
} from './instances.js';

// A busy machine (npm test runs other test files beside these) can hold a frame for seconds.
const SLOW = 30_000;

// Issue 10, item 4: two real server processes on two ports, one PostgreSQL 15, one Redis, files in
// PostgreSQL (STORAGE_DRIVER=postgres), each with a data directory of its own.
describe.skipIf(!hasServices)('two server instances on PostgreSQL and Redis', () => {
  // Both at once: they race for the migration lock on an empty database.
  const set = twoInstances('clinica_two', 1, { together: true });
  let db: TwoInstances['db'];
  let paypal: TwoInstances['paypal'];
  let a: Instance;
  let b: Instance;
  beforeAll(() => {
    ({ db, paypal, a, b } = set);
  });

  const signedIn = async (br: Browser, base: string) =>
    (await br.json<{ loggedIn: boolean }>('GET', '/api/auth/session', undefined, base)).body.loggedIn;

  it('migrated once although both started together', async () => {
    const rows = await db.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    const files = (await fs.readdir(new URL('../../src/db/migrations', import.meta.url))).filter((f) =>
      f.endsWith('.sql'),
    );
    expect(rows[0]!.n).toBe(files.length);
  });

  it('a session made on one is valid on the other; a logout on one ends it on both', async () => {
    const p = await patient(a.url);
    expect(await signedIn(p.browser, a.url)).toBe(true);
    expect(await signedIn(p.browser, b.url)).toBe(true);
    const cookie = p.browser.cookie;
    const out = await p.browser.json('POST', '/api/auth/logout', {}, b.url);
    expect(out.status).toBe(200);
    // The same cookie, replayed: neither instance accepts it any more. Instance a learns of the
    // logout through the pub/sub message (milliseconds; under a loaded CI machine once later than
    // the first replay), so it is asked until it answers, for at most 2 s.
    for (const base of [a.url, b.url]) {
      await expect
        .poll(async () => ((await (await fetch(`${base}/api/auth/session`, { headers: { cookie } })).json()) as { loggedIn: boolean }).loggedIn, {
          timeout: 2000,
          interval: 50,
        })
        .toBe(false);
    }
  });

  it('a logout on one instance ends the session the other instance had in memory', async () => {
    const p = await patient(a.url);
    const cookie = p.browser.cookie;
    // Both instances have now seen (and cached) the session.
    expect(await signedIn(p.browser, a.url)).toBe(true);
    expect(await signedIn(p.browser, b.url)).toBe(true);
    // Logout through B; A, which holds the session in its memory, is then asked with the old cookie.
    const res = await fetch(`${b.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie, origin: b.url, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    const check = await fetch(`${a.url}/api/auth/session`, { headers: { cookie } });
    expect(((await check.json()) as { loggedIn: boolean }).loggedIn).toBe(false);
    const gated = await fetch(`${a.url}/api/patient/profile`, { headers: { cookie } });
    expect(gated.status).toBe(401);
  });

  it('a patient on one instance and a doctor on the other chat in real time', async () => {
    const doc = await staff(b.url, 'doctor');
    const [row] = await db.query<{ id: string }>('select id from staff where correo = $1', [doc.correo]);
    const p = await patient(a.url);
    expect((await p.browser.json('POST', '/api/consultations/consent', { aceptar: 'si' })).status).toBe(200);
    const order = await p.browser.json<{ id: string }>('POST', '/api/consultations/paypal/order', {
      servicio: 'consulta_general',
      doctor_id: row!.id,
      metodo_de_pago: 'Paypal o Tarjeta',
      monto: 10,
    });
    expect(order.status, order.text).toBe(200);
    await paypal.approve(order.body.id);
    const capture = await p.browser.json(
      'POST',
      '/api/consultations/paypal/capture',
      consultationCapture(row!.id, order.body.id),
    );
    expect(capture.status, capture.text).toBe(200);
    const state = await p.browser.json<{ consulta_token: string }>('GET', '/api/chat');
    expect(state.status, state.text).toBe(200);
    const token = state.body.consulta_token;

    const ps = chatSocket(a.url, token, 'patient', p.browser.cookie);
    const ds = chatSocket(b.url, token, 'doctor', doc.browser.cookie);
    await Promise.all([ps.opened, ds.opened]);
    await Promise.all([ps.next('history'), ds.next('history')]);

    const p1 = randomUUID();
    ps.send('Buenas tardes, doctora', p1);
    expect((await ps.next('ack', (f) => f.cid === p1, SLOW)).cid).toBe(p1);
    const toDoctor = await ds.next('message', (f) => f.message.texto === 'Buenas tardes, doctora', SLOW);
    expect(toDoctor.message.de).toBe('patient');

    const d1 = randomUUID();
    ds.send('Buenas tardes, ¿qué síntomas tiene?', d1);
    expect((await ds.next('ack', (f) => f.cid === d1, SLOW)).cid).toBe(d1);
    const toPatient = await ps.next('message', (f) => f.message.texto === 'Buenas tardes, ¿qué síntomas tiene?', SLOW);
    expect(toPatient.message.de).toBe('doctor');

    // Logout on A closes the patient's socket there; the doctor's socket on B stays open.
    const closed = ps.closed;
    expect((await p.browser.json('POST', '/api/auth/logout', {})).status).toBe(200);
    expect(await closed).toBeGreaterThan(1000);
    ds.ws.close();
  });

  it('the same message id sent through both instances at the same moment is stored and delivered once (issue 20)', async () => {
    const doc = await staff(a.url, 'doctor');
    const [row] = await db.query<{ id: string }>('select id from staff where correo = $1', [doc.correo]);
    const p = await patient(a.url);
    expect((await p.browser.json('POST', '/api/consultations/consent', { aceptar: 'si' })).status).toBe(200);
    const order = await p.browser.json<{ id: string }>('POST', '/api/consultations/paypal/order', {
      servicio: 'consulta_general',
      doctor_id: row!.id,
      metodo_de_pago: 'Paypal o Tarjeta',
      monto: 10,
    });
    expect(order.status, order.text).toBe(200);
    await paypal.approve(order.body.id);
    const capture = await p.browser.json('POST', '/api/consultations/paypal/capture', consultationCapture(row!.id, order.body.id));
    expect(capture.status, capture.text).toBe(200);
    const token = (await p.browser.json<{ consulta_token: string }>('GET', '/api/chat')).body.consulta_token;

    // The patient's page reconnected to B while its first socket on A was still open: the outbox
    // sends the same messages through both, at once.
    const onA = chatSocket(a.url, token, 'patient', p.browser.cookie);
    const onB = chatSocket(b.url, token, 'patient', p.browser.cookie);
    const ds = chatSocket(a.url, token, 'doctor', doc.browser.cookie);
    await Promise.all([onA.next('history', undefined, SLOW), onB.next('history', undefined, SLOW), ds.next('history', undefined, SLOW)]);
    const deliveries: string[] = [];
    ds.ws.on('message', (raw: Buffer) => {
      const f = JSON.parse(raw.toString('utf8')) as { type: string; message?: { cid: string | null } };
      if (f.type === 'message' && f.message?.cid) deliveries.push(f.message.cid);
    });
    const cids: string[] = Array.from({ length: 10 }, () => randomUUID());
    for (const cid of cids) {
      onA.send(`mensaje ${cid}`, cid);
      onB.send(`mensaje ${cid}`, cid);
    }
    for (const cid of cids) {
      const [x, y] = await Promise.all([onA.next('ack', (f) => f.cid === cid, SLOW), onB.next('ack', (f) => f.cid === cid, SLOW)]);
      expect(x.id).toBe(y.id);
    }
    const stored = await db.query<{ n: number }>(
      'select count(*)::int as n from chat_messages where client_id = any($1::uuid[])',
      [cids],
    );
    expect(stored[0]!.n).toBe(10);
    // A last message through A: when the doctor has it, every earlier delivery arrived.
    const last = randomUUID();
    onA.send('último', last);
    await ds.next('message', (f) => f.message.cid === last, SLOW);
    expect(deliveries.filter((c) => cids.includes(c)).sort()).toEqual([...cids].sort());
    for (const s of [onA, onB, ds]) s.ws.close();
  });

  it('50 simultaneous bookings of one slot spread over both give exactly one appointment', async () => {
    const doc = await staff(a.url, 'doctor');
    const [row] = await db.query<{ id: string }>('select id from staff where correo = $1', [doc.correo]);
    const fecha = weekdayAhead(3);
    const first = await patient(a.url);
    const hours = await first.browser.json<string[]>('GET', `/api/appointments/hours?id=${row!.id}&fecha=${fecha}`);
    expect(hours.status, hours.text).toBe(200);
    const hora = hours.body[0]!;
    const people = [
      first,
      ...(await Promise.all(Array.from({ length: 49 }, (_, i) => patient(i % 2 ? b.url : a.url)))),
    ];
    const fields = {
      servicio: 'consulta_general',
      id_doctor: row!.id,
      fecha,
      hora,
      mensaje: 'Control',
      metodo_de_pago: 'Transferencia',
      monto: '10',
    };
    const answers = await Promise.all(
      people.map((p, i) =>
        p.browser.form(
          '/api/appointments/receipt',
          fields,
          [{ field: 'comprobante_tranferencia', filename: 'r.png', bytes: PNG_1X1 }],
          i % 2 ? b.url : a.url,
        ),
      ),
    );
    expect(answers.length).toBe(50);
    const ok = answers.filter((r) => r.status === 200);
    expect(ok).toHaveLength(1);
    for (const r of answers.filter((x) => x.status !== 200)) {
      expect(r.status, r.text).toBe(409);
      expect(r.body.message).toBe(messages.appointmentSlotTaken);
    }
    const [count] = await db.query<{ n: number }>('select count(*)::int as n from appointments where doctor_id = $1', [
      row!.id,
    ]);
    expect(count!.n).toBe(1);
  });

  it('a file uploaded through one instance downloads through the other', async () => {
    const p = await patient(a.url);
    const profile = await p.browser.json<{ url_img_cedula: string | null }>(
      'GET',
      '/api/patient/profile',
      undefined,
      b.url,
    );
    expect(profile.status, profile.text).toBe(200);
    expect(profile.body.url_img_cedula).toBeTruthy();
    const file = await p.browser.call('GET', profile.body.url_img_cedula!, undefined, b.url);
    expect(file.status).toBe(200);
    const bytes = Buffer.from(await file.arrayBuffer());
    const fromA = Buffer.from(
      await (await p.browser.call('GET', profile.body.url_img_cedula!, undefined, a.url)).arrayBuffer(),
    );
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.equals(fromA)).toBe(true);
    // Neither instance wrote it to its own disk.
    for (const i of [a, b]) {
      const files = await fs.readdir(`${i.dataDir}/files`).catch(() => []);
      expect(files).toEqual([]);
    }
  });

  it('killing one instance while writes go on loses no acknowledged write; the other keeps serving', async () => {
    const acknowledged: string[] = [];
    const refused: number[] = [];
    let stop = false;
    const writer = async (base: () => string) => {
      while (!stop) {
        try {
          const r = await registerPatient(base());
          if (r.status === 201) acknowledged.push(r.correo);
          else refused.push(r.status);
        } catch {
          // The connection died with the instance: not acknowledged.
        }
      }
    };
    // Signed in on A before the kill: the session must survive A.
    const survivor = await patient(a.url);
    let aAlive = true;
    const writers = [
      writer(() => (aAlive ? a.url : b.url)),
      writer(() => b.url),
      writer(() => (aAlive ? a.url : b.url)),
    ];
    await new Promise((r) => setTimeout(r, 1500));
    await a.kill('SIGKILL');
    aAlive = false;
    const beforeKill = acknowledged.length;
    await new Promise((r) => setTimeout(r, 2000));
    stop = true;
    await Promise.all(writers);
    expect(refused.filter((s) => s >= 500)).toEqual([]);
    // B kept acknowledging writes after A died.
    expect(acknowledged.length).toBeGreaterThan(beforeKill);
    const rows = await db.query<{ correo: string }>('select correo from patients where correo = any($1)', [
      acknowledged,
    ]);
    expect(new Set(rows.map((r) => r.correo))).toEqual(new Set(acknowledged));
    expect(await signedIn(survivor.browser, b.url)).toBe(true);
    expect((await survivor.browser.json('GET', '/api/patient/profile', undefined, b.url)).status).toBe(200);
  });
});
