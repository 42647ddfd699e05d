import QRCode from 'qrcode';
import {
  DOCUMENT_FIELDS,
  DOCUMENT_TITLES,
  MONTHS,
  panamaClock,
  type DocumentField,
  type DocumentFields,
  type DocumentType,
} from '@clinica/shared';
import type { PdfRenderer } from '../../plugins/pdf.js';

/** Everything a document's PDF shows. */
export interface DocumentRenderInput {
  tipo: DocumentType;
  fields: DocumentFields;
  /** The sequential number, e.g. CI-2026-000123 (issue 22). */
  numero: string;
  /**
   * The doctor's identity from the account's profile (issue 22): the name as signed with its
   * title ('Dra. Ana Castillo'), 'el médico' / 'la médica', speciality and registration.
   */
  doctor: { nombre: string; apellido: string; signedName: string; noun: string; especialidad: string; regNumber: string; doctorCode: string };
  /** The patient's cédula (or passport) and age, from the patient's account when there is one. */
  patient: { cedula: string; edad: string };
  /** The doctor's signature, a grey PNG (see signature.ts). */
  signature: Buffer;
  codigo: string;
  verifyUrl: string;
  issuedAt: number;
  clinic: { name: string; city: string };
}

const COLOR = { navy: '#0b2a5b', accent: '#c2410c', text: '#1f2937', muted: '#4b5563', line: '#9ca3af' };
const SIZE = { label: 8.5, value: 10.5, section: 11.5, title: 17, small: 8 };

/** 'YYYY-MM-DD' as '3 de marzo de 2026'. */
export function spanishDate(iso: string) {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  return `${Number(m[3])} de ${MONTHS[Number(m[2]) - 1] ?? m[2]} de ${m[1]}`;
}

const years = (v: string) => (v === '1' ? '1 año' : `${v} años`);
const days = (v: string) => (v === '1' ? '1 día' : `${v} días`);

/** The incapacity's start or end, e.g. 'las 08:00 del 3 de marzo de 2026'. */
const moment = (f: DocumentFields, end: 'inicio' | 'final') =>
  `las ${f[`hora_${end}`]} del ${Number(f[`dia_${end}`])} de ${MONTHS[Number(f[`mes_${end}`]) - 1] ?? f[`mes_${end}`]} de ${f[`ano_${end}`]}`;

/**
 * The certificates are a sentence, not a form: the fields the sentence says are not repeated as
 * rows below it.
 */
function statement(tipo: DocumentType, f: DocumentFields, input: DocumentRenderInput): { text: string; covers: string[] } | null {
  const { doctor: d, patient: p } = input;
  const noun = d.noun.replace(/^(el|la) /, '');
  const doctor = () =>
    `Quien suscribe, ${d.signedName}, ${noun} con número de registro (idoneidad) ${d.regNumber}` +
    (d.doctorCode ? ` y código ${d.doctorCode}` : '');
  const patient = () =>
    `${f.patientName}` +
    (p.cedula ? `, con cédula ${p.cedula}` : '') +
    (f.ssn ? `, con número de Seguro Social ${f.ssn}` : '');
  if (tipo === 'certificado-salud') {
    return {
      text:
        `${doctor()}, CERTIFICA que ha evaluado clínicamente a ${patient()}, y que a la fecha de este ` +
        'certificado se encuentra en buen estado de salud, sin evidencia clínica de enfermedad ' +
        'infectocontagiosa que le impida realizar sus actividades habituales. Se expide el presente ' +
        'certificado a solicitud de la parte interesada.',
      covers: ['patientName', 'ssn', 'doctorName', 'doctorCode', 'regNumber'],
    };
  }
  if (tipo === 'certificado-incapacidad') {
    return {
      text:
        `${doctor()}, CERTIFICA que ${patient()}, requiere incapacidad por ${days(f.dias_incapacidad ?? '')}, ` +
        `desde ${moment(f, 'inicio')} hasta ${moment(f, 'final')}, por motivos de salud.`,
      covers: [
        'patientName',
        'ssn',
        'doctorName',
        'doctorCode',
        'regNumber',
        'dias_incapacidad',
        ...['hora', 'dia', 'mes', 'ano'].flatMap((p) => [`${p}_inicio`, `${p}_final`]),
      ],
    };
  }
  return null;
}

/** How a field's value is printed; null leaves the row out (empty optional fields, the country code). */
function display(field: DocumentField, f: DocumentFields): string | null {
  const v = f[field.name] ?? '';
  // The patient's e-mail is not printed: it identifies nobody to a third party (issue 22).
  if (field.kind === 'country' || field.kind === 'email' || v === '') return null;
  if (field.kind === 'date') return spanishDate(v);
  if (field.kind === 'age') return years(v);
  if (field.kind === 'phone') return `${f.country_code ?? ''} ${v}`.trim();
  const option = field.options?.indexOf(v) ?? -1;
  return option >= 0 ? (field.optionLabels?.[option] ?? v) : v;
}

type Item = { kind: 'section'; title: string } | { kind: 'row'; label: string; value: string; long: boolean };

/** Renders one medical document: letterhead, title, fields, signature, date and place, QR code. */
export async function renderDocument(pdf: PdfRenderer, input: DocumentRenderInput): Promise<Buffer> {
  const { tipo, fields: f, doctor, clinic } = input;
  const title = DOCUMENT_TITLES[tipo];
  const doctorFullName = doctor.signedName;
  const doc = pdf.create({
    title: `${title} - ${clinic.name}`,
    author: `${doctorFullName} - ${clinic.name}`,
    createdAt: new Date(input.issuedAt),
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  // --- letterhead (first page) and running head (next pages) ---
  doc.font('bold').fontSize(16).fillColor(COLOR.navy).text(clinic.name, left, 44, { width: width - 150 });
  doc
    .font('regular')
    .fontSize(SIZE.small + 0.5)
    .fillColor(COLOR.muted)
    .text(`Medicina General · Psicología · Medicina Interna — ${clinic.city}, República de Panamá`, { width: width - 150 });
  doc
    .fontSize(SIZE.small)
    .fillColor(COLOR.muted)
    .text('Código de verificación', left + width - 150, 46, { width: 150, align: 'right' });
  doc.font('bold').fontSize(10).fillColor(COLOR.navy).text(input.codigo, left + width - 150, doc.y, { width: 150, align: 'right' });
  doc.font('bold').fontSize(10).fillColor(COLOR.accent).text(`N.º ${input.numero}`, left + width - 150, doc.y + 1, { width: 150, align: 'right' });
  const ruleY = Math.max(doc.y, 80) + 6;
  doc.moveTo(left, ruleY).lineTo(left + width, ruleY).lineWidth(1.5).strokeColor(COLOR.accent).stroke();
  doc.font('bold').fontSize(SIZE.title).fillColor(COLOR.navy).text(title, left, ruleY + 14, { width, align: 'center' });
  // Who the document is about, as a third party checks it: name, cédula and age (issue 22).
  const who = [
    f.patientName || f.Paciente ? `Paciente: ${f.patientName || f.Paciente}` : '',
    `Cédula/Pasaporte: ${input.patient.cedula || 'no indicada'}`,
    input.patient.edad ? `Edad: ${years(input.patient.edad)}` : '',
  ].filter(Boolean);
  doc.moveDown(0.3);
  doc.font('regular').fontSize(SIZE.value).fillColor(COLOR.text).text(who.join('   ·   '), left, doc.y, { width, align: 'center' });
  doc.moveDown(0.6);

  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  // --- statement of the certificates ---
  const said = statement(tipo, f, input);
  if (said) {
    doc.moveDown(0.4);
    doc.font('regular').fontSize(11.5).fillColor(COLOR.text);
    ensure(doc.heightOfString(said.text, { width, lineGap: 3 }));
    doc.text(said.text, left, doc.y, { width, align: 'justify', lineGap: 3 });
    doc.moveDown(0.8);
  }

  // --- the fields, by section; short values two by two ---
  const items: Item[] = [];
  let section: string | undefined;
  for (const field of DOCUMENT_FIELDS[tipo]) {
    if (said?.covers.includes(field.name)) continue;
    const value = display(field, f);
    if (value === null) continue;
    if (field.section && field.section !== section) items.push({ kind: 'section', title: field.section });
    section = field.section ?? section;
    items.push({ kind: 'row', label: field.label, value, long: field.kind === 'textarea' });
  }

  const gutter = 18;
  const half = (width - gutter) / 2;
  const cellHeight = (label: string, value: string, w: number) =>
    doc.font('bold').fontSize(SIZE.label).heightOfString(label, { width: w }) +
    2 +
    doc.font('regular').fontSize(SIZE.value).heightOfString(value, { width: w, lineGap: 1.5 });
  const oneLine = (label: string, value: string, w: number) =>
    doc.font('bold').fontSize(SIZE.label).widthOfString(label) <= w &&
    !value.includes('\n') &&
    doc.font('regular').fontSize(SIZE.value).widthOfString(value) <= w;
  const drawCell = (label: string, value: string, x: number, y: number, w: number) => {
    doc.font('bold').fontSize(SIZE.label).fillColor(COLOR.muted).text(label, x, y, { width: w });
    doc.font('regular').fontSize(SIZE.value).fillColor(COLOR.text).text(value, x, doc.y + 2, { width: w, lineGap: 1.5 });
    return doc.y;
  };

  let pending: { label: string; value: string } | null = null;
  const flush = (next?: { label: string; value: string }) => {
    if (!pending) return;
    const a = pending;
    pending = null;
    const h = Math.max(cellHeight(a.label, a.value, half), next ? cellHeight(next.label, next.value, half) : 0);
    ensure(h + 8);
    const y = doc.y;
    const endA = drawCell(a.label, a.value, left, y, half);
    const endB = next ? drawCell(next.label, next.value, left + half + gutter, y, half) : y;
    doc.x = left;
    doc.y = Math.max(endA, endB) + 7;
  };

  for (const item of items) {
    if (item.kind === 'section') {
      flush();
      ensure(40);
      doc.moveDown(0.3);
      doc.font('bold').fontSize(SIZE.section).fillColor(COLOR.navy).text(item.title, left, doc.y, { width });
      const y = doc.y + 1;
      doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.5).strokeColor(COLOR.line).stroke();
      doc.y = y + 5;
      continue;
    }
    if (!item.long && oneLine(item.label, item.value, half)) {
      if (pending) flush(item);
      else pending = item;
      continue;
    }
    flush();
    const h = cellHeight(item.label, item.value, width);
    ensure(Math.min(h, 60) + 8);
    doc.x = left;
    drawCell(item.label, item.value, left, doc.y, width);
    doc.y += 7;
  }
  flush();

  // --- date and place, signature, verification ---
  const { date, hour, minute } = panamaClock(input.issuedAt);
  const when = `${spanishDate(date)} a las ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')} (hora de Panamá)`;
  const reg = doctor.regNumber;
  const code = doctor.doctorCode;
  ensure(175);
  doc.moveDown(0.8);
  doc.font('regular').fontSize(10).fillColor(COLOR.text).text(`Emitido en ${clinic.city}, el ${when}.`, left, doc.y, { width });
  const top = doc.y + 12;
  const sigW = 200;
  doc.image(input.signature, left, top, { fit: [sigW, 64], align: 'center', valign: 'bottom' });
  const lineY = top + 68;
  doc.moveTo(left, lineY).lineTo(left + sigW, lineY).lineWidth(0.8).strokeColor(COLOR.text).stroke();
  doc.font('bold').fontSize(10).fillColor(COLOR.text).text(doctorFullName, left, lineY + 4, { width: sigW, align: 'center' });
  doc.font('regular').fontSize(9).fillColor(COLOR.muted).text(doctor.especialidad, { width: sigW, align: 'center' });
  doc.text(`Registro (idoneidad) N.º ${reg}`, { width: sigW, align: 'center' });
  if (code) doc.text(`Código ${code}`, { width: sigW, align: 'center' });

  const signatureEnd = doc.y;

  const qrSize = 92;
  const qrX = left + width - qrSize;
  drawQr(doc, input.verifyUrl, qrX, top - 4, qrSize);
  doc.link(qrX, top - 4, qrSize, qrSize, input.verifyUrl);
  doc
    .font('regular')
    .fontSize(SIZE.small)
    .fillColor(COLOR.muted)
    .text('Código de verificación', qrX - 150, top + 30, { width: 140, align: 'right' });
  doc.font('bold').fontSize(10).fillColor(COLOR.navy).text(input.codigo, qrX - 150, doc.y, { width: 140, align: 'right' });

  doc.y = Math.max(signatureEnd, top + qrSize) + 10;
  doc
    .font('regular')
    .fontSize(SIZE.small)
    .fillColor(COLOR.muted)
    .text('Verifique la autenticidad de este documento escaneando el código QR o en:', left, doc.y, { width });
  doc.fillColor(COLOR.navy).text(input.verifyUrl, { width, link: input.verifyUrl });

  // --- running head (pages after the first) and page numbers, once the page count is known ---
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (i > range.start) {
      doc
        .font('regular')
        .fontSize(SIZE.small)
        .fillColor(COLOR.muted)
        .text(`${clinic.name} — ${title} N.º ${input.numero} — ${input.codigo}`, left, 30, { width, align: 'right', lineBreak: false });
    }
    doc
      .font('regular')
      .fontSize(SIZE.small)
      .fillColor(COLOR.muted)
      .text(`Página ${i + 1} de ${range.count} · ${title} N.º ${input.numero} · ${input.codigo}`, left, doc.page.height - 36, {
        width,
        align: 'center',
        lineBreak: false,
      });
    doc.page.margins.bottom = keep;
  }
  return pdf.toBuffer(doc);
}

/** The QR code as vector squares (crisp at any zoom, nothing to decode). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 2;
  const cell = size / (n + quiet * 2);
  doc.save();
  doc.rect(x, y, size, size).fill('#ffffff');
  // One rectangle per horizontal run of dark modules keeps the page's content stream small.
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; ) {
      if (!qr.modules.get(r, c)) {
        c++;
        continue;
      }
      let end = c;
      while (end + 1 < n && qr.modules.get(r, end + 1)) end++;
      doc.rect(x + (c + quiet) * cell, y + (r + quiet) * cell, (end - c + 1) * cell + 0.05, cell + 0.05);
      c = end + 1;
    }
  }
  doc.fill('#000000');
  doc.restore();
}
