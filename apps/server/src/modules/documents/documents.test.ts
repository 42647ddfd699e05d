import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, REQUIRED_FIELDS, messages, type DocumentType } from '@clinica/shared';
import { createTestApp, multipart, type CookieJar, type TestApp } from '../../../test/harness.js';
import { drawnSignature } from '../../../test/signature-fixture.js';
import { newVerificationCode, slug } from './documents.service.js';
import { consultation, patient as registeredPatient, staffMember } from '../records/records.test-support.js';
import { DOCTOR_PROFILE, completeDoctorProfile } from '../doctor-profile/test-support.js';

const run = promisify(execFile);

let t: TestApp;
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** The text of a PDF as pdftotext (poppler-utils) extracts it, whitespace collapsed. */
async function pdfText(pdf: Buffer) {
  const file = path.join(t.dataDir, `extract-${crypto.randomUUID()}.pdf`);
  await fs.writeFile(file, pdf);
  const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', file, '-']);
  await fs.rm(file);
  return stdout.replace(/\s+/g, ' ');
}
const flat = (s: string) => s.replace(/\s+/g, ' ').trim();

async function staffLogin(role: 'doctor', nombre: string, apellido: string) {
  return staffMember(t, role, { nombre, apellido });
}

const patientLogin = (over: Record<string, string> = {}) => registeredPatient(t, over);

const saveProfile = (jar: CookieJar, fields: Record<string, string>, firma?: Buffer) => {
  const body = multipart(fields, firma ? [{ field: 'firma', filename: 'firma.png', bytes: firma, type: 'image/png' }] : []);
  return t.app.inject({
    method: 'PUT',
    url: '/api/doctor/documents/profile',
    payload: body.payload,
    headers: { ...body.headers, cookie: jar.header },
  });
};

const generate = (jar: CookieJar, tipo: string, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/doctor/documents/${tipo}`, headers: { cookie: jar.header }, payload });
const list = async (jar: CookieJar, tipo: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/doctor/documents/${tipo}`, headers: { cookie: jar.header } });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: string; nombre_pdf: string; codigo: string; created_at: string; disponible: boolean }[]>();
};

let doctorA: CookieJar;
let doctorB: CookieJar;
let patient1: { jar: CookieJar; correo: string; id: string };
let patient2: { jar: CookieJar; correo: string; id: string };
/** María's cédula as her account holds it (printed on every document issued to her). */
let cedula1: string;

/** One filled form per type, with accents and ñ everywhere; dates and selects as the form sends them. */
const samples = (correo: string): Record<DocumentType, Record<string, string | Record<string, string>[]>> => ({
  'certificado-salud': {
    correoPaciente: correo,
    ssn: 'SS-4455-Ñ',
    date: '2026-11-20',
    patientName: 'María José Núñez Pérez',
    doctorName: 'Dra. Ana Castillo Ibáñez',
    doctorCode: 'CÓD-0771',
    regNumber: 'Idoneidad N.º 4521',
  },
  'solicitud-examenes': {
    correoPaciente: correo,
    patientName: 'Ángel Muñoz Gutiérrez',
    country_code: '+507',
    Celular: '6123-4567',
    CIP: '8-888-1234',
    Edad: '41',
    Sexo: 'Hombre',
    Examenes: 'Hemograma completo, glucosa en ayunas, perfil lipídico y examen general de orina.\nUrocultivo si hay síntomas.',
  },
  'historia-clinica': {
    correoPaciente: correo,
    patientName: 'Sofía Ramírez Ordóñez',
    Edad: '16',
    FechaNacimiento: '2010-03-05',
    country_code: '+57',
    Celular: '300 123 4567',
    Direccion: 'Calle 50, edificio Añil, apartamento 3B, Ciudad de Panamá',
    Genero: 'Mujer',
    Cedula: '8-999-0001',
    RepreLegal: 'Inés Ordóñez (madre)',
    Fecha: '2026-11-21',
    Subjetivo: 'Dolor de garganta y fiebre de dos días de evolución; refiere odinofagia.',
    APP: 'Asma leve intermitente en la niñez.',
    Alergias: 'Penicilina (exantema).',
    Objetivo: 'Faringe eritematosa con exudado; adenopatías cervicales dolorosas.',
    Peso: '54 kg',
    TA: '110/70',
    FC: '96',
    FR: '18',
    T: '38,4 °C',
    Analisis: 'Faringoamigdalitis aguda, probable etiología bacteriana.',
    Plan: 'Azitromicina 500 mg diarios por 3 días; hidratación; control en 72 horas.',
  },
  'referencia-medica': {
    correoPaciente: correo,
    Especialidad: 'Nefrología',
    Paciente: 'José Ángel Cedeño',
    Edad: '58',
    Genero: 'Hombre',
    Cedula: '4-123-789',
    ValidacionSSN: 'Si',
    SSN: '123-45-6789',
    Direccion: 'Vía Porras, San Francisco',
    Trabajo: 'Compañía de Seguros Ñandú',
    country_code: '+507',
    Celular: '6987-6543',
    Fecha: '2026-11-21',
    Hora: '14:30',
    Subjetivo: 'Edema en miembros inferiores y orina espumosa desde hace un mes.',
    Alergias: 'Ninguna conocida.',
    APP: 'Diabetes mellitus tipo 2 e hipertensión arterial.',
    AHF: 'Madre con insuficiencia renal crónica.',
    AQX: 'Colecistectomía en 2015.',
    Medicamentos: 'Metformina 850 mg, losartán 50 mg.',
    Peso: '82',
    Talla: '1,70',
    T2: '2,89',
    IMC: '28,4',
    TA: '150/95',
    FC: '80',
    FR: '16',
    TEMP: '36,7',
    FCF: 'No aplica',
    Cabeza: 'Normal',
    Fontanelas: 'Normal',
    Ojos: 'Anormal',
    ORL: 'Normal',
    Piel_Y_Linfatico: 'Normal',
    Cardiopulmonar: 'Normal',
    Abdomen: 'Normal',
    O_Sexuales: 'Normal',
    Extremidades: 'Anormal',
    Urologico: 'Normal',
    Neurologico: 'Normal',
    Hallazgos_Relevantes: 'Edema con fóvea ++ en ambas piernas; retinopatía incipiente.',
    Analisis: 'Probable nefropatía diabética con proteinuria.',
    Plan: 'Valoración por Nefrología; creatinina, depuración y proteinuria de 24 horas.',
    Medico: 'Dra. Ana Castillo Ibáñez',
    Reg: 'Reg. 4521-Ñ',
  },
  recetario: {
    correoPaciente: correo,
    patientName: 'Lucía Peña Núñez',
    country_code: '+507',
    Celular: '6555-1212',
    CIP: '8-777-3333',
    Edad: '29',
    Sexo: 'Mujer',
    Alergias: 'Ácido acetilsalicílico',
    date: '2026-11-21',
    Medicamentos: [
      { medicamento: 'Ibuprofeno', presentacion: 'Tabletas de 400 mg', dosis: '1 tableta', via: 'Oral', frecuencia: 'Cada 8 horas', duracion: '5 días', cantidad: '15 tabletas' },
      { medicamento: 'Omeprazol', presentacion: 'Cápsulas de 20 mg', dosis: '1 cápsula', via: 'Oral', frecuencia: 'En ayunas', duracion: '5 días', cantidad: '5 cápsulas' },
    ],
  },
  'certificado-incapacidad': {
    correoPaciente: correo,
    ssn: 'SS-9988',
    date: '2026-11-21',
    patientName: 'Raúl Briceño Ávila',
    dias_incapacidad: '3',
    hora_inicio: '08:00',
    dia_inicio: '21',
    mes_inicio: '11',
    ano_inicio: '2026',
    hora_final: '08:00',
    dia_final: '24',
    mes_final: '11',
    ano_final: '2026',
    doctorName: 'Dra. Ana Castillo Ibáñez',
    regNumber: 'Idoneidad N.º 4521',
  },
});

const DATES: Record<string, string> = {
  '2026-11-20': '20 nov. 2026',
  '2026-11-21': '21 nov. 2026',
  '2010-03-05': '5 mar. 2010',
};
/** Hours in 12 hours with a. m. / p. m. (decision 0044). */
const TIMES: Record<string, string> = { '14:30': '2:30 p. m.' };

/** What the PDF must say for each submitted field (dates in the one format, hours in 12 hours, ages in years, phones with their code). */
function expectedFragments(tipo: DocumentType, s: Record<string, string | Record<string, string>[]>) {
  const out: string[] = [];
  for (const [k, v] of Object.entries(s)) {
    // The patient's e-mail is not printed (issue 22); the prescription's lines are a table's rows.
    if (k === 'country_code' || k === 'correoPaciente') continue;
    // The referring doctor is the signing account (printed under the signature), not a typed name.
    if (tipo === 'referencia-medica' && k === 'Medico') continue;
    if (Array.isArray(v)) {
      out.push(...v.map((line) => Object.values(line).join(' ')));
      continue;
    }
    if (DATES[v]) out.push(DATES[v]);
    else if (TIMES[v]) out.push(TIMES[v]);
    // Neither the e-mail nor what the form says of the doctor or of the patient's identity is
    // printed: the account's profile and the patient's account are (issue 22, checked below).
    else if (['correoPaciente', 'doctorName', 'Medico', 'regNumber', 'Reg', 'doctorCode', 'CIP', 'Cedula', 'Edad'].includes(k)) continue;
    else if (k === 'Celular') out.push(`${s.country_code as string} ${v}`);
    else if (tipo === 'certificado-incapacidad' && /_(inicio|final)$/.test(k)) continue;
    else if (k === 'dias_incapacidad') out.push(`${v} días`);
    else out.push(flat(v));
  }
  if (tipo === 'certificado-incapacidad') {
    out.push('desde las 8:00 a. m. del 21 nov. 2026 hasta las 8:00 a. m. del 24 nov. 2026');
  }
  return out;
}

async function storedFiles() {
  const dir = path.join(t.dataDir, 'files');
  const found: string[] = [];
  for (const sub of await fs.readdir(dir).catch(() => [] as string[])) {
    for (const f of await fs.readdir(path.join(dir, sub))) found.push(path.join(dir, sub, f));
  }
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  const ana = await staffLogin('doctor', 'Ana', 'Castillo');
  doctorA = ana.jar;
  doctorB = (await staffLogin('doctor', 'Bruno', 'Díaz')).jar;
  patient1 = await patientLogin({ nombre: 'María', apellido: 'Núñez', genero: 'femenino', edad: '34' });
  patient2 = await patientLogin();
  // María is doctor Ana's patient: the documents below are issued to her account.
  await consultation(t, patient1, ana.id);
  const found = await t.app.inject({ method: 'GET', url: `/api/doctor/documents/patient?id=${patient1.id}`, headers: { cookie: doctorA.header } });
  cedula1 = found.json<{ cedula: string }>().cedula;
});
afterAll(async () => t.close());

describe('doctor profile: signature and registration number', () => {
  it('refuses to generate before the doctor has a complete profile and a saved signature', async () => {
    let res = await generate(doctorA, 'recetario', samples(patient1.correo).recetario);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.doctorProfileIncomplete);
    await completeDoctorProfile(t, doctorA);
    await completeDoctorProfile(t, doctorB, { nombreCompleto: 'Bruno Díaz', sexo: 'Hombre', regNumber: 'B-77' });
    res = await generate(doctorA, 'recetario', samples(patient1.correo).recetario);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.documentProfileRequired);
    expect(await list(doctorA, 'recetario')).toEqual([]);
  });

  it('refuses a signature that is not a PNG by its content, or an empty pad', async () => {
    const jpegNamedPng = Buffer.from('ffd8ffe000104a46494600010100000100010000ffdb', 'hex');
    let res = await saveProfile(doctorA, { regNumber: '4521' }, jpegNamedPng);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.invalidSignature);
    const blank = PNG.sync.write(new PNG({ width: 300, height: 100 }));
    res = await saveProfile(doctorA, { regNumber: '4521' }, blank);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(messages.signatureRequired);
    res = await saveProfile(doctorA, { regNumber: '4521' });
    expect(res.json().message).toBe(messages.signatureRequired);
    const profile = await t.app.inject({ method: 'GET', url: '/api/doctor/documents/profile', headers: { cookie: doctorA.header } });
    expect(profile.json().hasSignature).toBe(false);
  });

  it('saves the drawn signature as a grey PNG; the registration data comes from the profile, not from this form', async () => {
    const res = await saveProfile(doctorA, { regNumber: 'REG-FALSO', doctorCode: 'X' }, drawnSignature());
    expect(res.json()).toEqual({ success: true, message: messages.signatureSaved });
    const profile = await t.app.inject({ method: 'GET', url: '/api/doctor/documents/profile', headers: { cookie: doctorA.header } });
    expect(profile.json()).toEqual({
      nombre: 'Ana',
      apellido: 'Castillo',
      nombreCompleto: 'Ana Castillo Ibáñez',
      sexo: 'Mujer',
      especialidad: 'Medicina General',
      regNumber: 'Idoneidad N.º 4521',
      doctorCode: 'CÓD-0771',
      completo: true,
      hasSignature: true,
    });
    const img = await t.app.inject({ method: 'GET', url: '/api/doctor/documents/profile/signature', headers: { cookie: doctorA.header } });
    expect(img.headers['content-type']).toBe('image/png');
    const png = PNG.sync.read(img.rawPayload);
    expect(png.width).toBeLessThan(400); // cropped to the ink
    const other = await t.app.inject({ method: 'GET', url: '/api/doctor/documents/profile/signature', headers: { cookie: doctorB.header } });
    expect(other.statusCode).toBe(404);
    expect((await saveProfile(doctorB, { regNumber: 'B-77' }, drawnSignature(300, 120))).statusCode).toBe(200);
  });
});

describe('filling a form from the patient record', () => {
  it("gives a doctor the known data of one of their patients, by account id or exact e-mail", async () => {
    for (const query of [`id=${patient1.id}`, `correo=${encodeURIComponent(patient1.correo.toUpperCase())}`]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/doctor/documents/patient?${query}`, headers: { cookie: doctorA.header } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: patient1.id, correo: patient1.correo, nombre: 'María', apellido: 'Núñez', genero: 'Mujer', edad: '34', country_code: '+507' });
    }
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/doctor/documents/patient?correo=nadie@example.com',
      headers: { cookie: doctorA.header },
    });
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toBe(messages.patientNotYours);
    const asPatient = await t.app.inject({
      method: 'GET',
      url: `/api/doctor/documents/patient?correo=${encodeURIComponent(patient1.correo)}`,
      headers: { cookie: patient2.jar.header },
    });
    expect(asPatient.statusCode).toBe(401);
  });
});

describe.each(DOCUMENT_TYPES)('%s', (tipo) => {
  it('renders every submitted field into the PDF, accents intact, and stores it encrypted', async () => {
    const sample = samples(patient1.correo)[tipo];
    const before = await storedFiles();
    const res = await generate(doctorA, tipo, { ...sample, pacienteId: patient1.id });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['content-type']).toBe('application/pdf');
    const disposition = String(res.headers['content-disposition']);
    expect(disposition).toMatch(new RegExp(`^attachment; filename="${tipo}-[a-z0-9-]+-\\d{4}-\\d{2}-\\d{2}\\.pdf"$`));
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    const text = await pdfText(pdf);
    // (A hyphen that ends a line is dropped by pdftotext: compared without hyphens.)
    const unhyphenated = text.replace(/-\s?/g, '');
    for (const fragment of expectedFragments(tipo, sample)) expect(unhyphenated).toContain(fragment.replace(/-\s?/g, ''));
    // The signing doctor as the profile says, with her title; the patient's cédula and age from
    // her account; the number; never the e-mail (issue 22).
    expect(text).toContain('Dra. Ana Castillo Ibáñez');
    expect(text).toContain(DOCTOR_PROFILE.regNumber);
    expect(text).toContain(`Cédula/Pasaporte: ${cedula1}`);
    expect(text).toContain('Edad: 34 años');
    expect(text).not.toContain(patient1.correo);
    const numero = String(res.headers['x-documento-numero']);
    expect(numero).toMatch(/^[A-Z]{2}-2026-\d{6}$/);
    expect(text).toContain(numero);
    if (tipo.startsWith('certificado')) expect(text).toContain('Quien suscribe, Dra. Ana Castillo Ibáñez, médica con número de registro (idoneidad)');
    expect(text).toContain('Emitido en Ciudad de Panamá, el 21 nov. 2026 a las 10:00 a. m. (hora de Panamá).');
    const codigo = String(res.headers['x-documento-codigo']);
    expect(text).toContain(codigo);
    expect(text).toContain(`/verificar-documento?codigo=${codigo}`);

    // Stored: one new file, encrypted (neither the PDF header nor the patient's name readable).
    const added = (await storedFiles()).filter((f) => !before.includes(f));
    expect(added).toHaveLength(1);
    const raw = await fs.readFile(added[0]!);
    expect(raw.includes(Buffer.from('%PDF'))).toBe(false);
    expect(raw.equals(pdf)).toBe(false);

    // Listed for its doctor, and a re-download has the SHA-256 of what was generated.
    const rows = await list(doctorA, tipo);
    expect(rows[0]).toMatchObject({ codigo, disponible: true, nombre_pdf: disposition.split('"')[1] });
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/doctor/documents/${tipo}/${rows[0]!.id}/pdf`,
      headers: { cookie: doctorA.header },
    });
    expect(again.statusCode).toBe(200);
    expect(sha(again.rawPayload)).toBe(sha(pdf));
  });

  it('refuses a missing required field with a clear message and stores nothing', async () => {
    const required = REQUIRED_FIELDS[tipo].filter((f) => f !== 'correoPaciente' && f !== 'country_code');
    const field = required[0]!;
    const before = await storedFiles();
    const count = (await list(doctorA, tipo)).length;
    for (const missing of [field, 'correoPaciente']) {
      const res = await generate(doctorA, tipo, { ...samples(patient1.correo)[tipo], [missing]: '' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, message: messages.missingFields, errors: { [missing]: messages.missingFields } });
    }
    const omitted = { ...samples(patient1.correo)[tipo] };
    delete omitted[field];
    expect((await generate(doctorA, tipo, omitted)).json().message).toBe(messages.missingFields);
    expect(await list(doctorA, tipo)).toHaveLength(count);
    expect(await storedFiles()).toEqual(before);
  });
});

describe('required sets beyond "not empty"', () => {
  it.each(DOCUMENT_TYPES)('%s: the required fields alone are enough', async (tipo) => {
    const full = samples(patient1.correo)[tipo];
    // (An adult needs no legal representative; without Seguro Social there is no SSN.)
    const conditional: Record<string, string> = { Edad: '30', ValidacionSSN: 'No' };
    const minimal = Object.fromEntries(REQUIRED_FIELDS[tipo].map((f) => [f, conditional[f] ?? full[f]!]));
    const res = await generate(doctorA, tipo, minimal);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('the referral needs the SSN only when ValidacionSSN is Si, and drops it otherwise', async () => {
    const base = samples(patient1.correo)['referencia-medica'];
    const res = await generate(doctorA, 'referencia-medica', { ...base, SSN: '' });
    expect(res.json().errors).toEqual({ SSN: messages.missingFields });
    const no = await generate(doctorA, 'referencia-medica', { ...base, ValidacionSSN: 'No', SSN: '999-99-9999' });
    expect(no.statusCode).toBe(201);
    expect(await pdfText(no.rawPayload)).not.toContain('999-99-9999');
  });

  it('the clinical history of a minor needs the legal representative', async () => {
    const res = await generate(doctorA, 'historia-clinica', { ...samples(patient1.correo)['historia-clinica'], RepreLegal: '' });
    expect(res.json().errors).toEqual({ RepreLegal: messages.legalRepresentativeRequired });
  });

  it('checks selects, dates, the phone length and the incapacity period', async () => {
    const s = samples(patient1.correo);
    expect((await generate(doctorA, 'solicitud-examenes', { ...s['solicitud-examenes'], Sexo: 'Otro' })).json().errors).toEqual({
      Sexo: messages.invalidChoice,
    });
    expect((await generate(doctorA, 'recetario', { ...s.recetario, date: '2026-02-30' })).json().errors).toEqual({
      date: messages.invalidDate,
    });
    expect((await generate(doctorA, 'recetario', { ...s.recetario, Celular: '612' })).json().errors).toEqual({
      Celular: messages.invalidPhone,
    });
    expect(
      (await generate(doctorA, 'certificado-incapacidad', { ...s['certificado-incapacidad'], dia_final: '20' })).json().errors,
    ).toEqual({ dia_final: messages.incapacityEndBeforeStart });
    const unknown = await generate(doctorA, 'certificado-de-nada', s.recetario);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('text is printed literally', () => {
  it('draws PDF and HTML syntax as plain text and adds no active content', async () => {
    const hostile = '<script>alert("x")</script> <b>negrita</b> ) /JavaScript << /S /Launch >> endobj %%EOF \\ (ñ)';
    const res = await generate(doctorA, 'recetario', {
      ...samples(patient1.correo).recetario,
      patientName: 'Paciente <img src=x onerror=alert(1)>',
      Medicamentos: [{ medicamento: hostile, presentacion: '(x) /AA << >>', dosis: '1', via: 'Oral', frecuencia: '%%EOF', duracion: '1 día', cantidad: '1' }],
      Indicaciones: hostile,
    });
    expect(res.statusCode).toBe(201);
    const pdf = res.rawPayload;
    const text = await pdfText(pdf);
    expect(text).toContain(flat(hostile));
    expect(text).toContain('Paciente <img src=x onerror=alert(1)>');
    // Nothing in the file's structure came from the input.
    expect(pdf.includes(Buffer.from('/Launch'))).toBe(false);
    expect(pdf.includes(Buffer.from('/JavaScript'))).toBe(false);
    expect(String(res.headers['content-disposition'])).toMatch(/filename="recetario-paciente-img-src-x-onerror-alert-1-[\d-]+\.pdf"/);
  });
});

describe('who sees which document', () => {
  it('lists a doctor only their own documents and refuses another doctor the download', async () => {
    const mine = await list(doctorA, 'certificado-salud');
    expect(mine.length).toBeGreaterThan(0);
    expect(await list(doctorB, 'certificado-salud')).toEqual([]);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/doctor/documents/certificado-salud/${mine[0]!.id}/pdf`,
      headers: { cookie: doctorB.header },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: messages.notFound });
    // The same id under another type is not found either.
    const wrongType = await t.app.inject({
      method: 'GET',
      url: `/api/doctor/documents/recetario/${mine[0]!.id}/pdf`,
      headers: { cookie: doctorA.header },
    });
    expect(wrongType.statusCode).toBe(404);
  });

  it('gives a patient the documents bound to their account, and no one else’s', async () => {
    const ownRes = await t.app.inject({ method: 'GET', url: '/api/patient/documents', headers: { cookie: patient1.jar.header } });
    const own = ownRes.json<{ id: string; titulo: string; doctor: string; tipo: string }[]>();
    expect(new Set(own.map((d) => d.tipo))).toEqual(new Set(DOCUMENT_TYPES));
    expect(own[0]!.doctor).toBe('Ana Castillo');
    expect(own.every((d) => /^[A-Z]{2}-2026-\d{6}$/.test(String((d as { numero?: string }).numero)))).toBe(true);
    const one = own.find((d) => d.tipo === 'historia-clinica')!;
    expect(one.titulo).toBe('Historia Clínica');
    const dl = await t.app.inject({ method: 'GET', url: `/api/patient/documents/${one.id}/pdf`, headers: { cookie: patient1.jar.header } });
    expect(dl.statusCode).toBe(200);
    expect(await pdfText(dl.rawPayload)).toContain('Sofía Ramírez Ordóñez');

    const others = await t.app.inject({ method: 'GET', url: '/api/patient/documents', headers: { cookie: patient2.jar.header } });
    expect(others.json()).toEqual([]);
    const stolen = await t.app.inject({ method: 'GET', url: `/api/patient/documents/${one.id}/pdf`, headers: { cookie: patient2.jar.header } });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ success: false, message: messages.notFound });
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/patient/documents/${one.id}/pdf` });
    expect(anonymous.statusCode).toBe(401);
    // A patient session is not a doctor session.
    const asDoctor = await t.app.inject({ method: 'GET', url: '/api/doctor/documents/recetario', headers: { cookie: patient1.jar.header } });
    expect(asDoctor.statusCode).toBe(401);
  });
});

describe('public verification', () => {
  it('says who issued a real code and when, without patient data, and compares an uploaded file', async () => {
    const res = await generate(doctorA, 'certificado-salud', samples(patient1.correo)['certificado-salud']);
    const codigo = String(res.headers['x-documento-codigo']);
    const check = await t.app.inject({ method: 'GET', url: `/api/documents/verify/${codigo.toLowerCase().replaceAll('-', '')}` });
    expect(check.json()).toEqual({
      emitido: true,
      codigo,
      tipo: 'certificado-salud',
      titulo: 'Certificado de Salud',
      doctor: 'Dra. Ana Castillo Ibáñez',
      fecha: '2026-11-21T15:00:00.000Z',
      numero: String(res.headers['x-documento-numero']),
      anulado: null,
      reemplazadoPor: null,
      reemplazaA: null,
    });
    expect(check.body).not.toContain('María');
    expect(check.body).not.toContain(patient1.correo);

    const upload = (bytes: Buffer) => {
      const body = multipart({}, [{ field: 'archivo', filename: 'documento.pdf', bytes, type: 'application/pdf' }]);
      return t.app.inject({ method: 'POST', url: `/api/documents/verify/${codigo}`, ...body });
    };
    expect((await upload(res.rawPayload)).json()).toEqual({ coincide: true, message: messages.documentFileMatches });
    const forged = Buffer.from(res.rawPayload);
    forged[forged.length - 20] = forged[forged.length - 20]! ^ 1;
    expect((await upload(forged)).json()).toEqual({ coincide: false, message: messages.documentFileDiffers });
    const empty = await t.app.inject({ method: 'POST', url: `/api/documents/verify/${codigo}`, ...multipart({ nada: '1' }) });
    expect(empty.json().message).toBe(messages.verificationFileRequired);
  });

  it('answers a forged or malformed code with "not issued"', async () => {
    for (const code of [newVerificationCode(), 'ABCD-EFGH-JKMN', 'not-a-code', '%3Cscript%3E']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/documents/verify/${code}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: messages.documentNotIssued });
    }
  });
});

describe('helpers', () => {
  it('makes codes of the unambiguous alphabet and ASCII file names', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newVerificationCode()));
    expect(codes.size).toBe(200);
    for (const c of codes) expect(c).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(slug('  María José Núñez-Ávila ')).toBe('maria-jose-nunez-avila');
    expect(slug('<>')).toBe('');
  });
});
