import { ConsultationStateText } from '../../../components/ui/consultation-state.js';
import { useState } from 'react';
import { NameSearch } from '../../../components/ui/name-search.js';
import { showAlert } from '../../../components/ui/alert-store.js';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { useMessages } from '../../../lib/i18n.js';
import { useAdminConsultations } from '../api/get-admin-consultations.js';
import { ConsultationAdminModal } from './consultation-admin-modal.js';
import { useReviewFormat } from './format.js';
import '../staff-review.css';

/** /Consultas_Admin: every consultation, the first-name search and the detail modal by token. */
export function ConsultasAdminPage() {
  const { t, formatDateTime, paymentStateLabel, serviceLabel, tipoLabel, methodLabel } = useReviewFormat();
  const messages = useMessages();
  const [search, setSearch] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const rows = useAdminConsultations(search);

  return (
    <div className="review-page">
      <h1>{t('consultationsPage.title')}</h1>
      <NameSearch
        onSearch={(name) => (name === '' ? void showAlert(messages.missingFields) : setSearch(name))}
        onClear={() => setSearch(null)}
      />
      <div className="review-table-wrap">
        <table className="review-table">
          <caption className="visually-hidden">{t('consultationsPage.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('table.patient')}</th>
              <th scope="col">{t('table.idNumber')}</th>
              <th scope="col">{t('table.email')}</th>
              <th scope="col">{t('table.registeredAt')}</th>
              <th scope="col">{t('table.service')}</th>
              <th scope="col">{t('table.type')}</th>
              <th scope="col">{t('table.payment')}</th>
              <th scope="col">{t('table.detail')}</th>
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
                    {/* Under the name, so a phone shows it without scrolling the table sideways. */}
                    <span className="consultation-state-lines">
                      <ConsultationStateText state={r} />
                    </span>
                  </th>
                  <td>{r.cedula}</td>
                  <td className="review-wrap">{r.correo}</td>
                  <td>{formatDateTime(r.fecha_registro)}</td>
                  <td>{serviceLabel(r.servicio)}</td>
                  <td>
                    {r.tipo_de_consulta ? tipoLabel(r.tipo_de_consulta) : t('tipos.none')}
                    {r.estado_consulta === 0 && <span className="review-badge">{t('table.closed')}</span>}
                  </td>
                  <td>
                    {methodLabel(r.metodo_de_pago)} · <span className={`review-state review-state-${r.estado_pago}`}>{paymentStateLabel(r.estado_pago)}</span>
                  </td>
                  <td>
                    <Button variant="secondary" onClick={() => setOpen(r.token)} aria-label={t('table.fullInfoFor', { name: `${r.nombre} ${r.apellido}` })}>
                      {t('table.fullInfo')}
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
