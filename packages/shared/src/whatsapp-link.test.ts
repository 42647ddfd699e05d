import { describe, expect, it } from 'vitest';
import { patientPhoneWhatsappDigits, patientWhatsappDigits } from './patient-whatsapp.js';
import { internationalDigits, waMeLink } from './whatsapp-link.js';

describe('WhatsApp click-to-chat links (issue 27, decision 0060)', () => {
  it("the clinic's configured number: its E.164 digits, and nothing without a country code", () => {
    expect(internationalDigits('+507 6000-0000')).toBe('50760000000');
    expect(internationalDigits(' +507 (6123) 45.67 ')).toBe('50761234567');
    expect(internationalDigits('6000-0000')).toBeNull();
    expect(internationalDigits('+0 6000-0000')).toBeNull();
    expect(internationalDigits('+507 6000')).toBeNull();
    expect(internationalDigits('+507 6000-0000-0000-0000')).toBeNull();
    expect(internationalDigits('escríbanos')).toBeNull();
  });

  it("a Panamanian patient's mobile: +507 and the 8 digits, however they were typed", () => {
    expect(patientWhatsappDigits('+507', '6123-4567')).toBe('50761234567');
    expect(patientWhatsappDigits('+507', '6123 4567')).toBe('50761234567');
    expect(patientWhatsappDigits('+507', '61234567')).toBe('50761234567');
  });

  it('a missing or impossible number gives no link', () => {
    expect(patientWhatsappDigits('+507', '')).toBeNull();
    expect(patientWhatsappDigits('+507', '6123-456')).toBeNull(); // 7 digits: Panama's mobiles have 8
    expect(patientWhatsappDigits('+507', '6123-45678')).toBeNull();
    expect(patientWhatsappDigits('+507', '0123-4567')).toBeNull(); // a trunk prefix is never international
    expect(patientWhatsappDigits('+507', '6123-4567 ext 2')).toBeNull();
    expect(patientWhatsappDigits('+999', '61234567')).toBeNull(); // not one of the form's countries
    expect(patientWhatsappDigits('', '61234567')).toBeNull();
  });

  it("other countries: their calling code; Puerto Rico and the Dominican Republic under +1; Argentina's mobile 9", () => {
    expect(patientWhatsappDigits('+506', '8888-1234')).toBe('50688881234');
    expect(patientWhatsappDigits('+57', '300 123 4567')).toBe('573001234567');
    expect(patientWhatsappDigits('+52', '55 1234 5678')).toBe('525512345678');
    expect(patientWhatsappDigits('+1-787', '787-555-0100')).toBe('17875550100');
    expect(patientWhatsappDigits('+1-809', '(829) 555-0100')).toBe('18295550100');
    expect(patientWhatsappDigits('+54', '11 2345-6789')).toBe('5491123456789');
    expect(patientWhatsappDigits('+55', '11 91234-5678')).toBe('5511912345678');
  });

  it('reads the staff answers\' "<code> <number>" string, matching the code against the list', () => {
    expect(patientPhoneWhatsappDigits('+507 6123-4567')).toBe('50761234567');
    expect(patientPhoneWhatsappDigits('+1-787 787-555-0100')).toBe('17875550100');
    expect(patientPhoneWhatsappDigits('+507 ')).toBeNull(); // an anonymised account keeps no number
    expect(patientPhoneWhatsappDigits('+50761234567')).toBeNull();
    expect(patientPhoneWhatsappDigits('')).toBeNull();
  });

  it('wa.me with the text percent-encoded, accents, ¿, & and spaces included', () => {
    expect(waMeLink('50760000000')).toBe('https://wa.me/50760000000');
    const link = waMeLink('50760000000', 'Hola, ¿cómo está? Cita & pago 9:00 a. m.');
    expect(link).toBe('https://wa.me/50760000000?text=Hola%2C%20%C2%BFc%C3%B3mo%20est%C3%A1%3F%20Cita%20%26%20pago%209%3A00%20a.%20m.');
    expect(new URL(link).searchParams.get('text')).toBe('Hola, ¿cómo está? Cita & pago 9:00 a. m.');
  });
});
