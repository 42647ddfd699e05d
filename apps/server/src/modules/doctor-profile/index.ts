// The public face of this module: other modules import only what is listed here (lint-enforced).
export { type DoctorProfileService } from './doctor-profile.service.js';
export { default as doctorProfilePlugin } from './doctor-profile.plugin.js';
