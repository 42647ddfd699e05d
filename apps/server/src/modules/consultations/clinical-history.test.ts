import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  CLINICAL_HISTORY_FIELDS,
  adminConsultationDetailSchema,
  clinicalHistoryFieldsSchema,
  consultationDetailSchema,
  doctorConsultationDetailSchema,
  patientExportSchema,
} from '@clinica/shared';
import { clinicalHistoryColumns, toClinicalHistory } from './clinical-history.js';

/** A consultation row as the database gives it: the history and much that must not leave with it. */
const row = {
  id: '4f1c2a77-0d8e-4d1b-9a55-2f8e1c1d7b10',
  token: 'tok_abcdefghijklmnop',
  patient_id: '0b8f2d35-7b0a-4a3f-8a5e-0b2a9c6e7d11',
  archivo_examenes_file_id: null,
  sintomas: 'Dolor de cabeza desde hace tres días',
  antecedentes_familiares: 'Madre con hipertensión',
  antecedentes_personales: 'No aplica',
  antecedentes_quirurgicos: 'Apendicectomía (2010)',
  alergias: 'Penicilina',
  otros_datos: 'No aplica',
  peso: 70.5,
  talla: 1.72,
  presion_arterial: '120/80',
  frecuencia_cardiaca: '72',
  frecuencia_respiratoria: '16',
  analisis: null,
  plan: 'Reposo e hidratación',
  fecha: '2026-12-01',
  hora: null,
};

describe('toClinicalHistory, the one server mapper of the clinical history', () => {
  it('gives the 15 fields by their specification names, in order, with their values and nulls', () => {
    const h = toClinicalHistory(row);
    expect(Object.keys(h)).toEqual([...CLINICAL_HISTORY_FIELDS]);
    expect(h).toEqual({
      sintomas: 'Dolor de cabeza desde hace tres días',
      antecedentes_familiares: 'Madre con hipertensión',
      antecedentes_personales: 'No aplica',
      antecedentes_quirurgicos: 'Apendicectomía (2010)',
      alergias: 'Penicilina',
      otros_datos: 'No aplica',
      peso: 70.5,
      talla: 1.72,
      presion_arterial: '120/80',
      frecuencia_cardiaca: '72',
      frecuencia_respiratoria: '16',
      analisis: null,
      plan: 'Reposo e hidratación',
      fecha: '2026-12-01',
      hora: null,
    });
    expect(z.strictObject(clinicalHistoryFieldsSchema.shape).safeParse(h).success).toBe(true);
  });

  it('never carries the row’s other columns (ids, tokens, file ids)', () => {
    const h = toClinicalHistory(row) as Record<string, unknown>;
    for (const other of ['id', 'token', 'patient_id', 'archivo_examenes_file_id']) expect(h).not.toHaveProperty(other);
  });

  it('selects each field from its own column of `consultations`', () => {
    expect(Object.keys(clinicalHistoryColumns)).toEqual([...CLINICAL_HISTORY_FIELDS]);
    for (const [field, column] of Object.entries(clinicalHistoryColumns)) expect(column.name).toBe(field);
  });

  it('is the shape of every answer that carries a clinical history (names and types unchanged on the wire)', () => {
    const answers = {
      consultationDetailSchema: consultationDetailSchema.shape,
      adminConsultationDetailSchema: adminConsultationDetailSchema.shape,
      doctorConsultationDetailSchema: doctorConsultationDetailSchema.shape,
      'patientExportSchema.consultas': patientExportSchema.shape.consultas._zod.def.element.shape,
    };
    for (const [name, shape] of Object.entries(answers)) {
      for (const field of CLINICAL_HISTORY_FIELDS) {
        expect(shape, `${name}.${field}`).toHaveProperty(field);
        expect((shape as Record<string, unknown>)[field], `${name}.${field}`).toBe(clinicalHistoryFieldsSchema.shape[field]);
      }
    }
  });
});
