/**
 * Runs every benchmark of this folder (each bench/*.ts that exports `run()`), one after the
 * other, and prints one table. Names given on the command line pick some of them:
 *
 *   npm run bench                                   every benchmark
 *   node --import tsx bench/run.ts session-check    only bench/session-check.ts
 *
 * A benchmark that fails is reported after the table and makes the exit status 1; the others
 * still run.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { printTable, type BenchRow } from './lib/measure.js';

const dir = path.dirname(fileURLToPath(import.meta.url));
const self = path.basename(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2).map((a) => a.replace(/\.ts$/, ''));
const files = (await fs.readdir(dir))
  .filter((f) => f.endsWith('.ts') && f !== self && !f.endsWith('.d.ts'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.ts$/, '')))
  .sort();
if (wanted.length > 0 && files.length < wanted.length) {
  console.error(`unknown benchmark among: ${wanted.join(', ')}`);
  process.exit(2);
}

const rows: BenchRow[] = [];
const failures: string[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { run?: () => Promise<BenchRow[]> };
  if (typeof mod.run !== 'function') continue;
  console.error(`running ${file} ...`);
  try {
    rows.push(...(await mod.run()));
  } catch (err) {
    failures.push(`${file}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  }
}
printTable(rows);
if (failures.length > 0) {
  console.error(`\n${failures.length} benchmark(s) failed:\n${failures.join('\n\n')}`);
  process.exitCode = 1;
}
