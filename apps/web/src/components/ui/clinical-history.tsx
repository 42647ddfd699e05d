import { useId, type ReactNode } from 'react';
import {
  CLINICAL_HISTORY_FORM_FIELDS,
  CLINICAL_HISTORY_VITAL_FIELDS,
  type ClinicalHistoryFields,
  type MessageKey,
} from '@clinica/shared';
import { useDateFormat } from '../../lib/date-time.js';
import { useMessages } from '../../lib/i18n.js';
import { Details, type DetailItem } from './details.js';

/**
 * The clinical history of a consultation (issue 21, item 4), the one layout of its 15 fields
 * (packages/shared `clinicalHistoryFieldsShape`) for every modal that shows it: the patient's
 * (/Consultas), the administrator's (/Consultas_Admin) and the doctor's (/Consultas_Admin_Doctor).
 * The labels are the catalogue's, so the doctor's follow-up form names its fields with the same words.
 */

type Field = keyof ClinicalHistoryFields;

/** Each field's label in the shared catalogue. */
const LABEL_KEYS = {
  sintomas: 'clinicalHistorySintomas',
  antecedentes_familiares: 'clinicalHistoryAntecedentesFamiliares',
  antecedentes_personales: 'clinicalHistoryAntecedentesPersonales',
  antecedentes_quirurgicos: 'clinicalHistoryAntecedentesQuirurgicos',
  alergias: 'clinicalHistoryAlergias',
  otros_datos: 'clinicalHistoryOtrosDatos',
  peso: 'clinicalHistoryPeso',
  talla: 'clinicalHistoryTalla',
  presion_arterial: 'clinicalHistoryPresionArterial',
  frecuencia_cardiaca: 'clinicalHistoryFrecuenciaCardiaca',
  frecuencia_respiratoria: 'clinicalHistoryFrecuenciaRespiratoria',
  analisis: 'clinicalHistoryAnalisis',
  plan: 'clinicalHistoryPlan',
  fecha: 'clinicalHistoryFecha',
  hora: 'clinicalHistoryHora',
} as const satisfies Record<Field, MessageKey>;

/** The 15 fields' labels in the current language (the doctor's form takes its labels from here). */
export function useClinicalHistoryLabels(): Record<Field, string> {
  const messages = useMessages();
  return Object.fromEntries(Object.entries(LABEL_KEYS).map(([field, key]) => [field, messages[key]])) as Record<Field, string>;
}

/** Weight in kg and height in m, as the chat's health form asks them. */
const UNITS: Partial<Record<Field, string>> = { peso: 'kg', talla: 'm' };

/** The sections, each shown as a heading and its label/value list. */
export type ClinicalHistoryPart = 'history' | 'vitals' | 'followUp';

interface ClinicalHistoryProps {
  history: ClinicalHistoryFields;
  /** Which sections, in this order (the patient reads the doctor's follow-up first). */
  parts?: readonly ClinicalHistoryPart[];
  /** The follow-up section's own words and rows where a screen needs them. */
  followUp?: {
    /** The heading ('Seguimiento del médico' unless given: the patient's modal addresses them). */
    title?: string;
    /** Rows after analysis, plan and next visit (whether the doctor reviewed it, the exam file). */
    extra?: readonly DetailItem[];
    /** Set the section off in a box (the patient's modal). */
    highlight?: boolean;
  };
}

/**
 * Read-only: an empty value reads 'No disponible' (the `Details` rule); the next visit is one
 * row, its date and time together in the one date format ('martes 1 dic. 2026 a las 10:30 a. m.').
 */
export function ClinicalHistory({ history: h, parts = ['history', 'vitals', 'followUp'], followUp = {} }: ClinicalHistoryProps) {
  const messages = useMessages();
  const labels = useClinicalHistoryLabels();
  const id = useId();
  const value = (field: Field): ReactNode => {
    const v = h[field];
    const unit = UNITS[field];
    return v !== null && unit ? `${v} ${unit}` : v;
  };
  const rows = (fields: readonly Field[]): DetailItem[] => fields.map((f) => [labels[f], value(f)]);
  const dates = useDateFormat();
  // A stored next visit is a calendar date and a Panama clock reading: shown as a person plans, never raw.
  const day = h.fecha ? dates.weekdayDate(h.fecha) : null;
  const nextVisit = day ? (h.hora ? messages.clinicalHistoryNextVisitAt.replace('{{fecha}}', day).replace('{{hora}}', dates.clock(h.hora)) : day) : null;

  const sections: Record<ClinicalHistoryPart, { title: string; body: ReactNode }> = {
    history: { title: messages.clinicalHistoryTitle, body: <Details items={rows(CLINICAL_HISTORY_FORM_FIELDS)} /> },
    vitals: { title: messages.clinicalHistoryVitals, body: <Details items={rows(CLINICAL_HISTORY_VITAL_FIELDS)} /> },
    followUp: {
      title: followUp.title ?? messages.clinicalHistoryFollowUp,
      body: (
        <div className={followUp.highlight ? 'details-highlight' : undefined}>
          <Details items={[...rows(['analisis', 'plan']), [messages.clinicalHistoryNextVisit, nextVisit], ...(followUp.extra ?? [])]} />
        </div>
      ),
    },
  };
  return (
    <>
      {parts.map((part) => (
        <section key={part} className="details-section" aria-labelledby={`${id}-${part}`}>
          <h3 id={`${id}-${part}`}>{sections[part].title}</h3>
          {sections[part].body}
        </section>
      ))}
    </>
  );
}
