import { CLINIC_TIME_ZONE } from '@clinica/shared';

const dateTime = new Intl.DateTimeFormat('es-PA', { timeZone: CLINIC_TIME_ZONE, dateStyle: 'short', timeStyle: 'short' });

/** A date and time in Panama time. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
