/**
 * Runs one benchmark file in this process and writes its rows as JSON to the file named second:
 * bench/run.ts starts one of these per benchmark, so no benchmark measures a heap, timers or
 * databases left behind by the one before it.
 *
 *   node --import tsx bench/lib/run-one.ts bench/session-check.ts out.json
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BenchRow } from './measure.js';

const [file, out] = process.argv.slice(2);
if (!file || !out) throw new Error('usage: run-one.ts <benchmark.ts> <out.json>');
const mod = (await import(pathToFileURL(path.resolve(file)).href)) as { run?: () => Promise<BenchRow[]> };
const rows = typeof mod.run === 'function' ? await mod.run() : [];
await fs.writeFile(out, JSON.stringify(rows));
// Pools, servers or timers a benchmark leaves open must not keep the run waiting.
process.exit(0);
