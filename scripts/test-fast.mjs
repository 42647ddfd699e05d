// `npm run test:fast`: the development loop (issue 21). Typecheck (incremental, `tsc -b`), lint of the
// changed files, and the Vitest tests the change reaches (unit, API on PGlite, the web's component
// tests; see below), in under 3 minutes here. `npm test` stays the whole suite (PostgreSQL, browsers).
//
//   npm run test:fast                 changes against HEAD (staged, unstaged and new files)
//   npm run test:fast -- --since main the commits of a branch too
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ensureDependencies, root, run } from './lib.mjs';

const { values: args } = parseArgs({ options: { since: { type: 'string', default: 'HEAD' } } });
ensureDependencies();
const started = Date.now();

const git = (cmd) => execSync(`git ${cmd}`, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [...new Set([...git(`diff --name-only ${args.since}`), ...git('ls-files --others --exclude-standard')])].filter((f) =>
  fs.existsSync(path.join(root, f)),
);
const code = changed.filter((f) => /\.(ts|tsx|mjs|js|json)$/.test(f));
console.log(`${changed.length} changed file(s) against ${args.since}`);

run('npm run typecheck');
const lintable = code.filter((f) => /\.(ts|tsx|mjs|js)$/.test(f));
if (lintable.length > 0) run(`npx eslint --max-warnings=0 --no-warn-ignored --cache --cache-location .tmp/eslintcache ${lintable.map((f) => JSON.stringify(f)).join(' ')}`);
// Which tests a change reaches. The web and the shared package: `vitest related` (their tests import
// only what they use). The server: every API test imports the whole app through the harness, so
// `related` would run all of them; a module's change runs its own folder's tests, a change outside the
// modules (db, lib, plugins) the tests beside it, and a change of routes also the two route tables
// (role matrix, audited reads). The other security suites run in `npm test`.
const tsOrLocale = code.filter((f) => /\.(ts|tsx)$/.test(f) || /locales\/.*\.json$/.test(f) || f.includes('/migrations/'));
const related = tsOrLocale.filter((f) => f.startsWith('apps/web/') || f.startsWith('packages/shared/'));
const targets = new Set();
for (const f of tsOrLocale.filter((x) => x.startsWith('apps/server/'))) {
  const mod = /^apps\/server\/src\/modules\/[^/]+/.exec(f);
  if (/\.test\.ts$/.test(f)) targets.add(f);
  else if (mod) targets.add(mod[0]);
  else targets.add(path.dirname(f));
  if (/\.routes\.ts$/.test(f)) for (const t of ['role-matrix', 'audit-reads']) targets.add(`apps/server/test/security/${t}.test.ts`);
}
// The lint configuration's own test, when the configuration or its fixtures change.
if (changed.some((f) => f === 'eslint.config.js' || f.startsWith('eslint/'))) targets.add('eslint');
if (related.length > 0) run(`npx vitest related --run --project pglite --project web --passWithNoTests ${related.map((f) => JSON.stringify(f)).join(' ')}`);
if (targets.size > 0) run(`npx vitest run --project pglite --project web --passWithNoTests ${[...targets].map((f) => JSON.stringify(f)).join(' ')}`);
if (related.length === 0 && targets.size === 0) console.log('\nNo source changed: no tests to run.');
console.log(`\ntest:fast finished in ${Math.round((Date.now() - started) / 1000)} s`);
