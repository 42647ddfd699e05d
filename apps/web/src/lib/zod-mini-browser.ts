// Every `import ... from 'zod/mini'` of the web build resolves here (vite.config.ts alias), as
// 'zod' resolves to zod-browser.ts. The setting is zod core's one global, read when an object
// schema is built: with it, neither mini's object parser nor the `allowsEval` probe ever calls
// `new Function`, which the site's CSP (no 'unsafe-eval') would refuse and Chrome would report as
// a CSP issue (Lighthouse best practices). This module runs before any schema module that imports
// it, so the setting is in place before the first schema exists, whichever zod a page loads.
import * as z from 'zod/v4/mini';

z.config({ jitless: true });

export * from 'zod/v4/mini';
export { z };
