import { ConsultationStateText } from '../../../components/ui/consultation-state.js';
import { useState } from 'react';
import { Reference, useReferenceColumn } from '../../../components/ui/reference.js';
import { Button } from '../../../components/ui/button.js';
import { StaffList } from '../../../components/ui/staff-list.js';
import { useListSearch } from '../../../components/ui/use-list-search.js';
import { useAdminConsultations } from '../api/get-admin-consultations.js';
import { ConsultationAdminModal } from './consultation-admin-modal.js';
import { useReviewFormat } from './format.js';
import '../staff-review.css';
import { EmailText } from '../../../components/ui/email-text.js';

/** /Consultas_Admin: every consultation, the first-name search and the detail modal by token. */
export function ConsultasAdminPage() {
  const { t, formatDateTime, paymentStateLabel, serviceLabel, tipoLabel, methodLabel } = useReviewFormat();
  const [open, setOpen] = useState<string | null>(null);
  const { name, pages, search } = useListSearch({ required: true, byReference: true });
  const referenceColumn = useReferenceColumn();
  const rows = useAdminConsultations(name, pages.cursor);

  return (
    <div className="review-page">
      <h1>{t('consultationsPage.title')}</h1>
      <StaffList
        caption={t('consultationsPage.title')}
        tableClassName="review-table"
        columns={[
          referenceColumn,
          t('table.patient'),
          t('table.idNumber'),
          t('table.email'),
          t('table.registeredAt'),
          t('table.service'),
          t('table.type'),
          t('table.payment'),
          t('table.detail'),
        ]}
        list={rows}
        pages={pages}
        search={search}
        rowKey={(r) => r.id}
        renderRow={(r) => (
          <>
            {/* First, so a phone shows it without scrolling the table sideways. */}
            <td>
              <Reference kind="consultation" numero={r.numero} bare />
            </td>
            <th scope="row">
              {r.nombre} {r.apellido}
              {/* Under the name, so a phone shows it without scrolling the table sideways. */}
              <span className="consultation-state-lines">
                <ConsultationStateText state={r} />
              </span>
            </th>
            <td className="list-nowrap">{r.cedula}</td>
            <td>
              <EmailText value={r.correo} />
            </td>
            <td>{formatDateTime(r.fecha_registro)}</td>
            <td>{serviceLabel(r.servicio)}</td>
            <td>
              {r.tipo_de_consulta ? tipoLabel(r.tipo_de_consulta) : t('tipos.none')}
              {r.estado_consulta === 0 && <span className="review-badge">{t('table.closed')}</span>}
            </td>
            <td>
              {methodLabel(r.metodo_de_pago)} ·{' '}
              <span className={`review-state review-state-${r.estado_pago}`}>{paymentStateLabel(r.estado_pago)}</span>
            </td>
            <td>
              <Button
                variant="secondary"
                onClick={() => setOpen(r.token)}
                aria-label={t('table.fullInfoFor', { name: `${r.nombre} ${r.apellido}` })}
              >
                {t('table.fullInfo')}
              </Button>
            </td>
          </>
        )}
      />
      {open !== null && <ConsultationAdminModal token={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
