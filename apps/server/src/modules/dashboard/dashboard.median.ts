/**
 * The median of a histogram of waits (decision 0057, "Session 11"): the payment-to-authorisation
 * waits are kept per day as counts in buckets 5 % wide with the sum of their waits, because a
 * median cannot be summed across days but a histogram can. Like percentile_cont(0.5), the median
 * of n waits is the middle one (n odd) or the mean of the two middle ones (n even); each of those
 * is read as the mean wait of the bucket it falls in. So the figure is exact when those buckets
 * hold equal waits (PayPal's 0 s, or one wait per bucket) and otherwise off by less than a
 * bucket's width: under 5 % of the wait (3 minutes in an hour), finer than the page shows it
 * beyond the first hour.
 */
export interface Bucket {
  /** The bucket's number; buckets grow with the wait. */
  cubeta: number;
  consultas: number;
  /** The sum of the bucket's waits, in milliseconds. */
  espera_ms: number;
}

/** The median wait in seconds of the histogram's buckets (any order), or null when it is empty. */
export function histogramMedian(buckets: readonly Bucket[]): number | null {
  const merged = new Map<number, { consultas: number; espera_ms: number }>();
  for (const b of buckets) {
    if (b.consultas <= 0) continue;
    const m = merged.get(b.cubeta) ?? { consultas: 0, espera_ms: 0 };
    m.consultas += b.consultas;
    m.espera_ms += b.espera_ms;
    merged.set(b.cubeta, m);
  }
  const sorted = [...merged.entries()].sort((a, b) => a[0] - b[0]).map(([, m]) => m);
  const n = sorted.reduce((s, b) => s + b.consultas, 0);
  if (n === 0) return null;
  /** The k-th smallest wait (0-based), as the mean of its bucket, in seconds. */
  const at = (k: number) => {
    let seen = 0;
    for (const b of sorted) {
      seen += b.consultas;
      if (k < seen) return b.espera_ms / b.consultas / 1000;
    }
    throw new Error('rank outside the histogram');
  };
  return n % 2 === 1 ? at((n - 1) / 2) : (at(n / 2 - 1) + at(n / 2)) / 2;
}
