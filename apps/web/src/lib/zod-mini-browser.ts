// Every `import ... from 'zod/mini'` of the web build resolves here (vite.config.ts alias); the web
// and packages/shared import no other zod (eslint.config.js refuses classic 'zod': about 19 kB gzip
// on every signed-in page, decision 0046, session 12). zod's core setting is one global. mini's object schema is the
// core's plain `$ZodObject`, which never compiles a parser with `new Function` (only classic's
// `$ZodObjectJIT` does, after probing `util.allowsEval`), so today mini needs no setting; it is
// made anyway, before any schema module runs (an ES module's imports are evaluated before its
// body), so that no zod path, now or after an upgrade, tries `new Function`: the site's CSP has no
// 'unsafe-eval', the attempt would be refused and Chrome would report a CSP issue (Lighthouse best
// practices). With `jitless` set, `allowsEval` answers false without probing.
import * as z from 'zod/v4/mini';

z.config({ jitless: true });

export * from 'zod/v4/mini';
export { z };
