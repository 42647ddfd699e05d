import { useState } from 'react';
import { SERVICE_LABELS, messages } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { NameSearch } from '../../../components/ui/name-search.js';
import { Pager } from '../../../components/ui/pager.js';
import { messageOf } from '../../../lib/api-client.js';
import { useCursorPages } from '../../../lib/use-cursor-pages.js';
import { useDoctorConsultations } from '../api/get-doctor-consultations.js';
import { DoctorConsultationModal } from './doctor-consultation-modal.js';
import { formatDateTime } from './format.js';
import '../../../components/ui/list.css';
import '../doctor-consultations.css';

/** /Consultas_Admin_Doctor: the doctor's own consultations, the first-name search and the modal. */
export function ConsultasAdminDoctorPage() {
  const [search, setSearch] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const pages = useCursorPages();
  const rows = useDoctorConsultations(search, pages.cursor);
  const find = (name: string | null) => {
    setSearch(name);
    pages.reset();
  };

  return (
    <div className="list-page">
      <h1>Mis consultas virtuales</h1>
      <NameSearch onSearch={(name) => find(name === '' ? null : name)} onClear={() => find(null)} />
      <div className="list-table-wrap">
        <table className="list-table">
          <caption className="visually-hidden">Consultas asignadas</caption>
          <thead>
            <tr>
              <th scope="col">Nombre</th>
              <th scope="col">Cédula</th>
              <th scope="col">Correo</th>
              <th scope="col">Fecha de registro</th>
              <th scope="col">Servicio</th>
              <th scope="col">Detalle</th>
            </tr>
          </thead>
          <tbody>
            {rows.isPending ? (
              <tr>
                <td colSpan={6}>{messages.loading}</td>
              </tr>
            ) : rows.isError ? (
              <tr>
                <td colSpan={6} role="alert" className="list-error">
                  {messageOf(rows.error, messages.requestNetworkError)}
                </td>
              </tr>
            ) : rows.data.items.length === 0 ? (
              <tr>
                <td colSpan={6}>{messages.noResults}</td>
              </tr>
            ) : (
              rows.data.items.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    {r.nombre} {r.apellido}
                    {r.revisado === 1 && <span className="list-badge list-badge-ok">Revisada</span>}
                    {r.estado_consulta === 0 && <span className="list-badge">Cerrada</span>}
                  </th>
                  <td>{r.cedula}</td>
                  <td className="list-wrap">{r.correo}</td>
                  <td>{formatDateTime(r.fecha_registro)}</td>
                  <td>{SERVICE_LABELS[r.servicio]}</td>
                  <td>
                    <Button variant="secondary" onClick={() => setOpen(r.token)} aria-label={`Información Completa de ${r.nombre} ${r.apellido}`}>
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
      {open !== null && <DoctorConsultationModal token={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
