// Helpers shared by the README's commands: install what is missing, run a step, stop on failure.
import { execSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** Runs a command in the repository, echoing it; exits the process when it fails. */
export function run(cmd, opts = {}) {
  console.log(`\n$ ${cmd}`);
  const res = spawnSync(cmd, { cwd: root, stdio: 'inherit', shell: true, ...opts });
  if (res.status !== 0) {
    console.error(`\nFalló: ${cmd} (código ${res.status ?? res.signal})`);
    process.exit(res.status ?? 1);
  }
}

/** Installs npm dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const lock = path.join(root, 'package-lock.json');
  const stamp = path.join(root, 'node_modules', '.clinica-lock-sha256');
  const hash = crypto.createHash('sha256').update(fs.readFileSync(lock)).digest('hex');
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash) return;
  // `npm install`, not `npm ci`: the registry this machine reaches lacks some other platforms'
  // optional binaries (e.g. @rollup/rollup-android-*), which npm leaves out of the lockfile and
  // `npm ci` then refuses; `npm install` installs the locked versions and skips those.
  run('npm install --no-audit --no-fund');
  fs.writeFileSync(stamp, hash);
}

export const has = (cmd) => spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;

/**
 * Makes sure Debian packages are installed, through apt-get when we are root; otherwise says how.
 * `needs` maps a command that must exist to the package that provides it.
 */
export function ensureDebianPackages(needs) {
  const missing = Object.entries(needs).filter(([cmd]) => !has(cmd));
  if (missing.length === 0) return;
  const pkgs = [...new Set(missing.map(([, pkg]) => pkg))];
  if (process.getuid?.() !== 0) {
    console.error(`Faltan paquetes de Debian: ${pkgs.join(' ')}. Instálelos con:\n  sudo apt-get update && sudo apt-get install -y ${pkgs.join(' ')}`);
    process.exit(1);
  }
  run('apt-get update -qq');
  run(`DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ${pkgs.join(' ')}`);
}

export { execSync };
