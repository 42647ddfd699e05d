/**
 * WhatsApp's click-to-chat links (issue 27, item 3; docs/decisions/0060). One builder for every
 * link the product shows: the clinic's number from CLINIC_WHATSAPP (footer, FAQ, confirmation
 * pages) and a patient's number from their `country_code` + `celular` (staff screens). A number
 * that cannot be a real international one gives no link (null), so a page shows no link rather
 * than one that opens WhatsApp on "this number is not on WhatsApp" or on a stranger. A patient's
 * number is built in patient-whatsapp.ts: only staff screens and confirmations need it, so the
 * public pages' first load carries only the clinic's link (the home page's 110 kB aim).
 */

/** E.164 allows at most 15 digits after the '+'; the shortest real numbers here have 8 (Panama's 507 + 8 is 11). */
export const E164 = /^[1-9]\d{7,14}$/;

/**
 * The digits of a number written for people with its country code ('+507 6123-4567' ->
 * '50761234567'), or null when it is not an international number: it must start with '+' and
 * hold 8 to 15 digits, the first not 0 (no country code starts with 0).
 */
export function internationalDigits(phone: string): string | null {
  const trimmed = phone.trim();
  if (!/^\+[\d\s().-]+$/.test(trimmed)) return null;
  const digits = trimmed.replace(/\D/g, '');
  return E164.test(digits) ? digits : null;
}

/**
 * 'https://wa.me/<digits>' with the prefilled text, if any, as `?text=` (percent-encoded, so
 * accents, '¿', spaces and '&' reach WhatsApp as written). The text carries no clinical detail and
 * no id: it is shown to the person, who may change it before sending.
 */
export function waMeLink(digits: string, text?: string): string {
  const base = `https://wa.me/${digits}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}
