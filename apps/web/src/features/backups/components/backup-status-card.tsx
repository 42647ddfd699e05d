import { formatHourOfDay } from '@clinica/shared';
import { Details } from '../../../components/ui/details.js';
import { useDateFormat } from '../../../lib/date-time.js';
import { useMessages } from '../../../lib/i18n.js';
import { useBackups } from '../api/get-backups.js';
import '../backups.css';

/** Bytes as a person reads them: '4,4 MB' (the language's decimal sign). */
function sizeOf(bytes: number, language: string) {
  const [value, unit] = bytes >= 1024 ** 3 ? [bytes / 1024 ** 3, 'GB'] : bytes >= 1024 ** 2 ? [bytes / 1024 ** 2, 'MB'] : [bytes / 1024, 'KB'];
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(value)} ${unit}`;
}

/**
 * /Admin's backup card (issue 26, decision 0056): the last backup's time, result and size, the last
 * good one, the daily schedule, and an alert when no backup succeeded in the last 24 hours.
 */
export function BackupStatusCard() {
  const messages = useMessages();
  const { dateTime, language } = useDateFormat();
  const { data } = useBackups();
  if (!data) return null;
  const last = data.ultima;
  return (
    <section className="backup-card" aria-labelledby="backup-card-title">
      <h2 id="backup-card-title">{messages.backupsTitle}</h2>
      {data.alerta && (
        <p className="backup-card__alert" role="alert">
          {messages.backupsAlert}
        </p>
      )}
      {!data.clave_configurada && <p className="backup-card__alert">{messages.backupsNoKey}</p>}
      {last ? (
        <Details
          items={[
            [messages.backupsLastRun, dateTime(last.fin)],
            [
              messages.backupsResult,
              last.resultado === 'ok' ? messages.backupsResultOk : `${messages.backupsResultError}: ${last.error ?? ''}`,
            ],
            [messages.backupsSize, last.tamano_bytes === null ? null : sizeOf(last.tamano_bytes, language)],
            [messages.backupsLastSuccess, data.ultima_correcta ? dateTime(data.ultima_correcta) : null],
            [messages.backupsSchedule, data.hora_programada === null ? messages.backupsScheduleOff : formatHourOfDay(data.hora_programada, language)],
          ]}
        />
      ) : (
        <p>{messages.backupsNone}</p>
      )}
    </section>
  );
}
