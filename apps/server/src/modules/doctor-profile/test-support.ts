import type { DoctorProfileInput } from '@clinica/shared';
import type { CookieJar, TestApp } from '../../../test/harness.js';

/** A complete doctor's profile (issue 22): what a document needs besides a signature. */
export const DOCTOR_PROFILE: Required<DoctorProfileInput> = {
  nombreCompleto: 'Ana Castillo Ibáñez',
  sexo: 'Mujer',
  especialidad: 'Medicina General',
  regNumber: 'Idoneidad N.º 4521',
  doctorCode: 'CÓD-0771',
};

/** Saves the signed-in doctor's profile through the API; fails the test when refused. */
export async function completeDoctorProfile(t: TestApp, jar: CookieJar, over: Partial<DoctorProfileInput> = {}) {
  const res = await t.app.inject({ method: 'PUT', url: '/api/doctor/profile', headers: { cookie: jar.header }, payload: { ...DOCTOR_PROFILE, ...over } });
  if (res.statusCode !== 200) throw new Error(`doctor profile not saved: ${res.statusCode} ${res.body}`);
  return res;
}
