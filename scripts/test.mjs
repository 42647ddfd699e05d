// `npm test`: installs what the tests need (npm dependencies; Debian's chromium, poppler-utils, nginx,
// postgresql-15 and redis-server through apt-get when missing and root), then typecheck, lint, unit
// and API tests (on PGlite and on PostgreSQL 15, plus the two-instance and crash tests), the build
// (web, server, shared), the deployment test (a fresh --omit=dev install started in production; nginx -t
// and systemd-analyze verify on docs/deploy/), the browser tests, then the first-load budgets and Lighthouse. Ends with one line 'N passed, N failed' over all the tests it ran.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { ensureDebianPackages, ensureDependencies, root, run } from './lib.mjs';
import { startServices } from './services.mjs';

// How long each step took, printed with the closing lines: CI shows only a log's tail, and the whole
// run must stay well inside CI's 90 minutes on a 2-core host (aim 45).
const startedAt = Date.now();
const phases = [];
let phaseStart = Date.now();
const phase = (name) => {
  const now = Date.now();
  phases.push(`${name} ${Math.round((now - phaseStart) / 1000)} s`);
  phaseStart = now;
};

ensureDependencies();
// nginx: `nginx -t` checks docs/deploy/nginx.conf (apps/server/test/deploy/deploy-files.test.ts), and
// with openssl it is the TLS + HTTP/2 front the phone-load measurements load pages through (scripts/tls-front.mjs).
ensureDebianPackages({ chromium: 'chromium', pdftotext: 'poppler-utils', nginx: 'nginx', openssl: 'openssl' });

const tmp = path.join(root, '.tmp');
fs.mkdirSync(tmp, { recursive: true });

phase('install');
run('npm run typecheck');
phase('typecheck');
run('npm run lint');
phase('lint');

const results = { passed: 0, failed: 0, skipped: 0 };
const vitestJson = path.join(tmp, 'vitest.json');
const failures = [];
const flaky = [];
const playwrightJson = path.join(tmp, 'playwright.json');

// A throw-away PostgreSQL 15 and Redis (scripts/services.mjs; postgresql-15 and redis-server through
// apt-get when missing): with them Vitest also runs the `postgres` project (the server's tests on
// PostgreSQL) and `scale-out` (two server processes on PostgreSQL and Redis; SIGKILL under load).
let services = { env: {}, stop() {} };
try {
  services = await startServices();
} catch (err) {
  console.error(`\nNo se pudieron iniciar PostgreSQL y Redis: ${err.message}`);
  results.failed += 1;
}
const vitest = spawnSync(`npx vitest run --reporter=default --reporter=json --outputFile.json=${vitestJson}`, {
  cwd: root,
  stdio: 'inherit',
  shell: true,
  env: { ...process.env, ...services.env },
});
services.stop();
phase('vitest');
if (fs.existsSync(vitestJson)) {
  const v = JSON.parse(fs.readFileSync(vitestJson, 'utf8'));
  results.passed += v.numPassedTests;
  results.failed += v.numFailedTests;
  results.skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  for (const file of v.testResults ?? [])
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed') failures.push(`vitest: ${path.relative(root, file.name)} › ${t.fullName}`);
  // A file that failed before its tests ran (a beforeAll, an import) reports them skipped: it counts as a failure.
  for (const file of v.testResults ?? [])
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      results.failed += 1;
      failures.push(`vitest: ${path.relative(root, file.name)} (${String(file.message ?? '').split('\n')[0]})`);
    }
}

run('npm run build');
phase('build');

// The production build as a deployment ships it: copied to a fresh directory, `npm install
// --omit=dev`, started with NODE_ENV=production; and docs/deploy/'s nginx site and systemd unit
// (Vitest project `deploy`, only with CLINICA_TEST_DEPLOY=1, after the build).
const deployJson = path.join(tmp, 'vitest-deploy.json');
fs.rmSync(deployJson, { force: true });
const deploy = spawnSync(`npx vitest run --project deploy --reporter=default --reporter=json --outputFile.json=${deployJson}`, {
  cwd: root,
  stdio: 'inherit',
  shell: true,
  env: { ...process.env, CLINICA_TEST_DEPLOY: '1' },
});
phase('deploy');
if (fs.existsSync(deployJson)) {
  const v = JSON.parse(fs.readFileSync(deployJson, 'utf8'));
  results.passed += v.numPassedTests;
  results.failed += v.numFailedTests;
  results.skipped += v.numPendingTests + (v.numTodoTests ?? 0);
  for (const file of v.testResults ?? [])
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed') failures.push(`vitest deploy: ${path.relative(root, file.name)} › ${t.fullName}`);
  // A file that failed before its tests ran (a beforeAll, an import) reports them skipped: it counts as a failure.
  for (const file of v.testResults ?? [])
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed')) {
      results.failed += 1;
      failures.push(`vitest deploy: ${path.relative(root, file.name)} (${String(file.message ?? '').split('\n')[0]})`);
    }
} else {
  results.failed += 1;
  failures.push('vitest deploy: no result written');
}

// First-load budgets and first-usable times as a phone loads each page (bench/budgets.json, Chromium):
// each page and each first-usable aim counts as one test.
const budgetJson = path.join(tmp, 'budget.json');
fs.rmSync(budgetJson, { force: true });
const budget = spawnSync(`node scripts/check-budget.mjs --json ${budgetJson}`, { cwd: root, stdio: 'inherit', shell: true });
phase('budgets');
if (fs.existsSync(budgetJson)) {
  const measured = JSON.parse(fs.readFileSync(budgetJson, 'utf8'));
  for (const row of [...measured.pages, ...(measured.usable ?? [])]) {
    results[row.ok ? 'passed' : 'failed'] += 1;
    if (!row.ok) failures.push(`budget: ${row.route ?? row.page ?? row.path ?? JSON.stringify(row)}`);
  }
} else {
  results.failed += 1;
  failures.push('budget: no result written');
}

const playwright = spawnSync('npx playwright test', {
  cwd: root,
  stdio: 'inherit',
  shell: true,
  env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightJson, PW_REPORTERS: 'list,json' },
});
phase('playwright');
if (fs.existsSync(playwrightJson)) {
  const s = JSON.parse(fs.readFileSync(playwrightJson, 'utf8')).stats;
  results.passed += s.expected + (s.flaky ?? 0);
  results.failed += s.unexpected;
  results.skipped += s.skipped;
  // Each failed browser test by file, line and title (flaky ones, which passed on retry, too).
  const walk = (suite, titles = []) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected' || t.status === 'flaky')
          (t.status === 'flaky' ? flaky : failures).push(`playwright: ${spec.file}:${spec.line} › ${[...titles, spec.title].join(' › ')}`);
    for (const child of suite.suites ?? []) walk(child, suite.title && !suite.title.endsWith('.ts') ? [...titles, suite.title] : titles);
  };
  for (const suite of JSON.parse(fs.readFileSync(playwrightJson, 'utf8')).suites ?? []) walk(suite);
}

// Lighthouse on the production build (scripts/lighthouse.mjs, median of 3 runs): each page counts as one test.
const lighthouseJson = path.join(tmp, 'lighthouse.json');
fs.rmSync(lighthouseJson, { force: true });
const lighthouse = spawnSync(`node scripts/lighthouse.mjs --json ${lighthouseJson}`, { cwd: root, stdio: 'inherit', shell: true });
phase('lighthouse');
if (fs.existsSync(lighthouseJson)) {
  for (const page of JSON.parse(fs.readFileSync(lighthouseJson, 'utf8')).pages) {
    results[page.ok ? 'passed' : 'failed'] += 1;
    if (!page.ok) failures.push(`lighthouse: ${page.route ?? page.page ?? page.path ?? JSON.stringify(page)}`);
  }
} else {
  results.failed += 1;
  failures.push('lighthouse: no result written');
}

// npm audit (scripts/audit.mjs): one test; skipped when the registry has no audit endpoint.
const auditJson = path.join(tmp, 'audit.json');
fs.rmSync(auditJson, { force: true });
const audit = spawnSync(`node scripts/audit.mjs --json ${auditJson}`, { cwd: root, stdio: 'inherit', shell: true });
phase('audit');
const auditStatus = fs.existsSync(auditJson) ? JSON.parse(fs.readFileSync(auditJson, 'utf8')).status : 'failed';
results[auditStatus] += 1;
if (auditStatus === 'failed') failures.push('npm audit');

const ok =
  audit.status === 0 &&
  vitest.status === 0 &&
  deploy.status === 0 &&
  playwright.status === 0 &&
  budget.status === 0 &&
  lighthouse.status === 0 &&
  results.failed === 0 &&
  results.passed > 0;
// The names of what failed come last, so that the tail of a CI log says what to fix.
for (const f of flaky) console.log(`flaky (passed on retry): ${f}`);
for (const f of failures) console.log(`FAILED: ${f}`);
console.log(`\ntime: ${phases.join(', ')}; total ${Math.round((Date.now() - startedAt) / 1000)} s`);
console.log(`\n${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`);
process.exit(ok ? 0 : 1);
