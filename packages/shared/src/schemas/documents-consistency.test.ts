import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { documentDateBounds, documentDateIssues } from './documents-consistency.js';
import type { DocumentFields } from './documents.schema.js';

// The bounds the documents' date field offers are the ones the server refuses outside of (decision 0044, leftovers).
describe("a document's date bounds", () => {
  const today = '2026-11-26';
  it('the document date: today back to 366 days; the birth date: today back to 120 years', () => {
    expect(documentDateBounds('date', today)).toEqual({ min: '2025-11-25', max: today, message: messages.documentDateOutOfRange });
    expect(documentDateBounds('Fecha', today)?.min).toBe('2025-11-25');
    expect(documentDateBounds('FechaNacimiento', today)).toEqual({ min: '1906-11-26', max: today, message: messages.birthDateOutOfRange });
    expect(documentDateBounds('Hora', today)).toBeNull();
  });
  it('the issues are exactly the days outside the bounds', () => {
    const issues = (f: DocumentFields) => documentDateIssues('historia-clinica', f, today).map((i) => i.path);
    expect(issues({ Fecha: '2025-11-25', FechaNacimiento: '1906-11-26' })).toEqual([]);
    expect(issues({ Fecha: '2025-11-24', FechaNacimiento: '1906-11-25' })).toEqual(['Fecha', 'FechaNacimiento']);
    expect(issues({ Fecha: '2026-11-27', FechaNacimiento: '2026-11-27' })).toEqual(['Fecha', 'FechaNacimiento']);
  });
});
