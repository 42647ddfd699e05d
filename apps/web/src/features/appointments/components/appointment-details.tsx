import type { ReactNode } from 'react';
import { messages, type AppointmentDetail } from '@clinica/shared';
import { CANCELLED_BY_LABELS, PAYMENT_STATE_LABELS, STATE_LABELS, formatInstant, formatLongDate, formatMoney, formatSlot, serviceLabel } from './format.js';

/** Label and value pairs; an empty value reads 'No disponible'. */
function Details({ items }: { items: [label: string, value: ReactNode][] }) {
  return (
    <dl className="appt-details">
      {items.map(([label, value]) => (
        <div key={label} className="appt-detail">
          <dt>{label}</dt>
          <dd>{value === null || value === undefined || value === '' ? messages.unavailable : value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The appointment in a modal: name, last name, e-mail, phone, date, time, service and reason
 * (staff.md), then its state, doctor and payment.
 */
export function AppointmentDetails({ a, view }: { a: AppointmentDetail; view: 'patient' | 'doctor' | 'admin' }) {
  const items: [string, ReactNode][] = [
    ['Nombre', a.nombre],
    ['Apellido', a.apellido],
    ['Correo', a.correo],
    ['Teléfono', a.telefono],
    ['Fecha', formatLongDate(a.fecha)],
    ['Hora', formatSlot(a.hora)],
    ['Servicio', serviceLabel(a.servicio)],
    ['Motivo', a.mensaje],
    ['Estado', STATE_LABELS[a.estado]],
  ];
  if (view !== 'doctor') items.push(['Médico', `${a.doctor} (${a.correo_doctor})`]);
  if (a.pago) {
    items.push(['Pago', `${a.pago.metodo_de_pago} · ${formatMoney(a.pago.monto)} · ${PAYMENT_STATE_LABELS[a.pago.estado]}`]);
    if (a.pago.estado === 'rechazado') items.push(['Motivo del rechazo', a.pago.motivo_rechazo]);
  }
  if (a.estado === 'cancelada') {
    items.push(['Cancelada', a.cancelada_por ? CANCELLED_BY_LABELS[a.cancelada_por] : null]);
    if (a.motivo_cancelacion) items.push(['Motivo de la cancelación', a.motivo_cancelacion]);
  }
  items.push(['Solicitada el', formatInstant(a.created_at)]);
  if (view === 'patient') items.push(['Código de la cita', <span className="appt-token">{a.token}</span>]);
  return <Details items={items} />;
}
