const number = (text: string) => {
  const n = Number(text.trim().replace(',', '.'));
  return Number.isFinite(n) && n > 0 ? n : null;
};

/**
 * The referral's T2 (height squared, m²) and IMC (body-mass index, kg/m²) from the weight in kg
 * and the height in metres (a height over 3 is read as centimetres). Null when either is missing
 * or not a number.
 */
export function bodyMassIndex(peso: string, talla: string): { t2: string; imc: string } | null {
  const kg = number(peso);
  let metres = number(talla);
  if (kg === null || metres === null) return null;
  if (metres > 3) metres /= 100;
  const t2 = metres * metres;
  return { t2: t2.toFixed(2), imc: (kg / t2).toFixed(1) };
}
