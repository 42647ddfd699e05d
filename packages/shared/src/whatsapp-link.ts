import { COUNTRY_CODES, PHONE_DIGITS, type CountryCode } from './constants.js';

/**
 * WhatsApp's click-to-chat links (issue 27, item 3; docs/decisions/0060). One builder for every
 * link the product shows: the clinic's number from CLINIC_WHATSAPP (footer, FAQ, confirmation
 * pages) and a patient's number from their `country_code` + `celular` (staff screens). A number
 * that cannot be a real international one gives no link (null), so a page shows no link rather
 * than one that opens WhatsApp on "this number is not on WhatsApp" or on a stranger.
 */

/** E.164 allows at most 15 digits after the '+'; the shortest real numbers here have 8 (Panama's 507 + 8 is 11). */
const E164 = /^[1-9]\d{7,14}$/;

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
 * A patient's mobile as E.164 digits, from the two registration fields (`country_code` one of the
 * form's 20, `celular` the national number), or null when the pair cannot be a real mobile:
 * unknown country code, a national number of the wrong length for its country (the registration's
 * own rule, PHONE_DIGITS), or one starting with 0 (a trunk prefix, never part of an international
 * number). '+1-787' and '+1-809' are the North American plan: the country code is 1 and the area
 * code (787, 809, 829 ...) is part of the 10-digit national number the patient typed. Argentina's
 * mobiles are reached on WhatsApp as +54 9 <area> <number> (WhatsApp's own rule for Argentina), so
 * the 9 is added.
 */
export function patientWhatsappDigits(countryCode: string, celular: string): string | null {
  if (!(COUNTRY_CODES as readonly string[]).includes(countryCode)) return null;
  if (!/^[\d\s()-]+$/.test(celular)) return null;
  const national = celular.replace(/\D/g, '');
  if (national.length !== PHONE_DIGITS[countryCode as CountryCode] || national.startsWith('0')) return null;
  const callingCode = countryCode.replace(/^\+/, '').split('-')[0]!;
  const digits = callingCode === '54' ? `549${national}` : `${callingCode}${national}`;
  return E164.test(digits) ? digits : null;
}

/**
 * The same from the one string the staff answers carry, `celular` / `telefono` written as
 * '<country_code> <national number>' ('+507 6123-4567', '+1-787 787-555-0100'): the code is
 * matched against the form's list, never guessed from the digits.
 */
export function patientPhoneWhatsappDigits(phone: string): string | null {
  const trimmed = phone.trim();
  const space = trimmed.indexOf(' ');
  if (space < 0) return null;
  return patientWhatsappDigits(trimmed.slice(0, space), trimmed.slice(space + 1).trim());
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
