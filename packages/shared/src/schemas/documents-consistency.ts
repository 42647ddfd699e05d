import { messages } from '../messages.js';
import { incapacityMoment, type DocumentFields, type DocumentType } from './documents.schema.js';

/**
 * The rules of a document that need today's date (issue 22, item 5; docs/decisions/0041). The
 * schemas cannot know "today", so the form calls this with the browser's Panama date and the
 * server with its own clock; both answer with the same messages on the same fields.
 */
export interface DocumentIssue {
  path: string;
  message: string;
}

const DAY = 86_400_000;
const dayNumber = (isoDate: string) => Math.floor(Date.parse(`${isoDate}T00:00:00Z`) / DAY);
const isDate = (v: string | undefined): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/** How far back a document may be dated, and how far from its date an incapacity may start. */
export const DOCUMENT_DATE_LIMITS = { pastDays: 366, incapacityStartDays: 30, birthYears: 120 } as const;

const isoOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/**
 * The days a document's date field may hold, and what is said otherwise: the document's own date
 * ('date', 'Fecha') is the day it is written or a recent visit, never tomorrow; a birth date is
 * today or up to 120 years back. The form's date field offers only these days and names a typed day
 * outside them; `documentDateIssues` (the server too) checks the same bounds. null: no bounds.
 */
export function documentDateBounds(name: string, today: string): { min: string; max: string; message: string } | null {
  const now = dayNumber(today);
  if (name === 'date' || name === 'Fecha') {
    return { min: isoOf(now - DOCUMENT_DATE_LIMITS.pastDays), max: today, message: messages.documentDateOutOfRange };
  }
  if (name === 'FechaNacimiento') {
    return { min: isoOf(now - Math.round(DOCUMENT_DATE_LIMITS.birthYears * 365.25)), max: today, message: messages.birthDateOutOfRange };
  }
  return null;
}

/** `today` is Panama's date, YYYY-MM-DD. */
export function documentDateIssues(tipo: DocumentType, f: DocumentFields, today: string): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  for (const name of ['date', 'Fecha', 'FechaNacimiento']) {
    const v = f[name];
    const bounds = documentDateBounds(name, today);
    // yyyy-MM-dd compares as text.
    if (isDate(v) && bounds && (v < bounds.min || v > bounds.max)) issues.push({ path: name, message: bounds.message });
  }
  if (tipo === 'certificado-incapacidad' && isDate(f.date)) {
    const start = incapacityMoment({ dia: f.dia_inicio ?? '', mes: f.mes_inicio ?? '', ano: f.ano_inicio ?? '', hora: f.hora_inicio ?? '' });
    if (start && Math.abs(dayNumber(start.slice(0, 10)) - dayNumber(f.date)) > DOCUMENT_DATE_LIMITS.incapacityStartDays) {
      issues.push({ path: 'dia_inicio', message: messages.incapacityStartOutOfRange });
    }
  }
  return issues;
}

/** A next visit (YYYY-MM-DD and HH:MM, Panama time) before `now` (Panama's date and time). */
export function isNextVisitInPast(fecha: string, hora: string, now: { date: string; hour: number; minute: number }) {
  if (!isDate(fecha) || !/^\d{2}:\d{2}$/.test(hora)) return false;
  const current = `${now.date}T${String(now.hour).padStart(2, '0')}:${String(now.minute).padStart(2, '0')}`;
  return `${fecha}T${hora}` < current;
}
