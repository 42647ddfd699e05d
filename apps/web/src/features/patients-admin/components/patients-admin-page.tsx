import { useState } from 'react';
import { CLINIC_TIME_ZONE, messages } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { NameSearch } from '../../../components/ui/name-search.js';
import { Pager } from '../../../components/ui/pager.js';
import { messageOf } from '../../../lib/api-client.js';
import { useCursorPages } from '../../../lib/use-cursor-pages.js';
import { useAdminPatients } from '../api/get-admin-patients.js';
import { PatientAdminModal } from './patient-admin-modal.js';
import '../../../components/ui/list.css';

const dateTime = new Intl.DateTimeFormat('es-PA', { timeZone: CLINIC_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });

/** /PacientesDataAdmin: every patient, newest first, the first-name search and the patient's modal. */
export function PacientesDataAdminPage() {
  const [search, setSearch] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const pages = useCursorPages();
  const rows = useAdminPatients(search, pages.cursor);
  const find = (name: string | null) => {
    setSearch(name);
    pages.reset();
  };

  return (
    <div className="list-page">
      <h1>Pacientes</h1>
      <NameSearch onSearch={(name) => find(name === '' ? null : name)} onClear={() => find(null)} />
      <div className="list-table-wrap">
        <table className="list-table">
          <caption className="visually-hidden">Pacientes registrados</caption>
          <thead>
            <tr>
              <th scope="col">Nombre</th>
              <th scope="col">Cédula</th>
              <th scope="col">Correo</th>
              <th scope="col">Fecha de registro</th>
              <th scope="col">Detalle</th>
            </tr>
          </thead>
          <tbody>
            {rows.isPending ? (
              <tr>
                <td colSpan={5}>{messages.loading}</td>
              </tr>
            ) : rows.isError ? (
              <tr>
                <td colSpan={5} role="alert" className="list-error">
                  {messageOf(rows.error, messages.requestNetworkError)}
                </td>
              </tr>
            ) : rows.data.items.length === 0 ? (
              <tr>
                <td colSpan={5}>{messages.noResults}</td>
              </tr>
            ) : (
              rows.data.items.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    {p.nombre} {p.apellido}
                  </th>
                  <td>{p.cedula}</td>
                  <td className="list-wrap">{p.correo}</td>
                  <td>{dateTime.format(new Date(p.fecha_registro))}</td>
                  <td>
                    <Button variant="secondary" onClick={() => setOpen(p.id)} aria-label={`Información Completa de ${p.nombre} ${p.apellido}`}>
                      Información Completa
                    </Button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <Pager
        page={pages.page}
        hasPrevious={pages.hasPrevious}
        hasNext={Boolean(rows.data?.next_cursor)}
        onPrevious={pages.previous}
        onNext={() => pages.next(rows.data?.next_cursor)}
        busy={rows.isFetching}
      />
      {open !== null && <PatientAdminModal id={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
