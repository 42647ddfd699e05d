import fs from 'node:fs';

/** What the medical documents' letterhead prints of the clinic (issue 22, item 9). */
export interface Letterhead {
  name: string;
  city: string;
  address: string;
  phone: string;
  /** The rest of the clinic's contact (issue 23): the same configuration as the footer and e-mails. */
  whatsapp: string;
  email: string;
  /** The clinic's logo, PNG or JPEG bytes; absent, the documents draw the clinic's mark. */
  logo?: Buffer;
}

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff]);
const MAX_LOGO_BYTES = 1024 * 1024;

/**
 * The letterhead from the configuration; the logo file (CLINIC_LOGO) is read once at start-up and
 * must be a PNG or a JPEG of at most 1 MiB (it is embedded in every document): anything else stops
 * the start with the reason, rather than failing each document later.
 */
export function clinicLetterhead(clinic: Omit<Letterhead, 'logo'> & { logoPath?: string }): Letterhead {
  const base = { name: clinic.name, city: clinic.city, address: clinic.address, phone: clinic.phone, whatsapp: clinic.whatsapp, email: clinic.email };
  if (!clinic.logoPath) return base;
  let logo: Buffer;
  try {
    logo = fs.readFileSync(clinic.logoPath);
  } catch {
    throw new Error(`CLINIC_LOGO: no se pudo leer ${clinic.logoPath}`);
  }
  if (logo.length > MAX_LOGO_BYTES) throw new Error('CLINIC_LOGO: el logotipo no puede pasar de 1 MiB');
  if (!logo.subarray(0, 8).equals(PNG) && !logo.subarray(0, 3).equals(JPEG)) {
    throw new Error('CLINIC_LOGO: el logotipo debe ser una imagen PNG o JPEG');
  }
  return { ...base, logo };
}
