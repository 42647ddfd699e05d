import type { ConsultationCall } from '@clinica/shared';
import { useMessages } from '../../lib/i18n.js';
import { useDateFormat } from '../../lib/date-time.js';

/**
 * A consultation's video calls in the staff's record (issue 25, decision 0053): one line each,
 * 'Videollamada: 2:02 p. m.–2:31 p. m. (29 min)', or 'desde las … (en curso)' while under way.
 * Nothing else of a call exists: it is not recorded.
 */
export function VideoCalls({ calls }: { calls: readonly ConsultationCall[] }) {
  const messages = useMessages();
  const dates = useDateFormat();
  return (
    <ul className="video-calls">
      {calls.map((c) => (
        <li key={c.inicio}>
          {c.fin === null
            ? messages.videoRecordOngoing.replace('{{inicio}}', dates.time(c.inicio))
            : messages.videoRecordLine
                .replace('{{inicio}}', dates.time(c.inicio))
                .replace('{{fin}}', dates.time(c.fin))
                .replace('{{minutos}}', String(c.minutos ?? 0))}
        </li>
      ))}
    </ul>
  );
}
