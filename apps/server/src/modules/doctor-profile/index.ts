// The public face of this module: other modules import only what is listed here (lint-enforced).
export { doctorProfileRepository, type DoctorProfileRepository } from './doctor-profile.repository.js';
export { doctorProfileService, type DoctorProfileService } from './doctor-profile.service.js';
