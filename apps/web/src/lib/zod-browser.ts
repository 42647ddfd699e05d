// Every `import ... from 'zod'` of the web build resolves here (vite.config.ts alias). In the
// browser zod must not try to compile parsers with `new Function`: the site's CSP has no
// 'unsafe-eval', so the attempt is refused and Chrome reports a CSP issue (Lighthouse best practices).
import * as zod from 'zod/v4';

zod.config({ jitless: true });

export * from 'zod/v4';
