// The public face of this module: other modules import only what is listed here (lint-enforced).
export { doctorsRepository, type DoctorsRepository } from './doctors.repository.js';
export { default as doctorsPlugin } from './doctors.plugin.js';
