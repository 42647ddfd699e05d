import type { AppointmentRow, ListPage } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { formatShortDate, formatSlot } from './format.js';

interface StaffTableProps {
  caption: string;
  /** One page of the list (the page component holds the pager). */
  rows: { isPending: boolean; isError: boolean; error: unknown; data: ListPage<AppointmentRow> | undefined };
  /** Administrators also see the doctor and the service. */
  withDoctor?: boolean;
  onOpen: (token: string) => void;
}

/** The appointments of the staff screens: each row name, date and time, and 'Información Completa'. */
export function StaffTable({ caption, rows, withDoctor, onOpen }: StaffTableProps) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const columns = withDoctor ? 7 : 5;
  return (
    <div className="appt-table-wrap">
      <table className="appt-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('staff.colPatient')}</th>
            <th scope="col">{t('staff.colDate')}</th>
            <th scope="col">{t('staff.colTime')}</th>
            {withDoctor && <th scope="col">{t('staff.colDoctor')}</th>}
            {withDoctor && <th scope="col">{t('staff.colService')}</th>}
            <th scope="col">{t('staff.colState')}</th>
            <th scope="col">{t('staff.colDetail')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.isPending ? (
            <tr>
              <td colSpan={columns}>{messages.loading}</td>
            </tr>
          ) : rows.isError ? (
            <tr>
              <td colSpan={columns} role="alert" className="appt-error">
                {messageOf(rows.error, messages.requestNetworkError)}
              </td>
            </tr>
          ) : !rows.data || rows.data.items.length === 0 ? (
            <tr>
              <td colSpan={columns}>{messages.noResults}</td>
            </tr>
          ) : (
            rows.data.items.map((r) => (
              <tr key={r.id} className={r.estado === 'cancelada' ? 'appt-row-cancelled' : undefined}>
                <th scope="row">
                  {r.nombre} {r.apellido}
                </th>
                <td>{formatShortDate(r.fecha)}</td>
                <td>{formatSlot(r.hora)}</td>
                {withDoctor && <td>{r.doctor}</td>}
                {withDoctor && <td>{t(`services.${r.servicio}`)}</td>}
                <td>
                  <span className={`appt-state appt-state-${r.estado}`}>{t(`states.${r.estado}`)}</span>
                </td>
                <td>
                  <Button
                    variant="secondary"
                    onClick={() => onOpen(r.token)}
                    aria-label={t('staff.fullInfoLabel', {
                      name: `${r.nombre} ${r.apellido}`,
                      date: formatShortDate(r.fecha),
                      time: r.hora,
                    })}
                  >
                    {t('staff.fullInfo')}
                  </Button>
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
