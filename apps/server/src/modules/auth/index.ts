// The public face of this module: other modules import only what is listed here (lint-enforced).
export { deviceCookies } from './device-cookie.js';
export { sharedThrottle, type SharedThrottle } from './login-throttle.js';
export { cookieNames, hashToken, type SessionAccount, type SessionStore } from './sessions.plugin.js';
export { challengeCookie, setChallengeCookie } from './challenge-cookie.js';
export { default as authPlugin } from './auth.plugin.js';
export { default as sessionsPlugin } from './sessions.plugin.js';
export { type AuthService } from './auth.service.js';
