import { internationalDigits, patientPhoneWhatsappDigits, waMeLink } from '@clinica/shared';
import { useFrameMessages, useMessages } from '../../lib/i18n.js';
import { useSiteConfig } from '../../lib/site-config.js';
import './whatsapp-link.css';

/**
 * WhatsApp's click-to-chat (issue 27, item 3; docs/decisions/0060). Every wa.me link of the web is
 * one of these two, built by the one builder in packages/shared (whatsapp-link.ts). Both open in
 * a new tab with rel="noopener noreferrer": WhatsApp's page gets neither this window nor the
 * address of the page (which may hold a consultation's token).
 */

/**
 * "Escribir a la clínica por WhatsApp" with the patient's prefilled message (`text`, already in
 * the page's language: the patient sends it, and may change it first). The clinic's number is the
 * configuration's (GET /api/site/config); until it is in, or should it not be a number, no link.
 */
export function ClinicWhatsappLink({ text, className }: { text: string; className?: string }) {
  const frame = useFrameMessages();
  const config = useSiteConfig();
  const digits = config.data ? internationalDigits(config.data.contact.whatsapp) : null;
  if (digits === null) return null;
  return (
    <a
      className={`whatsapp-link${className ? ` ${className}` : ''}`}
      href={waMeLink(digits, text)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={frame.clinicWhatsappLabel}
    >
      {frame.clinicWhatsappWrite}
    </a>
  );
}

/**
 * The staff's link to a patient's own number, from the answer's '<country_code> <celular>' string.
 * A missing or impossible number (an anonymised account, a wrong length) shows no link rather than
 * a broken one. No prefilled text: what staff write is theirs to write. Opening it reads nothing
 * from the server (the number is already on the screen), so there is nothing to audit.
 */
export function PatientWhatsappLink({ phone }: { phone: string }) {
  const messages = useMessages();
  const frame = useFrameMessages();
  const digits = patientPhoneWhatsappDigits(phone);
  if (digits === null) return null;
  return (
    <a
      className="whatsapp-link whatsapp-link-patient"
      href={waMeLink(digits)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={messages.patientWhatsappLabel.replace('{{telefono}}', phone)}
    >
      {frame.clinicWhatsapp}
    </a>
  );
}

/** A phone number as staff read it, followed by its WhatsApp link when it can have one. */
export function PatientPhone({ phone }: { phone: string }) {
  return (
    <span className="patient-phone">
      <span>{phone}</span>
      <PatientWhatsappLink phone={phone} />
    </span>
  );
}
