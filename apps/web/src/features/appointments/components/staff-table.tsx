import type { AppointmentRow, ListPage } from '@clinica/shared';
import { Reference, useReferenceColumn } from '../../../components/ui/reference.js';
import { Button } from '../../../components/ui/button.js';
import { StaffList } from '../../../components/ui/staff-list.js';
import type { useListSearch } from '../../../components/ui/use-list-search.js';
import { useTranslation } from '../../../lib/i18n.js';
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
  /** The list's pages and search (useListSearch: an empty search is refused with an alert). */
  pages: ReturnType<typeof useListSearch>['pages'];
  search: ReturnType<typeof useListSearch>['search'];
  /** Administrators also see the doctor and the service. */
  withDoctor?: boolean;
  onOpen: (token: string) => void;
}

/** The appointments of the staff screens: each row name, date and time, and 'Información Completa'. */
export function StaffTable({ caption, rows, pages, search, withDoctor, onOpen }: StaffTableProps) {
  const { t } = useTranslation('appointments');
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
      search={{ ...search, submitLabel: t('staff.search') }}
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
