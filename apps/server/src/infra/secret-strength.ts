/**
 * Why a configured secret is too weak for production, or null. Secrets here are machine keys
 * (COOKIE_SECRET, FILE_ENCRYPTION_KEY) and the staff registration keys, not people's passwords:
 * a password estimator's dictionaries say little about `aaaa…` or `1111…`, so the checks are
 * the ones that catch what people actually put in a configuration file: a repeated character
 * or block, a keyboard or alphabet run, too few different characters, too little estimated
 * entropy (length x Shannon entropy of the characters). A value from `openssl rand -hex 32`
 * or `openssl rand -base64 48` passes them all with a wide margin.
 */
export function secretWeakness(value: string, opts: { minBits: number; minDistinct: number }): string | null {
  const chars = [...value];
  const distinct = new Set(chars).size;
  if (distinct < opts.minDistinct) return `tiene solo ${distinct} caracteres distintos (mínimo ${opts.minDistinct})`;
  const period = smallestPeriod(chars);
  if (period <= chars.length / 2) return 'es un bloque corto repetido';
  if (longestRun(chars) >= 6) return 'contiene una secuencia de caracteres seguidos o repetidos';
  const bits = estimatedBits(chars);
  if (bits < opts.minBits) return `tiene poca entropía (unos ${Math.floor(bits)} bits; mínimo ${opts.minBits})`;
  return null;
}

/** Length x Shannon entropy per character: an upper bound of what the value can hold. */
export function estimatedBits(chars: string[]) {
  const counts = new Map<string, number>();
  for (const c of chars) counts.set(c, (counts.get(c) ?? 0) + 1);
  let perChar = 0;
  for (const n of counts.values()) {
    const p = n / chars.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * chars.length;
}

/** The length of the shortest block whose repetition gives the value (its length if none). */
function smallestPeriod(chars: string[]) {
  for (let p = 1; p <= chars.length / 2; p++) {
    if (chars.every((c, i) => i < p || c === chars[i - p])) return p;
  }
  return chars.length;
}

/** The longest run of equal, ascending or descending neighbours (`aaaaaa`, `123456`, `fedcba`). */
function longestRun(chars: string[]) {
  let best = 1;
  for (const step of [0, 1, -1]) {
    let run = 1;
    for (let i = 1; i < chars.length; i++) {
      run = chars[i]!.codePointAt(0)! - chars[i - 1]!.codePointAt(0)! === step ? run + 1 : 1;
      best = Math.max(best, run);
    }
  }
  return best;
}

/**
 * The letters and digits of a value, lower-cased: `DEMO_CLAVE-Admin!` and `demo-clave-admin`
 * are the same secret to an attacker who read the README.
 */
export const secretCore = (value: string) => value.toLowerCase().replace(/[^a-z0-9]/g, '');
