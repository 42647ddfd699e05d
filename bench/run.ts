/**
 * Runs every benchmark of this folder (each bench/*.ts that exports `run()`), one after the
 * other, and prints one table.   npm run bench
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { printTable, type BenchRow } from './lib/measure.js';

const dir = path.dirname(fileURLToPath(import.meta.url));
const self = path.basename(fileURLToPath(import.meta.url));
const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.ts') && f !== self && !f.endsWith('.d.ts')).sort();

const rows: BenchRow[] = [];
for (const file of files) {
  const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { run?: () => Promise<BenchRow[]> };
  if (typeof mod.run !== 'function') continue;
  console.error(`running ${file} ...`);
  rows.push(...(await mod.run()));
}
printTable(rows);
