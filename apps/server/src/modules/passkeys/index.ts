// The public face of this module: other modules import only what is listed here (lint-enforced).
export { passkeysRepository } from './passkeys.repository.js';
export { default as passkeysPlugin } from './passkeys.plugin.js';
