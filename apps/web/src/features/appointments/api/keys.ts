/** Query keys of the appointments feature: the free hours and the lists are refreshed after every change. */
export const APPOINTMENTS_KEY = ['appointments'] as const;
export const AVAILABILITY_KEY = [...APPOINTMENTS_KEY, 'availability'] as const;
export const MY_APPOINTMENTS_KEY = [...APPOINTMENTS_KEY, 'mine'] as const;
export const DOCTOR_APPOINTMENTS_KEY = [...APPOINTMENTS_KEY, 'doctor'] as const;
export const ADMIN_APPOINTMENTS_KEY = [...APPOINTMENTS_KEY, 'admin'] as const;
export const BLOCKED_DATES_KEY = [...APPOINTMENTS_KEY, 'doctor-blocked-dates'] as const;
export const WEEKLY_HOURS_KEY = [...APPOINTMENTS_KEY, 'weekly-hours'] as const;
export const CALENDAR_FEED_KEY = [...APPOINTMENTS_KEY, 'calendar-feed'] as const;
export const CALENDAR_WEEK_KEY = [...APPOINTMENTS_KEY, 'calendar-week'] as const;
export const WAITLIST_KEY = [...APPOINTMENTS_KEY, 'waitlist'] as const;
