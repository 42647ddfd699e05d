import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAppointmentBackdate, parseConfig } from '../../infra/config.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { DAYS, adminJar, bookByReceipt, call, doctorAccount, patientJar } from './appointments.test-support.js';

// The browser tests' backdate route (decision 0049, session 10): absent from the product, refused
// by the configuration in production, admin-only when switched on, and it moves an appointment to
// an hour that has started (so attendance can be marked from the week view on real time).

describe('TEST_ONLY_APPOINTMENT_BACKDATE', () => {
  it('production refuses to start with it; off unless set', () => {
    expect(() => parseAppointmentBackdate('1', true)).toThrow('En producción no se permite TEST_ONLY_APPOINTMENT_BACKDATE');
    expect(parseAppointmentBackdate('1', false)).toBe(true);
    expect(parseAppointmentBackdate('0', true)).toBe(false);
    expect(parseConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/x' }).testOnlyAppointmentBackdate).toBe(false);
  });

  describe('without the switch (the product)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ MAIL_WORKER: '0' });
    });
    afterAll(async () => t?.close());

    it('has no such route, not even for an administrator', async () => {
      expect(t.app.routeTable.some((r) => r.url.startsWith('/api/test-only/'))).toBe(false);
      const admin = await adminJar(t);
      const res = await call(t, admin, 'POST', '/api/test-only/appointments/abcdefghijklmnopqrstuvwx/started');
      expect(res.statusCode).toBe(404);
    });
  });

  describe('with the switch (the e2e server)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ MAIL_WORKER: '0', TEST_ONLY_APPOINTMENT_BACKDATE: '1' });
    });
    afterAll(async () => t?.close());

    it('moves an appointment to its doctor\'s latest started slot; a patient may not call it', async () => {
      const doctor = await doctorAccount(t);
      const patient = await patientJar(t);
      const booked = await bookByReceipt(t, patient.jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '10:00' });
      expect(booked.statusCode, booked.body).toBe(200);
      const token = booked.json<{ token: string }>().token;
      const url = `/api/test-only/appointments/${token}/started`;
      expect((await call(t, patient.jar, 'POST', url)).statusCode).toBe(401);

      // The clock: Saturday 2026-11-21, 10:00 in Panama; the latest started slot is 10:00 today.
      const admin = await adminJar(t);
      const moved = await call(t, admin, 'POST', url);
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json()).toEqual({ fecha: DAYS.today, hora: '10:00' });
      // A second appointment of the same doctor takes the slot before it.
      const other = await bookByReceipt(t, (await patientJar(t)).jar, { id_doctor: doctor.id, fecha: DAYS.monday, hora: '11:00' });
      const second = await call(t, admin, 'POST', `/api/test-only/appointments/${other.json<{ token: string }>().token}/started`);
      expect(second.json()).toEqual({ fecha: DAYS.today, hora: '09:00' });
    });
  });
});
