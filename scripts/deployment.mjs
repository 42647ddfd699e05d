// What a deployment ships, in one place (docs/deployment.md, "Production build"): the compiled
// server and shared package, the web build, the lockfile and a root package.json reduced to the
// two workspaces the server needs. `npm install --omit=dev` in the copy installs only run-time
// packages (no tsx, TypeScript, Vite or React); the copy starts with `NODE_ENV=production npm start`
// or the systemd unit (docs/deploy/clinica.service). The fresh-install test copies it this way.
//
//   npm run build && node scripts/deployment.mjs /srv/clinica/releases/2026-11-27
import fs from 'node:fs';
import path from 'node:path';
import { root, serverNodeArgs } from './lib.mjs';

const COPIED = [
  'package-lock.json',
  'scripts/start.mjs',
  'scripts/lib.mjs',
  'packages/shared/package.json',
  'packages/shared/dist',
  'apps/server/package.json',
  'apps/server/dist',
  'apps/web/dist',
];

/** The deployment's root package.json: the server's workspaces and its commands, compiled. */
function deploymentPackageJson() {
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
  const node = `node ${serverNodeArgs.join(' ')}`;
  return {
    name: pkg.name,
    private: true,
    type: 'module',
    // The web app ships built (apps/web/dist): its npm packages are not needed on the server.
    workspaces: ['packages/shared', 'apps/server'],
    engines: pkg.engines,
    scripts: {
      start: 'node scripts/start.mjs',
      'create-admin': `${node} apps/server/dist/create-admin.js`,
      'rotate-file-key': `${node} apps/server/dist/rotate-file-key.js`,
      // Backups and restores (decision 0056): `npm run backup`, `npm run restore FILE`.
      backup: `${node} apps/server/dist/backup.js`,
      restore: `${node} apps/server/dist/restore.js`,
    },
    overrides: pkg.overrides,
  };
}

/** Copies the deployment into `dest` (which must not exist or be empty). */
export function copyDeployment(dest) {
  const missing = COPIED.filter((f) => !fs.existsSync(path.join(root, f)));
  if (missing.length > 0) throw new Error(`Falta la compilación (${missing.join(', ')}): ejecute npm run build`);
  fs.mkdirSync(dest, { recursive: true });
  if (fs.readdirSync(dest).length > 0) throw new Error(`${dest} no está vacío`);
  for (const f of COPIED) fs.cpSync(path.join(root, f), path.join(dest, f), { recursive: true });
  // The server's own package.json keeps its dependencies, not its development commands (tsx).
  const serverPkg = JSON.parse(fs.readFileSync(path.join(dest, 'apps/server/package.json'), 'utf8'));
  delete serverPkg.scripts;
  fs.writeFileSync(path.join(dest, 'apps/server/package.json'), `${JSON.stringify(serverPkg, null, 2)}\n`);
  fs.writeFileSync(path.join(dest, 'package.json'), `${JSON.stringify(deploymentPackageJson(), null, 2)}\n`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const dest = process.argv[2];
  if (!dest) {
    console.error('Uso: node scripts/deployment.mjs DIRECTORIO_NUEVO');
    process.exit(1);
  }
  copyDeployment(path.resolve(dest));
  console.log(`Copiado a ${dest}. Después: cd ${dest} && npm install --omit=dev && NODE_ENV=production npm start`);
}
