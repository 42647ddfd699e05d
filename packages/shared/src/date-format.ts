import { panamaWallClock } from './panama-time.js';

/**
 * The one way the product writes dates and times (issue 23, docs/decisions/0044): pages, e-mails,
 * the .ics and the PDFs all call these. Day, month name and year ('24 nov. 2026'), with the weekday
 * where a person plans ('miércoles 25 nov. 2026'), times in 12 hours with 'a. m.' / 'p. m.' in
 * Spanish, always in Panama's time zone whatever the machine's; the other languages in their own
 * form of the same pieces (English 'Nov 24, 2026', Chinese '2026年11月24日').
 *
 * Spanish is written from our own table instead of Intl: the ICU data of Node and of each browser
 * disagree on the abbreviation's full stop ('nov' / 'nov.') and on the comma after the weekday, and
 * an e-mail, a PDF and a page must read the same.
 *
 * A value is either a calendar date 'yyyy-MM-dd' (a next visit, an appointment's day: shown as
 * itself, no time zone moves it) or an instant (an ISO string with a time, or a Date), shown in
 * Panama time.
 */

export type DateValue = string | Date;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CLOCK = /^(\d{1,2}):(\d{2})(?::\d{2})?$/;

const ES_MONTHS = ['ene.', 'feb.', 'mar.', 'abr.', 'may.', 'jun.', 'jul.', 'ago.', 'sept.', 'oct.', 'nov.', 'dic.'];
const ES_WEEKDAYS = ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado'];

interface Parts {
  y: number;
  mo: number;
  d: number;
  /** 0 = Sunday */
  wd: number;
  h: number;
  mi: number;
  s: number;
}

/** The pieces in Panama time; null for a value that is no date (shown as it came, never a crash). */
function partsOf(value: DateValue): Parts | null {
  if (typeof value === 'string') {
    const m = CALENDAR_DATE.exec(value);
    if (m) {
      const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
      return { y, mo, d, wd: new Date(Date.UTC(y, mo - 1, d)).getUTCDay(), h: 0, mi: 0, s: 0 };
    }
  }
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return null;
  // Panama's wall clock read with getUTC* (panama-time.ts: UTC-5 all year, no Intl time zone).
  const at = panamaWallClock(date.getTime());
  return {
    y: at.getUTCFullYear(),
    mo: at.getUTCMonth() + 1,
    d: at.getUTCDate(),
    wd: at.getUTCDay(),
    h: at.getUTCHours(),
    mi: at.getUTCMinutes(),
    s: at.getUTCSeconds(),
  };
}

/** The language's locale for Intl: our 'es' is Panama's Spanish; the rest are the app's language codes. */
const isSpanish = (language: string) => language === 'es' || language.startsWith('es-');

const cache = new Map<string, Intl.DateTimeFormat>();
/** An Intl format of the calendar pieces at noon UTC (so the day never moves). */
function intl(language: string, kind: 'date' | 'weekday' | 'time' | 'seconds') {
  const key = `${kind}/${language}`;
  let f = cache.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'time' || kind === 'seconds'
        ? { hour: 'numeric', minute: '2-digit', ...(kind === 'seconds' ? { second: '2-digit' } : {}), timeZone: 'UTC' }
        : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC', ...(kind === 'weekday' ? { weekday: 'long' } : {}) };
    f = new Intl.DateTimeFormat(language, options);
    cache.set(key, f);
  }
  return f;
}
const utc = (p: Parts) => new Date(Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi, p.s));

function dateOf(p: Parts, language: string) {
  return isSpanish(language) ? `${p.d} ${ES_MONTHS[p.mo - 1]} ${p.y}` : intl(language, 'date').format(utc(p));
}
function weekdayDateOf(p: Parts, language: string) {
  return isSpanish(language) ? `${ES_WEEKDAYS[p.wd]} ${dateOf(p, language)}` : intl(language, 'weekday').format(utc(p));
}
function timeOf(p: Parts, language: string, withSeconds = false) {
  if (!isSpanish(language)) return intl(language, withSeconds ? 'seconds' : 'time').format(utc(p));
  const h12 = p.h % 12 === 0 ? 12 : p.h % 12;
  const seconds = withSeconds ? `:${String(p.s).padStart(2, '0')}` : '';
  return `${h12}:${String(p.mi).padStart(2, '0')}${seconds} ${p.h < 12 ? 'a. m.' : 'p. m.'}`;
}

/** '24 nov. 2026' (es), 'Nov 24, 2026' (en), '2026年11月24日' (zh-CN). */
const shown = (value: DateValue, write: (p: Parts) => string) => {
  const p = partsOf(value);
  return p ? write(p) : String(value);
};

export const formatDate = (value: DateValue, language = 'es') => shown(value, (p) => dateOf(p, language));

/** 'miércoles 25 nov. 2026': where a person plans (appointments, next visits, blocked days). */
export const formatWeekdayDate = (value: DateValue, language = 'es') => shown(value, (p) => weekdayDateOf(p, language));

/** An instant's time in Panama: '9:22 a. m.' (es). */
export const formatTime = (value: DateValue, language = 'es') => shown(value, (p) => timeOf(p, language));

/** An instant's date and time in Panama: '24 nov. 2026, 9:22 a. m.' (es). */
export const formatDateTime = (value: DateValue, language = 'es') => shown(value, (p) => `${dateOf(p, language)}, ${timeOf(p, language)}`);

/**
 * An instant's date and time to the second: '24 nov. 2026, 9:22:05 a. m.' (es). For the audit trail,
 * where several rows fall in the same minute and their order is what an investigation reads.
 */
export const formatDateTimeSeconds = (value: DateValue, language = 'es') =>
  shown(value, (p) => `${dateOf(p, language)}, ${timeOf(p, language, true)}`);

/** An instant with its weekday: 'miércoles 25 nov. 2026, 9:00 a. m.' (e-mails about an appointment). */
export const formatWeekdayDateTime = (value: DateValue, language = 'es') =>
  shown(value, (p) => `${weekdayDateOf(p, language)}, ${timeOf(p, language)}`);

/** A clock reading 'HH:mm' (already Panama time: a slot, a next visit's hour) -> '8:00 a. m.' (es). */
export function formatClock(hora: string, language = 'es') {
  const m = CLOCK.exec(hora);
  if (!m) return hora;
  return timeOf({ y: 1970, mo: 1, d: 1, wd: 4, h: Number(m[1]) % 24, mi: Number(m[2]), s: 0 }, language);
}

/** A one-hour slot 'HH:00' -> '8:00 a. m. – 9:00 a. m.' (es). */
export function formatSlot(hora: string, language = 'es') {
  const m = CLOCK.exec(hora);
  if (!m) return hora;
  const next = `${String((Number(m[1]) + 1) % 24).padStart(2, '0')}:${m[2]}`;
  return `${formatClock(hora, language)} – ${formatClock(next, language)}`;
}

/** A whole hour of the day (8 -> '8:00 a. m.'), as opening hours are written. */
export const formatHourOfDay = (hour: number, language = 'es') => formatClock(`${hour}:00`, language);

// ---------------------------------------------------------------------------------------------
// Typed dates

/** Why a typed date cannot be taken. */
export type TypedDateProblem = 'format' | 'impossible';

export type TypedDate = { ok: true; fecha: string } | { ok: false; problem: TypedDateProblem };

// d/m/yyyy or d-m-yyyy, leading zeros optional (decision 0044); yyyy-MM-dd as the API writes it.
const TYPED_DMY = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/;
const TYPED_ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/**
 * A date typed as dd/mm/aaaa ('2/12/2026', '02-12-2026'; day first, as Panama writes it) or
 * yyyy-MM-dd, to 'yyyy-MM-dd'. 'format' when it is not written that way, 'impossible' when it is
 * but no such day exists ('31/02/2026').
 */
export function parseTypedDate(text: string): TypedDate {
  const s = text.trim();
  let y: number, mo: number, d: number;
  const dmy = TYPED_DMY.exec(s);
  const iso = dmy ? null : TYPED_ISO.exec(s);
  if (dmy) [d, mo, y] = [Number(dmy[1]), Number(dmy[2]), Number(dmy[3])];
  else if (iso) [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else return { ok: false, problem: 'format' };
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (y < 1900 || y > 2200 || mo < 1 || mo > 12 || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) {
    return { ok: false, problem: 'impossible' };
  }
  return { ok: true, fecha: `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}` };
}

/** 'yyyy-MM-dd' -> 'dd/mm/aaaa', the way the date fields show a chosen day. */
export function toTypedDate(fecha: string) {
  const m = CALENDAR_DATE.exec(fecha);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
}
