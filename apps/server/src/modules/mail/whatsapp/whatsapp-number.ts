import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/**
 * The patient's WhatsApp number in E.164 ('+50761234567') from the profile's `country_code`
 * ('+507', or '+1-787' for a North American area) and `celular` ('6123-4567'), checked against
 * libphonenumber's metadata for that country (a mobile or possibly-mobile number); null when it
 * is missing or not a valid number, and then no WhatsApp is sent (decision 0059).
 */
export function whatsappNumber(countryCode: string | null | undefined, celular: string | null | undefined): string | null {
  if (!countryCode || !celular) return null;
  const dial = /^\+(\d{1,3})(?:-(\d{3}))?$/.exec(countryCode.trim());
  if (!dial) return null;
  let national = celular.replace(/[\s().-]/g, '');
  if (!/^\d{4,15}$/.test(national)) return null;
  // '+1-787' with a seven-digit number: the area code is the country code's second part.
  if (dial[2] && national.length === 7) national = dial[2] + national;
  // Argentina's mobiles are dialled from abroad with a 9 after +54 (the form asks for the 10 national digits).
  if (dial[1] === '54' && national.length === 10) national = `9${national}`;
  const phone = parsePhoneNumberFromString(`+${dial[1]}${national}`);
  if (!phone?.isValid()) return null;
  const type = phone.getType();
  // Landlines cannot have WhatsApp; an unknown type (FIXED_LINE_OR_MOBILE, or none) is allowed.
  if (type === 'FIXED_LINE' || type === 'TOLL_FREE' || type === 'PREMIUM_RATE' || type === 'SHARED_COST') return null;
  return phone.number;
}
