import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CLINIC_TIME_ZONE, messages, type AdminPatientDetail } from '@clinica/shared';
import { Modal } from '../../../components/ui/modal.js';
import { StoredImage } from '../../../components/ui/stored-image.js';
import { useAdminPatient } from '../api/get-admin-patient.js';

const dateTime = new Intl.DateTimeFormat('es-PA', { timeZone: CLINIC_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });

/** The patient's record: profile, Acuerdo, Primera_Consulta and the ID-card image. */
export function PatientAdminModal({ id, onClose }: { id: string; onClose: () => void }) {
  const patient = useAdminPatient(id);
  return (
    <Modal title="Información Completa del paciente" size="lg" onClose={onClose}>
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
  const items: [string, ReactNode][] = [
    ['Nombre', p.nombre],
    ['Apellido', p.apellido],
    ['Edad', p.edad],
    ['Género', p.genero],
    ['Nacionalidad', p.nacionalidad],
    ['Cédula', p.cedula],
    ['Dirección', p.direccion],
    ['Celular', p.celular],
    ['Correo', p.correo],
    ['Acuerdo', p.Acuerdo ? `Aceptado (${dateTime.format(new Date(p.acuerdo_at))})` : 'No aceptado'],
    ['Primera_Consulta', `${p.Primera_Consulta} (${p.Primera_Consulta === 1 ? 'primera consulta disponible' : 'primera consulta ya utilizada'})`],
    ['Fecha de registro', dateTime.format(new Date(p.fecha_registro))],
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
      <h3>Imagen de la cédula</h3>
      {p.url_img_cedula ? <StoredImage url={p.url_img_cedula} alt={`cédula de ${p.nombre} ${p.apellido}`} width={260} /> : <p>{messages.unavailable}</p>}
      <p>
        <Link to={`/Auditoria_Admin?paciente=${encodeURIComponent(p.id)}`}>Ver quién accedió a los datos de este paciente</Link>
      </p>
    </div>
  );
}
