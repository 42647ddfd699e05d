// The public face of this module: other modules import only what is listed here (lint-enforced).
export { setChallengeCookie } from './two-factor.routes.js';
