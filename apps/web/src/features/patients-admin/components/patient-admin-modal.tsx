import { PatientPhone } from '../../../components/ui/whatsapp-link.js';
import type { ReactNode } from 'react';
import { Link } from '../../../lib/router.js';
import type { AdminPatientDetail } from '@clinica/shared';
import { Modal } from '../../../components/ui/modal.js';
import { StoredImage } from '../../../components/ui/stored-image.js';
import { NoShowSummary } from '../../../components/ui/no-show-summary.js';
import { useMessages, useTranslation } from '../../../lib/i18n.js';
import { useAdminPatient } from '../api/get-admin-patient.js';
import { useFormatDateTime } from '../../../lib/date-time.js';

const GENDERS = new Set(['masculino', 'femenino', 'otro']);

/** The patient's record: profile, Acuerdo, Primera_Consulta (in words) and the ID-card image. */
export function PatientAdminModal({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation('patients-admin');
  const messages = useMessages();
  const patient = useAdminPatient(id);
  return (
    <Modal title={t('modal.title')} size="lg" onClose={onClose}>
      {patient.isPending ? (
        <p>{messages.loading}</p>
      ) : patient.isError ? (
        <p role="alert" className="list-error">
          {messages.noData}
        </p>
      ) : (
        <Detail p={patient.data} />
      )}
    </Modal>
  );
}

function Detail({ p }: { p: AdminPatientDetail }) {
  const { t } = useTranslation('patients-admin');
  const messages = useMessages();
  const formatDateTime = useFormatDateTime();
  const items: [string, ReactNode][] = [
    [t('modal.firstName'), p.nombre],
    [t('modal.lastName'), p.apellido],
    [t('modal.age'), p.edad],
    [t('modal.gender'), GENDERS.has(p.genero) ? t(`genders.${p.genero}`) : p.genero],
    [t('modal.nationality'), p.nacionalidad],
    [t('modal.idNumber'), p.cedula],
    [t('modal.address'), p.direccion],
    [t('modal.mobile'), <PatientPhone key="phone" phone={p.celular} />],
    [t('modal.email'), p.correo],
    [
      t('modal.agreement'),
      p.Acuerdo ? t('modal.agreementAccepted', { date: formatDateTime(p.acuerdo_at) }) : t('modal.agreementNotAccepted'),
    ],
    [
      t('modal.firstConsultation'),
      // Primera_Consulta 1 means the first consultation is still to be used; people read words, not the flag.
      p.Primera_Consulta === 1 ? t('modal.firstAvailable') : t('modal.firstUsed'),
    ],
    [t('modal.registeredAt'), formatDateTime(p.fecha_registro)],
    // Issue 24 item 4: in-person appointments marked no-show, and whether they must now prepay.
    [t('modal.noShows'), <NoShowSummary key="ns" status={p.estado_inasistencias} />],
  ];
  return (
    <div className="details-section">
      <dl className="details-grid">
        {items.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('modal.idImage')}</h3>
      {p.url_img_cedula ? <StoredImage url={p.url_img_cedula} alt={t('modal.idImageAlt', { name: `${p.nombre} ${p.apellido}` })} width={260} /> : <p>{messages.unavailable}</p>}
      <p>
        <Link to={`/Auditoria_Admin?paciente=${encodeURIComponent(p.id)}`}>{t('modal.auditLink')}</Link>
      </p>
    </div>
  );
}
