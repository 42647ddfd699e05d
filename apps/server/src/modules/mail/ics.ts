/**
 * iCalendar (RFC 5545) file of an appointment: PUBLISH adds it to the patient's calendar,
 * CANCEL (same UID, higher SEQUENCE) removes it. No service or medical detail in it.
 */

const SLOT_MS = 60 * 60_000;

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

// RFC 5545 3.3.11: backslash, semicolon and comma are escaped, newlines become \n.
const escapeText = (s: string) => s.replace(/[\\;,]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

// RFC 5545 3.1: lines longer than 75 octets are folded (CRLF + space), never inside a UTF-8 sequence.
function fold(line: string) {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

/** The .ics attachment for an appointment's confirmation (PUBLISH) or cancellation (CANCEL). */
export function appointmentIcs(
  appt: { appointmentId: string; start: Date; secuencia?: number },
  ctx: { clinicName: string; origin: string; contact: { address: string } },
  method: 'PUBLISH' | 'CANCEL',
) {
  const host = new URL(ctx.origin).hostname || 'clinica';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:-//${escapeText(ctx.clinicName)}//Citas//ES`,
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    'BEGIN:VEVENT',
    `UID:cita-${appt.appointmentId}@${host}`,
    // Every move raises the appointment's `secuencia` (decision 0049): a calendar replaces the
    // event it holds with the one of a higher SEQUENCE; a cancellation goes one above the last.
    `SEQUENCE:${(appt.secuencia ?? 0) + (method === 'CANCEL' ? 1 : 0)}`,
    `DTSTAMP:${stamp(new Date())}`,
    `DTSTART:${stamp(appt.start)}`,
    `DTEND:${stamp(new Date(appt.start.getTime() + SLOT_MS))}`,
    `SUMMARY:${escapeText(`Cita en ${ctx.clinicName}`)}`,
    // Where to go: the clinic's street address (configuration), which a calendar can map.
    `LOCATION:${escapeText(`${ctx.clinicName}, ${ctx.contact.address}`)}`,
    `DESCRIPTION:${escapeText(`Detalles en su área de paciente: ${ctx.origin}/Citas_usuario`)}`,
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  const body = `${lines.map(fold).join('\r\n')}\r\n`;
  return {
    filename: method === 'CANCEL' ? 'cita-cancelada.ics' : 'cita.ics',
    contentType: `text/calendar; charset=utf-8; method=${method}`,
    contentBase64: Buffer.from(body, 'utf8').toString('base64'),
  };
}
