import { CLINIC_HOURS, formatHourOfDay, internationalDigits, waMeLink, type SiteConfig } from '@clinica/shared';
import { useFrameMessages, useLanguage } from '../../lib/i18n.js';
import './clinic-contact.css';

export type ClinicContactData = SiteConfig['contact'];

/** '+507 300-0000' -> '5073000000': tel: takes the digits of the international number. */
const digits = (phone: string) => phone.replace(/\D/g, '');

/**
 * Where the clinic is and how to reach it (issue 23, decision 0044), from the configuration the
 * server serves: the footer, the home page and the FAQ show this one piece. Phone, WhatsApp and
 * e-mail are links a phone can act on; the map is OpenStreetMap's, in a new tab.
 */
export function ClinicContact({
  contact,
  headingLevel = 2,
  className,
  showHours = true,
}: {
  contact: ClinicContactData;
  headingLevel?: 2 | 3 | null;
  className?: string;
  /** False where the page already shows the clinic hours beside it (the home page). */
  showHours?: boolean;
}) {
  const messages = useFrameMessages();
  const language = useLanguage();
  const range = (r: { open: number; close: number }) => ({
    from: formatHourOfDay(r.open, language),
    to: formatHourOfDay(r.close, language),
  });
  const fill = (text: string, r: { from: string; to: string }) =>
    text.replace('{{from}}', r.from).replace('{{to}}', r.to);
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  // The one wa.me builder (decision 0060), with a greeting the visitor may change before sending.
  const whatsappDigits = internationalDigits(contact.whatsapp);
  return (
    <section className={`clinic-contact${className ? ` ${className}` : ''}`} aria-label={messages.clinicContactTitle}>
      {headingLevel !== null && <Heading className="clinic-contact-title">{messages.clinicContactTitle}</Heading>}
      <dl>
        <div>
          <dt>{messages.clinicAddress}</dt>
          <dd>
            <span className="clinic-contact-value">{contact.address}</span>{' '}
            <a href={contact.mapUrl} target="_blank" rel="noopener noreferrer" aria-label={messages.clinicMapLabel}>
              {messages.clinicMap}
            </a>
          </dd>
        </div>
        <div>
          <dt>{messages.clinicPhone}</dt>
          <dd>
            <a href={`tel:+${digits(contact.phone)}`}>{contact.phone}</a>
          </dd>
        </div>
        <div>
          <dt>{messages.clinicWhatsapp}</dt>
          <dd>
            {whatsappDigits === null ? (
              <span className="clinic-contact-value">{contact.whatsapp}</span>
            ) : (
              <a
                href={waMeLink(whatsappDigits, messages.clinicWhatsappGreeting)}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`${messages.clinicWhatsappLabel}: ${contact.whatsapp}`}
              >
                {contact.whatsapp}
              </a>
            )}
          </dd>
        </div>
        <div>
          <dt>{messages.clinicEmail}</dt>
          <dd>
            <a href={`mailto:${contact.email}`} className="clinic-contact-value">
              {contact.email}
            </a>
          </dd>
        </div>
        {showHours && (
          <div>
            <dt>{messages.clinicHours}</dt>
            {contact.openingHours !== null ? (
              <dd>{contact.openingHours}</dd>
            ) : (
              <>
                <dd>{fill(messages.clinicHoursWeekdays, range(CLINIC_HOURS.weekday))}</dd>
                <dd>{fill(messages.clinicHoursWeekend, range(CLINIC_HOURS.weekend))}</dd>
              </>
            )}
          </div>
        )}
      </dl>
    </section>
  );
}
