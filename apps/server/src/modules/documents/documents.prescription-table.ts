import { PRESCRIPTION_COLUMNS, type PrescriptionLine } from '@clinica/shared';

/**
 * The prescription's parts of the PDF (issue 22, item 8): the patient's allergies in a red box a
 * pharmacist cannot miss, and the medicines as a table whose header repeats on a new page.
 */

const COLOR = { navy: '#0b2a5b', red: '#b91c1c', redBg: '#fef2f2', text: '#1f2937', line: '#9ca3af', headBg: '#e8eef7' };
const FONT = { head: 8, cell: 8.5 };
const PAD = 3;
/** Relative widths: the medicine and its presentation need the most room. */
const WEIGHTS: Record<keyof PrescriptionLine, number> = {
  medicamento: 1.6,
  presentacion: 1.5,
  dosis: 1,
  via: 0.85,
  frecuencia: 1.1,
  duracion: 0.9,
  cantidad: 0.85,
};
const NUMBER_WIDTH = 20;

interface Frame {
  left: number;
  width: number;
  /** Starts a new page when `height` more does not fit. */
  ensure: (height: number) => void;
}

/** 'ALERGIAS: Penicilina', or that none were recorded: always shown, always prominent. */
export function drawAllergies(doc: PDFKit.PDFDocument, alergias: string, { left, width, ensure }: Frame) {
  const text = alergias.trim() || 'no se registraron alergias';
  doc.font('regular').fontSize(10.5);
  const h = doc.heightOfString(`ALERGIAS: ${text}`, { width: width - 16 }) + 12;
  ensure(h + 8);
  const y = doc.y;
  doc.save();
  doc.rect(left, y, width, h).lineWidth(1.2).fillAndStroke(COLOR.redBg, COLOR.red);
  doc.restore();
  doc.font('bold').fontSize(10.5).fillColor(COLOR.red).text('ALERGIAS: ', left + 8, y + 6, { width: width - 16, continued: true });
  doc.font('regular').fillColor(COLOR.text).text(text);
  doc.x = left;
  doc.y = y + h + 8;
}

/** The 'Rp.' table: a numbered row per medicine, every column, header repeated after a page break. */
export function drawPrescriptionTable(
  doc: PDFKit.PDFDocument,
  lines: readonly PrescriptionLine[],
  { left, width, ensure, bottom, reserveLast }: Frame & { bottom: () => number; reserveLast: number },
) {
  const total = Object.values(WEIGHTS).reduce((a, b) => a + b, 0);
  const free = width - NUMBER_WIDTH;
  const columns = PRESCRIPTION_COLUMNS.map((c) => ({ ...c, w: (free * WEIGHTS[c.name]) / total }));

  const rowHeight = (cells: string[], font: 'bold' | 'regular', size: number) =>
    Math.max(
      ...cells.map((text, i) => doc.font(font).fontSize(size).heightOfString(text, { width: (i === 0 ? NUMBER_WIDTH : columns[i - 1]!.w) - PAD * 2 })),
    ) +
    PAD * 2;

  const drawRow = (cells: string[], font: 'bold' | 'regular', size: number, fill?: string) => {
    const h = rowHeight(cells, font, size);
    const y = doc.y;
    if (fill) {
      doc.save();
      doc.rect(left, y, width, h).fill(fill);
      doc.restore();
    }
    let x = left;
    cells.forEach((text, i) => {
      const w = i === 0 ? NUMBER_WIDTH : columns[i - 1]!.w;
      doc.font(font).fontSize(size).fillColor(font === 'bold' ? COLOR.navy : COLOR.text).text(text, x + PAD, y + PAD, { width: w - PAD * 2 });
      x += w;
    });
    doc.moveTo(left, y + h).lineTo(left + width, y + h).lineWidth(0.5).strokeColor(COLOR.line).stroke();
    doc.x = left;
    doc.y = y + h;
  };

  const header = ['#', ...columns.map((c) => c.label)];
  const headerHeight = rowHeight(header, 'bold', FONT.head);

  doc.font('bold').fontSize(13).fillColor(COLOR.navy);
  ensure(headerHeight + 40);
  doc.text('Rp.', left, doc.y, { width });
  doc.moveDown(0.2);
  drawRow(header, 'bold', FONT.head, COLOR.headBg);

  lines.forEach((line, i) => {
    const cells = [`${i + 1}`, ...columns.map((c) => line[c.name])];
    const h = rowHeight(cells, 'regular', FONT.cell);
    const last = i === lines.length - 1;
    if (doc.y + h + (last ? reserveLast : 0) > bottom()) {
      doc.addPage();
      drawRow(header, 'bold', FONT.head, COLOR.headBg);
    }
    drawRow(cells, 'regular', FONT.cell);
  });
  doc.y += 8;
}
