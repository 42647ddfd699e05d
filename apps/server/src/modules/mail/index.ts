// The public face of this module: other modules import only what is listed here (lint-enforced).
export { appointmentIcs } from './ics.js';
export { clinicContact, type ClinicContact } from './mail.templates.js';
export { type Notifier } from './notify.js';
export { default as mailerPlugin } from './mailer.plugin.js';
export { default as mailPlugin } from './mail.plugin.js';
export { whatsappNumber } from './whatsapp/whatsapp-number.js';
