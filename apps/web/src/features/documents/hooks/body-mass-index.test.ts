import { describe, expect, it } from 'vitest';
import { bodyMassIndex } from './body-mass-index.js';

describe('bodyMassIndex', () => {
  it('computes height squared and the index from kg and metres, with a decimal comma or point', () => {
    expect(bodyMassIndex('82', '1,70')).toEqual({ t2: '2.89', imc: '28.4' });
    expect(bodyMassIndex('64.5', '1.6')).toEqual({ t2: '2.56', imc: '25.2' });
  });
  it('reads a height over 3 as centimetres', () => {
    expect(bodyMassIndex('82', '170')).toEqual({ t2: '2.89', imc: '28.4' });
  });
  it('gives nothing until both are numbers', () => {
    expect(bodyMassIndex('', '1.70')).toBeNull();
    expect(bodyMassIndex('82', 'alto')).toBeNull();
    expect(bodyMassIndex('0', '1.70')).toBeNull();
  });
});
