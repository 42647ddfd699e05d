import { ConsultationAndPaymentState } from '../../../components/ui/consultation-state.js';
import { StaffList } from '../../../components/ui/staff-list.js';
import { useState } from 'react';
import { Reference, useReferenceColumn } from '../../../components/ui/reference.js';
import { Button } from '../../../components/ui/button.js';
import { useTranslation } from '../../../lib/i18n.js';
import { useListSearch } from '../../../components/ui/use-list-search.js';
import { useDoctorConsultations } from '../api/get-doctor-consultations.js';
import { DoctorConsultationModal } from './doctor-consultation-modal.js';
import { useFormatDateTime } from '../../../lib/date-time.js';
import '../../../components/ui/list.css';
import '../doctor-consultations.css';
import { EmailText } from '../../../components/ui/email-text.js';

/** /Consultas_Admin_Doctor: the doctor's own consultations, the first-name search and the modal. */
export function ConsultasAdminDoctorPage() {
  const { t } = useTranslation('doctor-consultations');
  const formatDateTime = useFormatDateTime();
  const [open, setOpen] = useState<string | null>(null);
  const { name, pages, search } = useListSearch({ byReference: true });
  const referenceColumn = useReferenceColumn();
  const rows = useDoctorConsultations(name, pages.cursor);

  return (
    <div className="list-page">
      <h1>{t('page.title')}</h1>
      <StaffList
        caption={t('page.caption')}
        columns={[
          referenceColumn,
          t('page.name'),
          t('page.idNumber'),
          t('page.email'),
          t('page.registeredAt'),
          t('page.service'),
          t('page.detail'),
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
              {r.revisado === 1 && <span className="list-badge list-badge-ok">{t('page.reviewed')}</span>}
              {r.estado_consulta === 0 && <span className="list-badge">{t('page.closed')}</span>}
              {/* Under the name, so a phone shows them without scrolling the table sideways. */}
              <span className="consultation-state-lines">
                <ConsultationAndPaymentState state={r} />
              </span>
            </th>
            <td className="list-nowrap">{r.cedula}</td>
            <td>
              <EmailText value={r.correo} />
            </td>
            <td>{formatDateTime(r.fecha_registro)}</td>
            <td>{t(`services.${r.servicio}`)}</td>
            <td>
              <Button
                variant="secondary"
                onClick={() => setOpen(r.token)}
                aria-label={t('page.fullInfoFor', { name: `${r.nombre} ${r.apellido}` })}
              >
                {t('page.fullInfo')}
              </Button>
            </td>
          </>
        )}
      />
      {open !== null && <DoctorConsultationModal token={open} onClose={() => setOpen(null)} />}
    </div>
  );
}
