import { CLINIC_TIME_ZONE } from '@clinica/shared';

const DATE = new Intl.DateTimeFormat('es-PA', { dateStyle: 'long', timeZone: CLINIC_TIME_ZONE });

/** '2026-11-21T15:00:00.000Z' -> '21 de noviembre de 2026' (Panama time). */
export const formatDate = (iso: string) => DATE.format(new Date(iso));
