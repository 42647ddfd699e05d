import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_TYPES, messages, type DocumentType } from '@clinica/shared';
import { createTestApp, multipart, type CookieJar, type TestApp } from '../../../test/harness.js';
import { drawnSignature } from '../../../test/signature-fixture.js';
import { consultation, patient as registeredPatient, staffMember } from '../records/records.test-support.js';
import { completeDoctorProfile } from '../doctor-profile/test-support.js';
import { DEMO_CERTIFICATE_MARK, demoIdentity, readPkcs12, selfSignedIdentity, toPkcs12 } from './documents.digital-signature.js';

// Issue 22, items 6-10: diagnosis with its CIE-10 code, the referral, the structured prescription,
// one-page layout and the clinic's digital signature, read back with poppler-utils (pdftotext,
// pdftoppm, pdfsig): tools independent of the code that wrote and signed the PDFs.

const run = promisify(execFile);
let t: TestApp;
let doctor: CookieJar;
let maria: { jar: CookieJar; correo: string; id: string };

async function withFile<T>(pdf: Buffer, use: (file: string) => Promise<T>): Promise<T> {
  const file = path.join(t.dataDir, `check-${crypto.randomUUID()}.pdf`);
  await fs.writeFile(file, pdf);
  try {
    return await use(file);
  } finally {
    await fs.rm(file);
  }
}

/** The text of a PDF (or of one page of it), whitespace collapsed. */
const pdfText = (pdf: Buffer, page?: number) =>
  withFile(pdf, async (file) => {
    const range = page ? ['-f', String(page), '-l', String(page)] : [];
    const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', ...range, file, '-']);
    return stdout.replace(/\s+/g, ' ');
  });

/** How many pages pdftoppm renders. */
const pageCount = (pdf: Buffer) =>
  withFile(pdf, async (file) => {
    const out = path.join(t.dataDir, `pages-${crypto.randomUUID()}`);
    await fs.mkdir(out);
    await run('pdftoppm', ['-r', '10', '-png', file, path.join(out, 'p')]);
    const pages = (await fs.readdir(out)).length;
    await fs.rm(out, { recursive: true });
    return pages;
  });

/** What poppler's pdfsig (NSS) says of the PDF's signatures. */
const pdfsig = (pdf: Buffer) =>
  withFile(pdf, async (file) => {
    // pdfsig exits non-zero for an invalid signature; its report is what matters here.
    const res = await run('pdfsig', [file]).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
    return res.stdout;
  });

const generate = (payload: object, tipo: DocumentType) =>
  t.app.inject({ method: 'POST', url: `/api/doctor/documents/${tipo}`, headers: { cookie: doctor.header }, payload: { ...payload, pacienteId: maria.id } });

const DIAGNOSIS = 'Diagnóstico: J06.9 — Infección aguda de las vías respiratorias superiores, no especificada';
const line = (over: Record<string, string> = {}) => ({
  medicamento: 'Amoxicilina',
  presentacion: 'Cápsulas de 500 mg',
  dosis: '1 cápsula',
  via: 'Oral',
  frecuencia: 'Cada 8 horas',
  duracion: '7 días',
  cantidad: '21 cápsulas',
  ...over,
});

/** A typical filled form of each type, with a diagnosis wherever the document carries one. */
const forms = (correo: string): Record<DocumentType, Record<string, unknown>> => ({
  'certificado-salud': {
    correoPaciente: correo,
    ssn: '123-4567',
    date: '2026-11-21',
    patientName: 'María Núñez',
    doctorName: 'Ana Castillo',
    regNumber: 'Idoneidad 4521',
  },
  'solicitud-examenes': {
    correoPaciente: correo,
    patientName: 'María Núñez',
    CIP: '8-888-1234',
    Edad: '34',
    Sexo: 'Mujer',
    Examenes: 'Hemograma completo\nProteína C reactiva\nHisopado faríngeo',
    Diagnostico: 'Faringitis de tres días',
    CIE10: 'j069',
  },
  'historia-clinica': {
    correoPaciente: correo,
    patientName: 'María Núñez',
    Edad: '34',
    FechaNacimiento: '1992-03-05',
    country_code: '+507',
    Celular: '6123-4567',
    Direccion: 'Calle 50, edificio Añil, apartamento 3B, Ciudad de Panamá',
    Genero: 'Mujer',
    Cedula: '8-999-0001',
    Fecha: '2026-11-21',
    Subjetivo: 'Dolor de garganta, tos seca y fiebre de 38,5 °C desde hace dos días; sin dificultad respiratoria.',
    APP: 'Asma leve intermitente en la niñez.',
    Alergias: 'Penicilina (exantema).',
    Objetivo: 'Faringe eritematosa sin exudado; murmullo vesicular conservado, sin sibilancias.',
    Peso: '64 kg',
    TA: '110/70',
    FC: '86',
    FR: '18',
    T: '38,4 °C',
    Analisis: 'Cuadro viral de vías respiratorias altas, sin signos de alarma.',
    Diagnostico: 'Infección aguda de las vías respiratorias superiores, no especificada',
    CIE10: 'J06.9',
    Plan: 'Hidratación, paracetamol 500 mg cada 8 horas si hay fiebre; control en 72 horas o antes si empeora.',
  },
  'referencia-medica': {
    correoPaciente: correo,
    Especialidad: 'Nefrología',
    ReferidoA: 'Hospital Santo Tomás, Dr. Luis Pérez',
    Paciente: 'María Núñez',
    Edad: '34',
    Genero: 'Mujer',
    Cedula: '8-999-0001',
    ValidacionSSN: 'Si',
    SSN: '123-45-6789',
    Direccion: 'Vía Porras, San Francisco',
    country_code: '+507',
    Celular: '6987-6543',
    Fecha: '2026-11-21',
    Hora: '14:30',
    Subjetivo: 'Edema en miembros inferiores y orina espumosa desde hace un mes.',
    Alergias: 'Ninguna conocida.',
    APP: 'Diabetes mellitus tipo 2 e hipertensión arterial.',
    Peso: '82',
    Talla: '1,70',
    // Whatever the browser sends for T2 and IMC, the server computes them.
    T2: '2.62',
    IMC: '99',
    TA: '150/95',
    FC: '80',
    FR: '16',
    TEMP: '36,7',
    ...Object.fromEntries(
      ['Cabeza', 'Ojos', 'ORL', 'Piel_Y_Linfatico', 'Cardiopulmonar', 'Abdomen', 'O_Sexuales', 'Extremidades', 'Urologico', 'Neurologico'].map((s) => [s, 'Normal']),
    ),
    Hallazgos_Relevantes: 'Edema con fóvea ++ en ambas piernas.',
    Analisis: 'Probable nefropatía diabética con proteinuria.',
    Diagnostico: '',
    CIE10: 'J06.9',
    Plan: 'Valoración por Nefrología; creatinina y proteinuria de 24 horas.',
    Medico: 'Ana Castillo',
    Reg: 'Idoneidad 4521',
  },
  recetario: {
    correoPaciente: correo,
    patientName: 'María Núñez',
    CIP: '8-999-0001',
    Edad: '34',
    Sexo: 'Mujer',
    Alergias: 'Penicilina',
    date: '2026-11-21',
    Medicamentos: [
      line({ medicamento: 'Azitromicina', presentacion: 'Tabletas de 500 mg', dosis: '1 tableta', frecuencia: 'Cada 24 horas', duracion: '3 días', cantidad: '3 tabletas' }),
      line({ medicamento: 'Paracetamol', presentacion: 'Tabletas de 500 mg', dosis: '1 tableta', frecuencia: 'Cada 8 horas si hay fiebre', duracion: '5 días', cantidad: '15 tabletas' }),
      line({ medicamento: 'Salbutamol', presentacion: 'Inhalador de 100 mcg/dosis', dosis: '2 inhalaciones', via: 'Inhalada', frecuencia: 'Cada 6 horas si hay tos', duracion: '7 días', cantidad: '1 inhalador' }),
    ],
    Indicaciones: 'Abundantes líquidos; volver si aparece dificultad para respirar.',
  },
  'certificado-incapacidad': {
    correoPaciente: correo,
    ssn: '123-4567',
    date: '2026-11-21',
    patientName: 'María Núñez',
    dias_incapacidad: '3',
    hora_inicio: '08:00',
    dia_inicio: '21',
    mes_inicio: '11',
    ano_inicio: '2026',
    hora_final: '08:00',
    dia_final: '24',
    mes_final: '11',
    ano_final: '2026',
    doctorName: 'Ana Castillo',
    regNumber: 'Idoneidad 4521',
    Diagnostico: '',
    CIE10: 'J06.9',
  },
});

beforeAll(async () => {
  t = await createTestApp();
  const ana = await staffMember(t, 'doctor', { nombre: 'Ana', apellido: 'Castillo' });
  doctor = ana.jar;
  maria = await registeredPatient(t, { nombre: 'María', apellido: 'Núñez', genero: 'femenino', edad: '34' });
  await consultation(t, maria, ana.id);
  // Who signs is the doctor's profile (decision 0041): Dra. Ana Castillo Ibáñez, 'la médica'.
  await completeDoctorProfile(t, doctor);
  const body = multipart({}, [{ field: 'firma', filename: 'firma.png', bytes: drawnSignature(), type: 'image/png' }]);
  const saved = await t.app.inject({ method: 'PUT', url: '/api/doctor/documents/profile', payload: body.payload, headers: { ...body.headers, cookie: doctor.header } });
  expect(saved.statusCode).toBe(200);
});
afterAll(async () => t.close());

describe.each(DOCUMENT_TYPES)('%s, a typical filled form', (tipo) => {
  it('fits one page, says what the issue asks, and carries a valid signature of the clinic', async () => {
    const res = await generate(forms(maria.correo)[tipo], tipo);
    expect(res.statusCode, res.body).toBe(201);
    const pdf = res.rawPayload;
    expect(await pageCount(pdf)).toBe(1);

    const text = await pdfText(pdf);
    // The letterhead: the clinic's address and phone from the configuration.
    expect(text).toContain('Calle 50 y Calle 53 Este, Obarrio, Ciudad de Panamá · Tel. +507 300-0000');
    // The number is inside the signed bytes (signed after numbering, decision 0041's amendment), and
    // the signer is the profile's titled doctor, not the form's typed 'Ana Castillo'.
    const numero = String(res.headers['x-documento-numero']);
    expect(numero).toMatch(/^[A-Z]{2}-\d{4}-\d{6}$/);
    expect(text).toContain(`N.º ${numero}`);
    expect(text).toContain('Dra. Ana Castillo Ibáñez');
    if (['certificado-incapacidad', 'solicitud-examenes', 'referencia-medica', 'historia-clinica'].includes(tipo)) {
      expect(text).toContain(DIAGNOSIS);
    }
    if (tipo === 'solicitud-examenes') expect(text).toContain(`${DIAGNOSIS} Faringitis de tres días`);
    if (tipo === 'referencia-medica') {
      expect(text).toContain('Referido a: Nefrología — Hospital Santo Tomás, Dr. Luis Pérez');
      // Three to a row: the labels, then the values. The patient's name, cédula and age are said
      // once, under the title, from her account: the typed cédula is not printed (decision 0041).
      expect(text).toContain('Género ¿Tiene Seguro Social? Número de Seguro Social Mujer Sí 123-45-6789');
      expect(text).toMatch(/Referencia Médica Paciente: María Núñez · Cédula\/Pasaporte: [0-9A-Z-]+ · Edad: 34 años/);
      expect(text).not.toContain('8-999-0001');
      expect(text).toContain('Talla² (m²): 2,89 · Índice de masa corporal (IMC): 28,4');
      expect(text).not.toContain('2.62');
      expect(text).not.toContain('Fontanelas'); // a 34-year-old is not asked
    }
    if (tipo === 'recetario') {
      expect(text).toContain('ALERGIAS: Penicilina');
      expect(text).toContain('# Medicamento Presentación y concentración Dosis Vía Frecuencia Duración Cantidad');
      expect(text).toContain('1 Azitromicina Tabletas de 500 mg 1 tableta Oral Cada 24 horas 3 días 3 tabletas');
      // A cell that wraps (the third line's dose) interleaves with its neighbours in the text layer.
      for (const cell of ['3 Salbutamol', 'Inhalador de 100 mcg/dosis', 'Inhalada', 'inhalaciones', 'Cada 6 horas si hay tos', '1 inhalador']) {
        expect(text).toContain(cell);
      }
      expect(text).toContain('Indicaciones generales Abundantes líquidos');
    }

    const sig = await pdfsig(pdf);
    expect(sig).toContain('Signature Type: ETSI.CAdES.detached');
    expect(sig).toContain('Signature Validation: Signature is Valid.');
    expect(sig).toContain('Total document signed');
    expect(sig).toContain('Signing Hash Algorithm: SHA-256');
    expect(sig).toContain(DEMO_CERTIFICATE_MARK);
  });
});

describe('the digital signature', () => {
  it('shows any change to the file, and the upload check compares the signed bytes', async () => {
    const res = await generate(forms(maria.correo)['certificado-salud'], 'certificado-salud');
    const pdf = res.rawPayload;
    const codigo = String(res.headers['x-documento-codigo']);
    const upload = (bytes: Buffer) =>
      t.app.inject({ method: 'POST', url: `/api/documents/verify/${codigo}`, ...multipart({}, [{ field: 'archivo', filename: 'd.pdf', bytes, type: 'application/pdf' }]) });
    expect((await upload(pdf)).json()).toEqual({ coincide: true, message: messages.documentFileMatches });

    // One letter of the patient's name changed inside the signed bytes: readers see it.
    const at = pdf.indexOf(Buffer.from('/Producer'));
    expect(at).toBeGreaterThan(0);
    const altered = Buffer.from(pdf);
    altered[at + 3] = altered[at + 3]! ^ 0x20;
    expect(await pdfsig(altered)).not.toContain('Signature is Valid.');
    expect((await upload(altered)).json()).toEqual({ coincide: false, message: messages.documentFileDiffers });
  });

  it('reads a PKCS#12 file, and production refuses the demo certificate, a wrong password or an expired one', () => {
    const now = new Date('2026-11-21T15:00:00Z');
    const real = selfSignedIdentity('Clínica Real S.A.', now, { demo: false });
    const p12 = toPkcs12(real, 'clave');
    expect(readPkcs12(p12, 'clave', { production: true, now }).demo).toBe(false);
    expect(() => readPkcs12(p12, 'otra', { production: true, now })).toThrow(/no se pudo leer el archivo PKCS#12/);
    const later = new Date('2040-01-01T00:00:00Z');
    expect(() => readPkcs12(p12, 'clave', { production: true, now: later })).toThrow(/no está vigente/);

    const demo = toPkcs12(demoIdentity('Clínica Virtual Panamá', now), 'x');
    expect(readPkcs12(demo, 'x', { production: false, now }).demo).toBe(true);
    expect(() => readPkcs12(demo, 'x', { production: true, now })).toThrow(/en producción no se permite el certificado de demostración/);
  });
});

describe('diagnosis (CIE-10)', () => {
  it('finds codes by code or by words, for doctors only', async () => {
    const search = (q: string, cookie = doctor.header) =>
      t.app.inject({ method: 'GET', url: `/api/doctor/documents/cie10?q=${encodeURIComponent(q)}`, headers: { cookie } });
    const byCode = await search('j06');
    expect(byCode.statusCode).toBe(200);
    expect(byCode.json()).toContainEqual({ codigo: 'J06.9', descripcion: 'Infección aguda de las vías respiratorias superiores, no especificada' });
    const byWords = (await search('infeccion aguda respiratorias superiores')).json<{ codigo: string }[]>();
    expect(byWords.map((e) => e.codigo)).toContain('J06.9');
    expect((await search('hipertension esencial')).json()).toContainEqual({ codigo: 'I10', descripcion: 'Hipertensión esencial (primaria)' });
    const short = await search('j');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe(messages.cie10SearchTooShort);
    expect((await search('j06', maria.jar.header)).statusCode).toBe(401);
  });

  it('refuses a code that is not in the list, or malformed, and issues nothing', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/doctor/documents/certificado-incapacidad', headers: { cookie: doctor.header } });
    for (const [CIE10, message] of [
      ['J06.5', messages.unknownCie10Code],
      ['J06.99', messages.invalidCie10Code],
      ['hola', messages.invalidCie10Code],
    ] as const) {
      const res = await generate({ ...forms(maria.correo)['certificado-incapacidad'], CIE10 }, 'certificado-incapacidad');
      expect(res.statusCode, CIE10).toBe(400);
      expect(res.json().errors.CIE10).toBe(message);
    }
    const after = await t.app.inject({ method: 'GET', url: '/api/doctor/documents/certificado-incapacidad', headers: { cookie: doctor.header } });
    expect(after.json()).toHaveLength(before.json<unknown[]>().length);
  });

  it('prints the words alone when no code was chosen, and nothing when neither', async () => {
    const words = await generate({ ...forms(maria.correo)['certificado-incapacidad'], CIE10: '', Diagnostico: 'Lumbalgia mecánica' }, 'certificado-incapacidad');
    expect(await pdfText(words.rawPayload)).toContain('Diagnóstico: Lumbalgia mecánica');
    const none = await generate({ ...forms(maria.correo)['certificado-incapacidad'], CIE10: '' }, 'certificado-incapacidad');
    expect(await pdfText(none.rawPayload)).not.toContain('Diagnóstico');
  });
});

describe('referral', () => {
  const referral = (over: Record<string, string>) => generate({ ...forms(maria.correo)['referencia-medica'], ...over }, 'referencia-medica');

  it('asks for the fontanelles under two years only', async () => {
    const baby = await referral({ Edad: '1', Fontanelas: '' });
    expect(baby.statusCode).toBe(400);
    expect(baby.json().errors.Fontanelas).toBe(messages.missingFields);
    const examined = await referral({ Edad: '1', Fontanelas: 'Anormal' });
    expect(examined.statusCode).toBe(201);
    expect(await pdfText(examined.rawPayload)).toContain('Fontanelas: Anormal');
    const adult = await referral({ Edad: '34', Fontanelas: 'Normal' });
    expect(await pdfText(adult.rawPayload)).not.toContain('Fontanelas');
  });

  it('takes the height in metres and the weight in kilograms', async () => {
    const cm = await referral({ Talla: '170' });
    expect(cm.statusCode).toBe(400);
    expect(cm.json().errors.Talla).toBe(messages.invalidHeight);
    const grams = await referral({ Peso: '82000' });
    expect(grams.json().errors.Peso).toBe(messages.invalidWeight);
    const dot = await referral({ Talla: '1.62', Peso: '70' });
    expect(await pdfText(dot.rawPayload)).toContain('Talla (m): 1.62 · Talla² (m²): 2,62 · Índice de masa corporal (IMC): 26,7');
  });
});

describe('prescription', () => {
  const prescription = (Medicamentos: unknown) => generate({ ...forms(maria.correo).recetario, Medicamentos }, 'recetario');

  it('needs 1 to 10 complete lines with a known route', async () => {
    const none = await prescription([]);
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.Medicamentos).toBe(messages.prescriptionLinesRequired);
    const eleven = await prescription(Array.from({ length: 11 }, () => line()));
    expect(eleven.json().errors.Medicamentos).toBe(messages.tooManyPrescriptionLines);
    const noDose = await prescription([line({ dosis: '' })]);
    expect(noDose.statusCode).toBe(400);
    expect(noDose.json().errors['Medicamentos.0.dosis']).toBe(messages.missingFields);
    const badRoute = await prescription([line({ via: 'Por correo' })]);
    expect(badRoute.json().errors['Medicamentos.0.via']).toBe(messages.invalidChoice);
    const text = await prescription('Amoxicilina 500 mg');
    expect(text.statusCode).toBe(400);
  });

  it('prints ten long lines over two pages with the table header, the code and never the signature alone', async () => {
    const long = Array.from({ length: 10 }, (_, i) =>
      line({
        medicamento: `Medicamento número ${i + 1} con un nombre comercial largo`,
        frecuencia: 'Cada 8 horas después de las comidas principales, con abundante agua',
        duracion: 'Diez días seguidos sin interrumpir el tratamiento',
      }),
    );
    const res = await generate({ ...forms(maria.correo).recetario, Medicamentos: long, Indicaciones: 'Reposo relativo.\n'.repeat(12) }, 'recetario');
    expect(res.statusCode, res.body).toBe(201);
    const pages = await pageCount(res.rawPayload);
    expect(pages).toBe(2);
    const codigo = String(res.headers['x-documento-codigo']);
    const second = await pdfText(res.rawPayload, 2);
    // The running head names the clinic, the document and its code; the table's header repeats.
    expect(second).toContain('Clínica Virtual Panamá — Recetario');
    expect(second).toContain(codigo);
    expect(second).toContain('# Medicamento Presentación y concentración');
    expect(second).toContain('Ana Castillo'); // the signature is on the last page...
    expect(second).toContain('Medicamento número 10'); // ...with content above it
  });
});

describe('layout', () => {
  it('a long clinical history repeats its header on the next page and keeps the plan with the signature', async () => {
    const long = 'Paciente refiere dolor abdominal difuso, náuseas y fiebre de 38,5 °C desde hace dos días. '.repeat(9);
    const res = await generate(
      { ...forms(maria.correo)['historia-clinica'], Subjetivo: long, Objetivo: long, Analisis: long },
      'historia-clinica',
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(await pageCount(res.rawPayload)).toBe(2);
    const codigo = String(res.headers['x-documento-codigo']);
    const numero = String(res.headers['x-documento-numero']);
    expect(numero).toMatch(/^HC-\d{4}-\d{6}$/);
    const second = await pdfText(res.rawPayload, 2);
    // The running head names the clinic, the document, its number and its code (decisions 0041, 0042).
    expect(second).toContain(`Clínica Virtual Panamá — Historia Clínica N.º ${numero} ${codigo}`);
    expect(second).toContain('Plan: Hidratación');
    // The signature block is the profile's: titled name, speciality, registration (decision 0041).
    expect(second).toContain('Dra. Ana Castillo Ibáñez Medicina General Registro (idoneidad) N.º Idoneidad N.º 4521');
  });
});
