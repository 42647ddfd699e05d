import type { AppointmentRow, ListPage } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Reference, useReferenceColumn } from '../../../components/ui/reference.js';
import { Button } from '../../../components/ui/button.js';
import { StaffList } from '../../../components/ui/staff-list.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import type { useCursorPages } from '../../../lib/use-cursor-pages.js';
import { AttendanceNote } from './attendance-note.js';
import { formatShortDate, formatSlot } from './format.js';
import { StateWords } from './appointment-details.js';

interface StaffTableProps {
  caption: string;
  /** One page of the list. */
  rows: {
    isPending: boolean;
    isError: boolean;
    isFetching: boolean;
    error: unknown;
    data: ListPage<AppointmentRow> | undefined;
  };
  pages: ReturnType<typeof useCursorPages>;
  /** A first name to search ('' is refused with an alert), or null to clear the search. */
  onSearch: (name: string | null) => void;
  /** Administrators also see the doctor and the service. */
  withDoctor?: boolean;
  onOpen: (token: string) => void;
}

/** The appointments of the staff screens: each row name, date and time, and 'Información Completa'. */
export function StaffTable({ caption, rows, pages, onSearch, withDoctor, onOpen }: StaffTableProps) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const referenceColumn = useReferenceColumn();
  return (
    <StaffList
      caption={caption}
      tableClassName="appt-table"
      columns={[
        referenceColumn,
        t('staff.colPatient'),
        t('staff.colDate'),
        t('staff.colTime'),
        ...(withDoctor ? [t('staff.colDoctor'), t('staff.colService')] : []),
        t('staff.colState'),
        t('staff.colDetail'),
      ]}
      list={rows}
      pages={pages}
      // The spec's 'Enviar' and 'Limpiar Búsqueda' (docs/spec/staff.md, doctor appointments list).
      // The server matches the patient's first name or the appointment's number (nameOrReference).
      search={{
        byReference: true,
        submitLabel: t('staff.search'),
        onSearch: (name) => (name === '' ? void showAlert(messages.missingFields) : onSearch(name)),
        onClear: () => onSearch(null),
      }}
      rowKey={(r) => r.id}
      rowClassName={(r) => (r.estado === 'cancelada' ? 'appt-row-cancelled' : undefined)}
      renderRow={(r) => (
        <>
          {/* First, so a phone shows it without scrolling the table sideways. */}
          <td>
            <Reference kind="appointment" numero={r.numero} bare />
          </td>
          <th scope="row">
            {r.nombre} {r.apellido}
          </th>
          <td>{formatShortDate(r.fecha)}</td>
          <td>{formatSlot(r.hora)}</td>
          {withDoctor && <td>{r.doctor}</td>}
          {withDoctor && <td>{t(`services.${r.servicio}`)}</td>}
          <td>
            <StateWords a={r} />
            <AttendanceNote at={r.asistencia_confirmada_at} />
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
        </>
      )}
    />
  );
}
