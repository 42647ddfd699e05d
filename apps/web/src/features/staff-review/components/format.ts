import { CLINIC_TIME_ZONE, SERVICE_LABELS, type PaymentPurpose, type PaymentState, type Service, type TipoDeConsulta } from '@clinica/shared';

const dateTime = new Intl.DateTimeFormat('es-PA', { timeZone: CLINIC_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });

/** An ISO instant as Panama's date and time. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));

export const formatMoney = (monto: number) => `USD ${monto.toFixed(2)}`;

export const serviceLabel = (s: Service) => SERVICE_LABELS[s];

export const TIPO_LABELS: Record<TipoDeConsulta, string> = {
  quitar_permiso: 'Quitar Permiso',
  tipo_a: 'tipo_a (bajo riesgo)',
  tipo_b: 'tipo_b (urgente)',
  tipo_c: 'tipo_c (emergencia)',
};

export const PAYMENT_STATE_LABELS: Record<PaymentState, string> = {
  pendiente: 'Pendiente',
  aprobado: 'Aprobado',
  rechazado: 'Rechazado',
};

export const PURPOSE_LABELS: Record<PaymentPurpose, string> = {
  consulta: 'Consulta virtual',
  cita: 'Cita presencial',
  hora_extra: 'Hora adicional de chat',
};

export const EVENT_LABELS: Record<string, string> = {
  creado: 'Pago registrado',
  aprobado: 'Pago aprobado',
  rechazado: 'Comprobante rechazado',
  revisado: 'Marcado como revisado',
  no_revisado: 'Marcado como no revisado',
  factura_adjunta: 'Factura fiscal adjunta',
};
