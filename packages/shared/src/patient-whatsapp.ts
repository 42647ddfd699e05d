import { COUNTRY_CODES, PHONE_DIGITS, type CountryCode } from './constants.js';
import { E164 } from './whatsapp-link.js';

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
