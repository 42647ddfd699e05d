/**
 * The short reference a person reads instead of a UUID or token (issue 23, decision 0045):
 * consultations, appointments and payments each carry `numero` from their own database
 * sequence, written with six digits ("000123") after the kind's words ("Consulta N.º").
 */
export const REFERENCE_DIGITS = 6;

export function referenceNumber(numero: number): string {
  return String(numero).padStart(REFERENCE_DIGITS, '0');
}

/**
 * Reads what staff type in a search box as a reference ("000123", "N.º 123", "#123"), so the
 * lists that were searchable by UUID are searchable by the number people now see. Null when
 * the text is not a reference.
 */
export function parseReferenceNumber(input: string): number | null {
  const match = /^\s*(?:n\.?\s*[º°o]?\.?\s*|#\s*)?0*(\d{1,9})\s*$/i.exec(input);
  if (!match) return null;
  const value = Number(match[1]);
  return value > 0 && value <= 2147483647 ? value : null;
}
