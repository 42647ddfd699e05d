// The typed-date check with its catalogue messages, apart from date-format.ts: the public pages format
// dates and must not load the whole message catalogue for it (their first load, issue 23 item 5).
import { messages } from './messages.js';
import { parseTypedDate } from './date-format.js';

export interface TypedDateRules {
  /** The first day allowed ('yyyy-MM-dd', today in Panama for a booking). */
  min?: string;
  /** The last day allowed. */
  max?: string;
  /** Days that cannot be chosen. */
  excluded?: readonly string[];
  /** The catalogue messages for this field's past, too-far and excluded days. */
  pastMessage?: string;
  tooFarMessage?: string;
  excludedMessage?: string;
}

/**
 * What a date field says about typed text: the day as 'yyyy-MM-dd' or the exact catalogue message
 * (not written as dd/mm/aaaa, no such day, past, too far, not available). '' is no date at all.
 */
export function checkTypedDate(text: string, rules: TypedDateRules = {}): { fecha: string; message: null } | { fecha: ''; message: string | null } {
  if (text.trim() === '') return { fecha: '', message: null };
  const typed = parseTypedDate(text);
  if (!typed.ok) return { fecha: '', message: typed.problem === 'format' ? messages.dateTypedFormat : messages.dateImpossible };
  const { fecha } = typed;
  // yyyy-MM-dd compares as text.
  if (rules.min && fecha < rules.min) return { fecha: '', message: rules.pastMessage ?? messages.datePast };
  if (rules.max && fecha > rules.max) return { fecha: '', message: rules.tooFarMessage ?? messages.dateTooFar };
  if (rules.excluded?.includes(fecha)) return { fecha: '', message: rules.excludedMessage ?? messages.dateUnavailable };
  return { fecha, message: null };
}
