import QRCode from 'qrcode';
import {
  DOCUMENT_FIELDS,
  DOCUMENT_TITLES,
  formatClock,
  formatDate,
  YES_NO,
  YES_NO_WORDS,
  diagnosisLine,
  panamaClock,
  type DocumentField,
  type DocumentFields,
  type DocumentType,
  type PrescriptionLine,
} from '@clinica/shared';
import type { PdfRenderer } from '../../infra/pdf.js';
import type { Letterhead } from './documents.letterhead.js';
import { drawAllergies, drawPrescriptionTable } from './documents.prescription-table.js';

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
  /** The prescription's medication lines (recetario). */
  lines?: readonly PrescriptionLine[];
  /** The CIE-10 code of the diagnosis and its title from the clinic's list. */
  diagnosis?: { code: string; title: string };
  codigo: string;
  verifyUrl: string;
  issuedAt: number;
  clinic: Letterhead;
}


/** The space the date, the signature and the verification block take: kept with the last content. */
const SIGNATURE_BLOCK = 134;

const COLOR = { navy: '#0b2a5b', accent: '#c2410c', text: '#1f2937', muted: '#4b5563', line: '#9ca3af' };
const SIZE = { label: 8, value: 10, section: 11, title: 16, small: 8 };

/** 'YYYY-MM-DD' as '3 mar. 2026': the one date format of pages, e-mails and PDFs (decision 0044). */
export const spanishDate = (iso: string) => formatDate(iso, 'es');

const years = (v: string) => (v === '1' ? '1 año' : `${v} años`);
const days = (v: string) => (v === '1' ? '1 día' : `${v} días`);

/** The incapacity's start or end, e.g. 'las 8:00 a. m. del 3 mar. 2026' (the shared date format). */
const moment = (f: DocumentFields, end: 'inicio' | 'final') => {
  const day = `${f[`ano_${end}`]}-${String(f[`mes_${end}`]).padStart(2, '0')}-${String(f[`dia_${end}`]).padStart(2, '0')}`;
  return `las ${formatClock(String(f[`hora_${end}`]), 'es')} del ${spanishDate(day)}`;
};

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
  if (field.kind === 'time') return formatClock(v, 'es');
  if (field.kind === 'age') return years(v);
  if (field.kind === 'phone') return `${f.country_code ?? ''} ${v}`.trim();
  // 'Sí' with its accent: the specification's value is 'Si'.
  if (field.options === YES_NO) return YES_NO_WORDS[v] ?? v;
  const option = field.options?.indexOf(v) ?? -1;
  return option >= 0 ? (field.optionLabels?.[option] ?? v) : v;
}

type Item =
  | { kind: 'section'; title: string }
  | { kind: 'row'; label: string; value: string; long: boolean; last?: boolean }
  /** 'Label: value' on one line, bold label (the diagnosis, the referral's destination). */
  | { kind: 'inline'; label: string; value: string; last?: boolean };

/** 'J06.9 — Infección aguda …' and, when the doctor wrote other words, those on the next line. */
function diagnosisText(f: DocumentFields, diagnosis: DocumentRenderInput['diagnosis']): string | null {
  const words = (f.Diagnostico ?? '').trim();
  if (!diagnosis) return words || null;
  const line = diagnosisLine(diagnosis.code, diagnosis.title);
  return words && words.toLowerCase() !== diagnosis.title.toLowerCase() ? `${line}\n${words}` : line;
}

/** Sections printed as one paragraph of 'label: value' pairs. */
const LIST_SECTIONS = ['Referencia', 'Signos vitales', 'Examen físico'];

/** 'Nefrología — Hospital Santo Tomás, Dr. Luis Pérez'. */
const referredTo = (f: DocumentFields) => [f.Especialidad, f.ReferidoA].filter(Boolean).join(' — ');

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

  // --- letterhead (first page): logo, clinic's name, address and phone; the code on the right ---
  const mark = 40;
  drawLogo(doc, clinic.logo, left, 40, mark);
  const textX = left + mark + 10;
  const textW = width - mark - 10 - 120;
  doc.font('bold').fontSize(15).fillColor(COLOR.navy).text(clinic.name, textX, 40, { width: textW });
  doc
    .font('regular')
    .fontSize(SIZE.small + 0.5)
    .fillColor(COLOR.muted)
    .text(`${clinic.address} · Tel. ${clinic.phone} · WhatsApp ${clinic.whatsapp} · ${clinic.email}`, textX, doc.y + 1, { width: textW });
  doc.text('Medicina General · Psicología · Medicina Interna · República de Panamá', textX, doc.y, { width: textW });
  const headEnd = doc.y;
  doc
    .fontSize(SIZE.small)
    .fillColor(COLOR.muted)
    .text('Código de verificación', left + width - 150, 42, { width: 150, align: 'right' });
  doc.font('bold').fontSize(10).fillColor(COLOR.navy).text(input.codigo, left + width - 150, doc.y, { width: 150, align: 'right' });
  // The sequential number (decision 0041), under the code a third party types to verify.
  doc.font('bold').fontSize(10).fillColor(COLOR.accent).text(`N.º ${input.numero}`, left + width - 150, doc.y + 1, { width: 150, align: 'right' });
  const ruleY = Math.max(headEnd, doc.y, 40 + mark) + 6;
  doc.moveTo(left, ruleY).lineTo(left + width, ruleY).lineWidth(1.5).strokeColor(COLOR.accent).stroke();
  doc.font('bold').fontSize(SIZE.title).fillColor(COLOR.navy).text(title, left, ruleY + 10, { width, align: 'center' });
  // Who the document is about, as a third party checks it: name, cédula and age (decision 0041).
  const who = [
    f.patientName || f.Paciente ? `Paciente: ${f.patientName || f.Paciente}` : '',
    `Cédula/Pasaporte: ${input.patient.cedula || 'no indicada'}`,
    input.patient.edad ? `Edad: ${years(input.patient.edad)}` : '',
  ].filter(Boolean);
  doc.moveDown(0.2);
  doc.font('regular').fontSize(SIZE.value).fillColor(COLOR.text).text(who.join('   ·   '), left, doc.y, { width, align: 'center' });
  doc.moveDown(0.4);

  const ensure = (height: number) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  // --- statement of the certificates ---
  const said = statement(tipo, f, input);
  if (said) {
    doc.moveDown(0.3);
    doc.font('regular').fontSize(11.5).fillColor(COLOR.text);
    ensure(doc.heightOfString(said.text, { width, lineGap: 3 }));
    doc.text(said.text, left, doc.y, { width, align: 'justify', lineGap: 3 });
    doc.moveDown(0.6);
  }

  // --- the prescription: the allergies first and prominent, then the table of medicines ---
  const covered = new Set(said?.covers ?? []);
  if (tipo === 'recetario') {
    covered.add('Alergias');
    covered.add('Medicamentos');
    covered.add('Indicaciones');
  }
  // Who the document is about is said once, under the title: the form's own name, cédula and age
  // rows would repeat it (and cost the referral its one page).
  for (const name of ['patientName', 'Paciente', 'CIP', 'Cedula', 'Edad']) covered.add(name);
  // The referring doctor's name and registration are the signature's (printed below it).
  if (tipo === 'referencia-medica') {
    covered.add('Medico');
    covered.add('Reg');
    // 'Referido a: Nefrología — Hospital Santo Tomás' heads the referral's first section.
    covered.add('Especialidad');
    covered.add('ReferidoA');
  }
  // Vital signs and the body systems' findings as one paragraph each ('Peso (kg): 82 · Talla (m):
  // 1,70 · …', 'Cabeza: Normal · Ojos: Anormal · …'): read at a glance, and a referral fits a page.
  const listed = (name: string) =>
    DOCUMENT_FIELDS[tipo].filter((x) => x.section === name && !covered.has(x.name) && (display(x, f) ?? '') !== '');
  const lists = new Map(LIST_SECTIONS.map((name) => [name, listed(name)]));

  // --- the fields, by section; short values two by two ---
  const items: Item[] = [];
  let section: string | undefined;
  let diagnosisDone = false;
  for (const field of DOCUMENT_FIELDS[tipo]) {
    if (covered.has(field.name)) continue;
    // The patient's e-mail address is how the clinic reaches the patient, not a fact to certify.
    if (field.kind === 'email') continue;
    const list = field.section ? lists.get(field.section) : undefined;
    if (list) {
      if (field !== list[0]) continue;
      items.push({ kind: 'section', title: field.section! });
      section = field.section;
      if (tipo === 'referencia-medica' && field.section === 'Referencia') items.push({ kind: 'inline', label: 'Referido a', value: referredTo(f) });
      items.push({ kind: 'inline', label: '', value: list.map((x) => `${x.label}: ${display(x, f)}`).join(' · ') });
      continue;
    }
    if (field.name === 'Diagnostico' || field.name === 'CIE10') {
      // One line for the words and the code, wherever the form puts the first of them.
      if (diagnosisDone) continue;
      diagnosisDone = true;
      const text = diagnosisText(f, input.diagnosis);
      if (text === null) continue;
      if (field.section && field.section !== section) items.push({ kind: 'section', title: field.section });
      section = field.section ?? section;
      items.push({ kind: 'inline', label: 'Diagnóstico', value: text });
      continue;
    }
    const value = display(field, f);
    if (value === null) continue;
    if (field.section && field.section !== section) items.push({ kind: 'section', title: field.section });
    section = field.section ?? section;
    // Free text reads as a clinical note, 'Label: text', which also keeps a typical form to one page.
    if (field.kind === 'textarea') items.push({ kind: 'inline', label: field.label, value });
    else items.push({ kind: 'row', label: field.label, value, long: false });
  }
  // The last piece of content stays on the page of the signature (never a signature alone).
  const lastContent = items.findLast((i): i is Exclude<Item, { kind: 'section' }> => i.kind !== 'section');
  if (lastContent && tipo !== 'recetario') lastContent.last = true;

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
  const reserve = (last: boolean | undefined) => (last ? SIGNATURE_BLOCK : 0);

  // Short values go three to a row when they fit a third of the width (vital signs, the body
  // systems' findings), otherwise two: what keeps a typical form on one page.
  const third = (width - 2 * gutter) / 3;
  type Row = { label: string; value: string; last?: boolean };
  let pending: Row[] = [];
  let columns = 2;
  const flush = () => {
    if (pending.length === 0) return;
    const row = pending;
    pending = [];
    const w = columns === 3 ? third : half;
    const h = Math.max(...row.map((r) => cellHeight(r.label, r.value, w)));
    ensure(h + 6 + reserve(row.some((r) => r.last)));
    const y = doc.y;
    const ends = row.map((r, i) => drawCell(r.label, r.value, left + i * (w + gutter), y, w));
    doc.x = left;
    doc.y = Math.max(...ends) + 6;
  };
  const queue = (item: Row) => {
    const fitsThird = oneLine(item.label, item.value, third);
    if (pending.length > 0 && columns === 3 && !fitsThird) flush();
    if (pending.length === 0) columns = fitsThird ? 3 : 2;
    pending.push(item);
    if (pending.length === columns) flush();
  };

  if (tipo === 'recetario') {
    doc.x = left;
    drawAllergies(doc, f.Alergias ?? '', { left, width, ensure });
  }

  for (const item of items) {
    if (item.kind === 'section') {
      flush();
      ensure(40);
      doc.moveDown(0.15);
      doc.font('bold').fontSize(SIZE.section).fillColor(COLOR.navy).text(item.title, left, doc.y, { width });
      const y = doc.y + 1;
      doc.moveTo(left, y).lineTo(left + width, y).lineWidth(0.5).strokeColor(COLOR.line).stroke();
      doc.y = y + 4;
      continue;
    }
    if (item.kind === 'inline') {
      flush();
      const lead = item.label ? `${item.label}: ` : '';
      const h = doc.font('regular').fontSize(SIZE.value).heightOfString(`${lead}${item.value}`, { width, lineGap: 1.5 });
      // A long note may break across pages, but not before its first lines; the last one stays
      // whole with the signature.
      ensure((item.last ? h : Math.min(h, 60)) + 6 + reserve(item.last));
      if (lead) {
        doc.font('bold').fontSize(SIZE.value).fillColor(COLOR.navy).text(lead, left, doc.y, { width, continued: true, lineGap: 1.5 });
        doc.font('regular').fillColor(COLOR.text).text(item.value, { lineGap: 1.5 });
      } else {
        doc.font('regular').fontSize(SIZE.value).fillColor(COLOR.text).text(item.value, left, doc.y, { width, lineGap: 1.5 });
      }
      doc.x = left;
      doc.y += 5;
      continue;
    }
    if (!item.long && oneLine(item.label, item.value, half)) {
      queue(item);
      continue;
    }
    flush();
    const h = cellHeight(item.label, item.value, width);
    ensure(Math.min(h, 60) + 6 + reserve(item.last));
    doc.x = left;
    drawCell(item.label, item.value, left, doc.y, width);
    doc.y += 6;
  }
  flush();

  if (tipo === 'recetario') {
    doc.x = left;
    drawPrescriptionTable(doc, input.lines ?? [], { left, width, ensure, bottom, reserveLast: SIGNATURE_BLOCK });
    if (f.Indicaciones) {
      const h = cellHeight('Indicaciones generales', f.Indicaciones, width);
      ensure(Math.min(h, 60) + 6 + SIGNATURE_BLOCK);
      drawCell('Indicaciones generales', f.Indicaciones, left, doc.y, width);
      doc.y += 6;
    }
  }

  // --- date and place, signature, verification ---
  const { date, hour, minute } = panamaClock(input.issuedAt);
  const when = `${spanishDate(date)} a las ${formatClock(`${hour}:${String(minute).padStart(2, '0')}`, 'es')} (hora de Panamá)`;
  const reg = doctor.regNumber;
  const code = doctor.doctorCode;
  ensure(SIGNATURE_BLOCK);
  doc.moveDown(0.5);
  doc.font('regular').fontSize(10).fillColor(COLOR.text).text(`Emitido en ${clinic.city}, el ${when}.`, left, doc.y, { width });
  const top = doc.y + 8;
  const sigW = 200;
  doc.image(input.signature, left, top, { fit: [sigW, 52], align: 'center', valign: 'bottom' });
  const lineY = top + 56;
  doc.moveTo(left, lineY).lineTo(left + sigW, lineY).lineWidth(0.8).strokeColor(COLOR.text).stroke();
  doc.font('bold').fontSize(10).fillColor(COLOR.text).text(doctorFullName, left, lineY + 4, { width: sigW, align: 'center' });
  doc.font('regular').fontSize(9).fillColor(COLOR.muted).text(doctor.especialidad, { width: sigW, align: 'center' });
  doc.text(`Registro (idoneidad) N.º ${reg}`, { width: sigW, align: 'center' });
  if (code) doc.text(`Código ${code}`, { width: sigW, align: 'center' });

  const signatureEnd = doc.y;

  // The code and how to check it sit between the signature and the QR code: one block, so a
  // typical form keeps to one page.
  const qrSize = 80;
  const qrX = left + width - qrSize;
  drawQr(doc, input.verifyUrl, qrX, top - 4, qrSize);
  doc.link(qrX, top - 4, qrSize, qrSize, input.verifyUrl);
  const midX = left + sigW + 16;
  const midW = qrX - 10 - midX;
  doc
    .font('regular')
    .fontSize(SIZE.small)
    .fillColor(COLOR.muted)
    .text('Código de verificación', midX, top + 4, { width: midW, align: 'right' });
  doc.font('bold').fontSize(10).fillColor(COLOR.navy).text(input.codigo, midX, doc.y, { width: midW, align: 'right' });
  doc
    .font('regular')
    .fontSize(SIZE.small)
    .fillColor(COLOR.muted)
    .text('Verifique la autenticidad de este documento escaneando el código QR o en:', midX, doc.y + 4, { width: midW, align: 'right' });
  doc.x = left;
  doc.y = Math.max(signatureEnd, doc.y, top + qrSize) + 3;
  // The address on one line of its own, so it can be read (and copied) whole.
  doc.font('regular').fontSize(SIZE.small).fillColor(COLOR.navy).text(input.verifyUrl, left, doc.y, { width, align: 'right', link: input.verifyUrl });

  // --- running head (pages after the first) and page numbers, once the page count is known ---
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const keep = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    if (i > range.start) {
      // A later page repeats who issued what: the clinic, the document and its code.
      doc
        .font('bold')
        .fontSize(SIZE.small + 0.5)
        .fillColor(COLOR.navy)
        .text(`${clinic.name} — ${title} N.º ${input.numero}`, left, 26, { width: width - 160, lineBreak: false });
      doc
        .font('bold')
        .fontSize(SIZE.small + 0.5)
        .fillColor(COLOR.navy)
        .text(input.codigo, left + width - 160, 26, { width: 160, align: 'right', lineBreak: false });
      doc.moveTo(left, 40).lineTo(left + width, 40).lineWidth(0.8).strokeColor(COLOR.accent).stroke();
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

/** The clinic's logo (CLINIC_LOGO) or, without one, its mark: a white cross on a navy tile. */
function drawLogo(doc: PDFKit.PDFDocument, logo: Buffer | undefined, x: number, y: number, size: number) {
  if (logo) {
    doc.image(logo, x, y, { fit: [size, size], align: 'center', valign: 'center' });
    return;
  }
  const bar = size * 0.2;
  doc.save();
  doc.roundedRect(x, y, size, size, size * 0.18).fill(COLOR.navy);
  doc.rect(x + (size - bar) / 2, y + size * 0.2, bar, size * 0.6).fill('#ffffff');
  doc.rect(x + size * 0.2, y + (size - bar) / 2, size * 0.6, bar).fill('#ffffff');
  doc.restore();
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
