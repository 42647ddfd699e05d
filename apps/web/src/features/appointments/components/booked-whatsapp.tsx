import { ClinicWhatsappLink } from '../../../components/ui/whatsapp-link.js';
import { useMessages } from '../../../lib/i18n.js';
import { formatHour, formatLongDate } from './format.js';

/**
 * After a booking (/citas, and a waitlist offer's /citas?oferta=): the clinic's WhatsApp with the
 * patient's message prefilled, naming the day and hour they booked and, for a transfer or Yappy,
 * that the receipt went (decision 0060). No reason, no doctor, no reference: a chat app is no
 * place for them, and the clinic finds the booking by the patient's name and hour.
 */
export function BookedWhatsapp({ fecha, hora, receipt }: { fecha: string; hora: string; receipt: boolean }) {
  const messages = useMessages();
  const text = (receipt ? messages.whatsappAppointmentReceipt : messages.whatsappAppointmentBooked)
    .replace('{{fecha}}', formatLongDate(fecha))
    .replace('{{hora}}', formatHour(hora))
    // Spanish times end with their own full stop ('9:00 a. m.'): one full stop, not two (issue 23, item 8).
    .replace(/\.\.$/, '.');
  return (
    <p className="appt-whatsapp">
      <ClinicWhatsappLink text={text} />
    </p>
  );
}
