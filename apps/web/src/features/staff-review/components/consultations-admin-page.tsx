import { useState } from 'react';
import { messages } from '@clinica/shared';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { useAdminConsultations } from '../api/get-admin-consultations.js';
import { ConsultationAdminModal } from './consultation-admin-modal.js';
import { PAYMENT_STATE_LABELS, TIPO_LABELS, formatDateTime, serviceLabel } from './format.js';
import { SearchBar } from './search-bar.js';
import '../staff-review.css';

/** /Consultas_Admin: every consultation, the first-name search and the detail modal by token. */
export function ConsultasAdminPage() {
  const [search, setSearch] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const rows = useAdminConsultations(search);

  return (
    <div className="review-page">
      <h1>Consultas virtuales</h1>
      <SearchBar
        onSearch={(name) => (name === '' ? void showAlert(messages.missingFields) : setSearch(name))}
        onClear={() => setSearch(null)}
      />
      <div className="review-table-wrap">
        <table className="review-table">
          <caption className="visually-hidden">Consultas virtuales</caption>
          <thead>
            <tr>
              <th scope="col">Paciente</th>
              <th scope="col">Cédula</th>
              <th scope="col">Correo</th>
              <th scope="col">Fecha de registro</th>
              <th scope="col">Servicio</th>
              <th scope="col">Tipo</th>
              <th scope="col">Pago</th>
              <th scope="col">Detalle</th>
            </tr>
          </thead>
          <tbody>
            {rows.isPending ? (
              <tr>
                <td colSpan={8}>{messages.loading}</td>
              </tr>
            ) : rows.isError ? (
              <tr>
                <td colSpan={8} role="alert" className="review-error">
                  {messageOf(rows.error, messages.requestNetworkError)}
                </td>
              </tr>
            ) : rows.data.length === 0 ? (
              <tr>
                <td colSpan={8}>{messages.noResults}</td>
              </tr>
            ) : (
              rows.data.map((r) => (
                <tr key={r.id}>
                  <th scope="row">
                    {r.nombre} {r.apellido}
                  </th>
                  <td>{r.cedula}</td>
                  <td className="review-wrap">{r.correo}</td>
                  <td>{formatDateTime(r.fecha_registro)}</td>
                  <td>{serviceLabel(r.servicio)}</td>
                  <td>
                    {r.tipo_de_consulta ? TIPO_LABELS[r.tipo_de_consulta] : 'Sin clasificar'}
                    {r.estado_consulta === 0 && <span className="review-badge">Cerrada</span>}
                  </td>
                  <td>
                    {r.metodo_de_pago} · <span className={`review-state review-state-${r.estado_pago}`}>{PAYMENT_STATE_LABELS[r.estado_pago]}</span>
                  </td>
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
      {open !== null && <ConsultationAdminModal token={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
