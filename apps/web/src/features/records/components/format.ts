import { CLINIC_TIME_ZONE, SERVICE_LABELS, type Service } from '@clinica/shared';

const dateTime = new Intl.DateTimeFormat('es-PA', { timeZone: CLINIC_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });

/** A date and time in Panama time, as the lists show it. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const serviceLabel = (s: Service) => SERVICE_LABELS[s];
export const TIPO_LABELS = { quitar_permiso: 'Sin permiso', tipo_a: 'Tipo A (riesgo bajo)', tipo_b: 'Tipo B (urgente)', tipo_c: 'Tipo C (emergencia)' } as const;
export const UPLOADER_LABELS = { patient: 'usted', doctor: 'su médico' } as const;
