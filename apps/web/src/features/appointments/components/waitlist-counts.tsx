import { useMessages } from '../../../lib/i18n.js';
import { useWaitlistCounts } from '../api/get-waitlist-counts.js';
import { formatLongDate } from './format.js';

/**
 * Staff's waitlist counts (decision 0050): how many patients wait for an hour, per day, in words;
 * the administrators' view names the doctor. No patient is named.
 */
export function WaitlistCounts({ view }: { view: 'doctor' | 'admin' }) {
  const messages = useMessages();
  const counts = useWaitlistCounts(view);
  if (!counts.data) return null;
  return (
    <section className="appt-card appt-waitlist-counts" aria-labelledby="appt-waitlist-counts-title">
      <h2 id="appt-waitlist-counts-title">{messages.waitlistStaffTitle}</h2>
      {counts.data.length === 0 ? (
        <p className="appt-note">{messages.waitlistStaffNone}</p>
      ) : (
        <ul className="appt-waitlist-count-list">
          {counts.data.map((c) => {
            const line = (c.cantidad === 1 ? messages.waitlistCountOne : messages.waitlistCountMany)
              .replace('{{n}}', String(c.cantidad))
              .replace('{{fecha}}', formatLongDate(c.fecha));
            return <li key={`${c.id_doctor}|${c.fecha}`}>{view === 'admin' ? `${c.doctor}: ${line}` : line}</li>;
          })}
        </ul>
      )}
    </section>
  );
}
