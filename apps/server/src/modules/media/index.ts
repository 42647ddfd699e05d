// The public face of this module: other modules import only what is listed here (lint-enforced).
export { checkUpload, imageFields, imageUrl, mediaService, type MediaService } from './media.service.js';
export { default as mediaPlugin } from './media.plugin.js';
