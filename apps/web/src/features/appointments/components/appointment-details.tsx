import { PatientPhone } from '../../../components/ui/whatsapp-link.js';
import type { ReactNode } from 'react';
import { Reference } from '../../../components/ui/reference.js';
import { Details } from '../../../components/ui/details.js';
import { NoShowSummary } from '../../../components/ui/no-show-summary.js';
import type { AppointmentDetail } from '@clinica/shared';
import { useMessages, useTranslation, type TFunction } from '../../../lib/i18n.js';
import { AppointmentStateText } from './appointment-state.js';
import { formatInstant, formatLongDate, formatMoney, formatSlot } from './format.js';

/** The payment method as stored ('Paypal o Tarjeta', 'Transferencia', 'Yappy'), in the current language. */
const METHOD_KEYS: Record<string, string> = { 'Paypal o Tarjeta': 'paypal', Transferencia: 'transfer', Yappy: 'yappy' };
const methodLabel = (t: TFunction, metodo: string) => {
  const key = METHOD_KEYS[metodo];
  return key ? t(`paymentMethods.${key}`) : metodo;
};

/**
 * The appointment in a modal: name, last name, e-mail, phone, date, time, service and reason
 * (docs/spec/staff.md), then its state, doctor and payment.
 */
export function AppointmentDetails({ a, view }: { a: AppointmentDetail; view: 'patient' | 'doctor' | 'admin' }) {
  const { t } = useTranslation('appointments');
  const messages = useMessages();
  const items: [string, ReactNode][] = [
    [t('details.name'), a.nombre],
    [t('details.lastName'), a.apellido],
    [t('details.email'), a.correo],
    // Staff reach the patient on WhatsApp from here (decision 0060); the patient's own number needs no link.
    [t('details.phone'), view === 'patient' ? a.telefono : <PatientPhone key="phone" phone={a.telefono} />],
    [t('details.date'), formatLongDate(a.fecha)],
    [t('details.time'), formatSlot(a.hora)],
    [t('details.service'), t(`services.${a.servicio}`)],
    [t('details.reason'), a.mensaje],
    // In words, the same for the three roles (decision 0049); a receipt still under review says so too.
    [t('details.state'), <StateWords key="s" a={a} />],
  ];
  // The reminder's answer (decision 0052), while it can still matter or once given.
  if (a.estado === 'confirmada' || a.asistencia_confirmada_at)
    items.push([
      t('attendance.answerLabel'),
      a.asistencia_confirmada_at ? t('attendance.confirmedAt', { when: formatInstant(a.asistencia_confirmada_at) }) : t('attendance.unanswered'),
    ]);
  // Staff only, in words with the prepay policy (the server sends null to the patient).
  if (view !== 'patient' && a.estado_inasistencias) items.push([t('attendance.noShows'), <NoShowSummary key="ns" status={a.estado_inasistencias} />]);
  // The patient reads the doctor's name only: staff e-mail addresses are not for patients (the server sends null).
  if (view !== 'doctor') items.push([t('details.doctor'), a.correo_doctor ? `${a.doctor} (${a.correo_doctor})` : a.doctor]);
  if (a.pago) {
    // Money owed back or returned says so instead of 'En revisión' / 'Aprobado' (issue 20).
    const state = a.pago.reembolso === 'reembolsado' ? messages.refundDone : a.pago.reembolso === 'pendiente' ? messages.refundPending : t(`paymentStates.${a.pago.estado}`);
    items.push([t('details.payment'), `${methodLabel(t, a.pago.metodo_de_pago)} · ${formatMoney(a.pago.monto)} · ${state}`]);
    if (a.pago.estado === 'rechazado') items.push([t('details.rejectionReason'), a.pago.motivo_rechazo]);
  }
  if (a.estado === 'cancelada') {
    items.push([t('details.cancelled'), a.cancelada_por ? t(`cancelledBy.${a.cancelada_por}`) : null]);
    if (a.motivo_cancelacion) items.push([t('details.cancelReason'), a.motivo_cancelacion]);
  }
  items.push([t('details.requestedOn'), formatInstant(a.created_at)]);
  items.push([t('details.reference'), <Reference key="n" kind="appointment" numero={a.numero} />]);
  return <Details items={items} />;
}

/** The state in words, and 'Pago en revisión' while a receipt waits (the payment's own state). */
export function StateWords({ a }: { a: Parameters<typeof AppointmentStateText>[0]['a'] }) {
  const { t } = useTranslation('appointments');
  return (
    <>
      <AppointmentStateText a={a} />
      {a.estado === 'pendiente' && <> · {t('states.pendiente')}</>}
    </>
  );
}
