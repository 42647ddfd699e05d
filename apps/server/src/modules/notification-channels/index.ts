// The public face of this module: other modules import only what is listed here (lint-enforced).
export { default as notificationChannelsPlugin } from './notification-channels.plugin.js';
