import type { ClinicalHistoryFields } from '@clinica/shared';
import { consultations } from '../../db/schema.js';

/**
 * The clinical history's 15 columns, for a query that selects a consultation's fields flat
 * (the consultations module); queries that select the whole `consultations` row pass it as is.
 */
export const clinicalHistoryColumns = {
  sintomas: consultations.sintomas,
  antecedentes_familiares: consultations.antecedentes_familiares,
  antecedentes_personales: consultations.antecedentes_personales,
  antecedentes_quirurgicos: consultations.antecedentes_quirurgicos,
  alergias: consultations.alergias,
  otros_datos: consultations.otros_datos,
  peso: consultations.peso,
  talla: consultations.talla,
  presion_arterial: consultations.presion_arterial,
  frecuencia_cardiaca: consultations.frecuencia_cardiaca,
  frecuencia_respiratoria: consultations.frecuencia_respiratoria,
  analisis: consultations.analisis,
  plan: consultations.plan,
  fecha: consultations.fecha,
  hora: consultations.hora,
};

/**
 * A consultation row's clinical history, as every answer carries it (the shared
 * `clinicalHistoryFieldsShape`): the patient's, the administrator's and the doctor's detail and the
 * patient's data export. Each field is picked by name, so whatever else the row holds (ids,
 * tokens, file ids) never rides along.
 */
export function toClinicalHistory(row: ClinicalHistoryFields): ClinicalHistoryFields {
  return {
    sintomas: row.sintomas,
    antecedentes_familiares: row.antecedentes_familiares,
    antecedentes_personales: row.antecedentes_personales,
    antecedentes_quirurgicos: row.antecedentes_quirurgicos,
    alergias: row.alergias,
    otros_datos: row.otros_datos,
    peso: row.peso,
    talla: row.talla,
    presion_arterial: row.presion_arterial,
    frecuencia_cardiaca: row.frecuencia_cardiaca,
    frecuencia_respiratoria: row.frecuencia_respiratoria,
    analisis: row.analisis,
    plan: row.plan,
    fecha: row.fecha,
    hora: row.hora,
  };
}
