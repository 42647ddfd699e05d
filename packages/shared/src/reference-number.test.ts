import { describe, expect, it } from 'vitest';
import { parseReferenceNumber, referenceNumber } from './reference-number.js';

describe('reference numbers', () => {
  it('writes six digits', () => {
    expect(referenceNumber(123)).toBe('000123');
    expect(referenceNumber(1234567)).toBe('1234567');
  });
  it('reads what staff type', () => {
    expect(parseReferenceNumber('000123')).toBe(123);
    expect(parseReferenceNumber('N.º 45')).toBe(45);
    expect(parseReferenceNumber('#7')).toBe(7);
    expect(parseReferenceNumber('Ana')).toBeNull();
    expect(parseReferenceNumber('0')).toBeNull();
  });
});
