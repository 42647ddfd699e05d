/**
 * CSV for the dashboard's exports (issue 26, item 4; decision 0057), read by spreadsheets. A cell
 * that starts with = + - @ (or a tab or carriage return) is a formula to Excel, LibreOffice and
 * Google Sheets: a doctor's name typed as `=HYPERLINK(...)` would run in the administrator's
 * spreadsheet (CSV injection, OWASP). Such text cells are written with a leading apostrophe, which
 * the spreadsheet shows as text. Numbers are written as numbers (a negative number is not text).
 */
export type CsvCell = string | number;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula-looking text defused, then quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: CsvCell): string {
  let text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The whole file: a byte-order mark (so Excel reads the accents as UTF-8), the header row, the
 * rows, CRLF line ends (RFC 4180).
 */
export function toCsv(headers: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${[headers, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
