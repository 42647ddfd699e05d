import { describe, expect, it } from 'vitest';
import { histogramMedian } from './dashboard.median.js';

// The authorisation median read from the summed daily histograms (decision 0057, "Session 11").

const b = (cubeta: number, waitsS: number[]) => ({ cubeta, consultas: waitsS.length, espera_ms: waitsS.reduce((s, w) => s + w * 1000, 0) });

describe('histogramMedian', () => {
  it('is null for no waits', () => {
    expect(histogramMedian([])).toBeNull();
    expect(histogramMedian([{ cubeta: 3, consultas: 0, espera_ms: 0 }])).toBeNull();
  });

  it('is exact when the middle waits are alone or equal in their buckets (odd and even counts, buckets in any order)', () => {
    expect(histogramMedian([b(150, [7200]), b(0, [0]), b(164, [14_400])])).toBe(7200);
    expect(histogramMedian([b(0, [0, 0]), b(150, [7200]), b(164, [14_400])])).toBe(3600);
    // The same bucket on several days (rows of different days) is one bucket.
    expect(histogramMedian([b(150, [7200]), b(150, [7200]), b(0, [0])])).toBe(7200);
  });

  it('is within its bucket otherwise: the bucket’s mean', () => {
    // 600 s and 620 s share a 5 % bucket; the median of the three waits is read as their mean.
    expect(histogramMedian([b(0, [0]), b(132, [600, 620])])).toBe(610);
  });
});
