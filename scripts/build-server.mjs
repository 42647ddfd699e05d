// `npm run build` (after the web build): compiles packages/shared/src and apps/server/src to
// JavaScript under each package's dist/, one file per source file, with source maps, so that the
// server runs on plain `node` without tsx, TypeScript or any dev dependency (issue 26, item 1;
// docs/decisions/0055). esbuild transpiles each file on its own, exactly as tsx does at run time
// today, so the compiled server is the code the tests ran; type checking stays `npm run typecheck`.
// Not bundled: the relative asset paths (migrations, the CIE-10 list, the mail logo) and the native
// packages (sharp, argon2) keep working as they are, and a stack trace names the source file.
// Files the server reads next to its code (SQL migrations, data, images) are copied beside it.
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { root } from './lib.mjs';

/** Source files that never run in production: tests and their helpers. */
const isTestFile = (file) => /\.test\.ts$|test-support\.ts$|\.d\.ts$/.test(file);

function listFiles(dir) {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.join(d.parentPath, d.name));
}

async function compile(pkgDir, { copyAssets }) {
  const src = path.join(root, pkgDir, 'src');
  const out = path.join(root, pkgDir, 'dist');
  fs.rmSync(out, { recursive: true, force: true });
  const files = listFiles(src);
  const entryPoints = files.filter((f) => f.endsWith('.ts') && !isTestFile(f));
  await build({
    entryPoints,
    outdir: out,
    outbase: src,
    bundle: false,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: true,
    // The sources in the maps: a production stack trace is readable without the .ts files.
    sourcesContent: true,
    logLevel: 'warning',
    tsconfig: path.join(root, pkgDir, 'tsconfig.json'),
  });
  let assets = 0;
  if (copyAssets) {
    for (const file of files) {
      if (file.endsWith('.ts') || file.endsWith('.tsx')) continue;
      const dest = path.join(out, path.relative(src, file));
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.copyFileSync(file, dest);
      assets += 1;
    }
  }
  console.log(`${pkgDir}: ${entryPoints.length} files compiled${copyAssets ? `, ${assets} assets copied` : ''} to ${path.relative(root, out)}/`);
}

await compile('packages/shared', { copyAssets: false });
await compile('apps/server', { copyAssets: true });
