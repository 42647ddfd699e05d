import { CLINIC_TIME_ZONE } from '@clinica/shared';

const dateTime = new Intl.DateTimeFormat('es-PA', { timeZone: CLINIC_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

/** An ISO instant as Panama's date and time, e.g. '21 nov 2026, 10:00 a. m.'. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
