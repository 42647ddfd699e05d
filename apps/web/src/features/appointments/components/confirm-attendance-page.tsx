import { Link, useLocation } from '../../../lib/router.js';
import { messages as spanishMessages } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { Details } from '../../../components/ui/details.js';
import { ApiError, messageOf } from '../../../lib/api-client.js';
import { translateMessage, useTranslation } from '../../../lib/i18n.js';
import { useAttendance } from '../api/get-attendance.js';
import { useConfirmAttendance } from '../api/confirm-attendance.js';
import { formatInstant, formatLongDate, formatSlot } from './format.js';
import '../appointments.css';

/** The token of the mailed link: in the fragment (`#token=`), which never reaches a server log or a Referer. */
const tokenFrom = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token') ?? '';

/** A refusal the server explained (invalid, closed) in the reader's language; anything else: try again. */
const refusal = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? translateMessage(error.message)
    : messageOf(error, spanishMessages.requestFailedRetry);

/**
 * /confirmar-asistencia#token=…: the reminder's one-tap answer (issue 24, item 7, decision 0052).
 * Opening the page only reads (mail scanners follow links); the button confirms. No sign-in and no
 * patient name: the link may be opened on any phone.
 */
export function ConfirmAttendancePage() {
  const { t } = useTranslation('appointments');
  const { hash } = useLocation();
  const token = tokenFrom(hash);
  const cita = useAttendance(token);
  const confirm = useConfirmAttendance(token);

  return (
    <section className="appt-page attendance-page" aria-labelledby="attendance-title">
      <h1 id="attendance-title">{t('attendance.title')}</h1>
      {token === '' ? (
        <p role="alert" className="appt-error">
          {translateMessage(spanishMessages.attendanceLinkInvalid)}
        </p>
      ) : cita.isPending ? (
        <p role="status">{t('attendance.checking')}</p>
      ) : cita.isError ? (
        <p role="alert" className="appt-error">
          {refusal(cita.error)}
        </p>
      ) : (
        <>
          <Details
            items={[
              [t('details.date'), formatLongDate(cita.data.fecha)],
              [t('details.time'), formatSlot(cita.data.hora)],
              [t('details.service'), t(`services.${cita.data.servicio}`)],
              [t('details.doctor'), cita.data.doctor],
            ]}
          />
          {confirm.isSuccess ? (
            <p role="status" className="attendance-done">
              {translateMessage(confirm.data.message)}
            </p>
          ) : cita.data.asistencia_confirmada_at ? (
            <p role="status" className="attendance-done">
              {t('attendance.confirmedAt', { when: formatInstant(cita.data.asistencia_confirmada_at) })}
            </p>
          ) : (
            <Button busy={confirm.isPending} onClick={() => confirm.mutate()}>
              {t('attendance.confirm')}
            </Button>
          )}
          {confirm.isError && (
            <p role="alert" className="appt-error">
              {refusal(confirm.error)}
            </p>
          )}
        </>
      )}
      <p className="appt-note">{t('attendance.changeHint')}</p>
      <p>
        <Link to="/Citas_usuario">{t('attendance.seeMine')}</Link>
      </p>
    </section>
  );
}
