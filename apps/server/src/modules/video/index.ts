// The public face of this module: other modules import only what is listed here (lint-enforced).
export { default as videoPlugin } from './video.plugin.js';
export type { VideoService } from './video.service.js';
export { toConsultationCall } from './video.mapper.js';
