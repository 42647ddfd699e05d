/**
 * Runs every benchmark of this folder (each bench/*.ts that exports `run()`), one after the
 * other, each in a fresh process, and prints one table. Names given on the command line pick some of them:
 *
 *   npm run bench                                   every benchmark
 *   node --import tsx bench/run.ts session-check    only bench/session-check.ts
 *
 * A benchmark that fails is reported after the table and makes the exit status 1; the others
 * still run.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { formatTable, printTable, type BenchRow } from './lib/measure.js';

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
// Each benchmark in a process of its own (bench/lib/run-one.ts): one that ran before (100,000 records
// in memory, say) must not slow the next one's in-process server through a bigger heap.
const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-bench-run-'));
for (const file of files) {
  console.error(`running ${file} ...`);
  const out = path.join(tmp, `${file}.json`);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(dir, 'lib', 'run-one.ts'), path.join(dir, file), out], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  try {
    if (code !== 0) throw new Error(`exited with ${code}`);
    rows.push(...(JSON.parse(await fs.readFile(out, 'utf8')) as BenchRow[]));
  } catch (err) {
    failures.push(`${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
await fs.rm(tmp, { recursive: true, force: true });
printTable(rows);

// The whole run (not a selection) is the report: docs/benchmarks.md, with the machine it ran on.
if (wanted.length === 0) {
  const report = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString()}: ${os.cpus().length} cores ` +
      `(${os.cpus()[0]?.model ?? 'unknown CPU'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB of memory, Node ${process.version}.`,
    'Each ratio in the notes is against a baseline measured in the same run (a bare server, a bare',
    'WebSocket echo, a single request) or, for Lighthouse, against its threshold.',
    '',
    '```',
    formatTable(rows),
    '```',
    ...(failures.length > 0 ? ['', `Failed: ${failures.map((f) => f.split('\n')[0]).join('; ')}`] : []),
    '',
  ].join('\n');
  await fs.writeFile(path.join(dir, '..', 'docs', 'benchmarks.md'), report);
  console.error('written to docs/benchmarks.md');
}
if (failures.length > 0) {
  console.error(`\n${failures.length} benchmark(s) failed:\n${failures.join('\n\n')}`);
  process.exitCode = 1;
}
