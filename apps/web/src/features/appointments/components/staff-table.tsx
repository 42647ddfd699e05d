import { messages, type AppointmentRow } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { STATE_LABELS, formatShortDate, formatSlot, serviceLabel } from './format.js';

interface StaffTableProps {
  caption: string;
  rows: { isPending: boolean; isError: boolean; error: unknown; data: AppointmentRow[] | undefined };
  /** Administrators also see the doctor and the service. */
  withDoctor?: boolean;
  onOpen: (token: string) => void;
}

/** The appointments of the staff screens: each row name, date and time, and 'Información Completa'. */
export function StaffTable({ caption, rows, withDoctor, onOpen }: StaffTableProps) {
  const columns = withDoctor ? 7 : 5;
  return (
    <div className="appt-table-wrap">
      <table className="appt-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Paciente</th>
            <th scope="col">Fecha</th>
            <th scope="col">Hora</th>
            {withDoctor && <th scope="col">Médico</th>}
            {withDoctor && <th scope="col">Servicio</th>}
            <th scope="col">Estado</th>
            <th scope="col">Detalle</th>
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
          ) : !rows.data || rows.data.length === 0 ? (
            <tr>
              <td colSpan={columns}>{messages.noResults}</td>
            </tr>
          ) : (
            rows.data.map((r) => (
              <tr key={r.id} className={r.estado === 'cancelada' ? 'appt-row-cancelled' : undefined}>
                <th scope="row">
                  {r.nombre} {r.apellido}
                </th>
                <td>{formatShortDate(r.fecha)}</td>
                <td>{formatSlot(r.hora)}</td>
                {withDoctor && <td>{r.doctor}</td>}
                {withDoctor && <td>{serviceLabel(r.servicio)}</td>}
                <td>
                  <span className={`appt-state appt-state-${r.estado}`}>{STATE_LABELS[r.estado]}</span>
                </td>
                <td>
                  <Button variant="secondary" onClick={() => onOpen(r.token)} aria-label={`Información Completa de ${r.nombre} ${r.apellido}, ${formatShortDate(r.fecha)} ${r.hora}`}>
                    Información Completa
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
