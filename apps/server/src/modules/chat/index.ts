// The public face of this module: other modules import only what is listed here (lint-enforced).
export { default as chatPlugin } from './chat.plugin.js';
export { toChatLine, type TranscriptMessage } from './chat.mapper.js';
