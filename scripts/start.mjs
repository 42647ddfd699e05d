// `npm start`: the whole product on http://localhost:3000 with the embedded database and the demo
// clinic. Installs dependencies when missing, builds the web app, then starts the server, which
// migrates the database under DATA_DIR (./data) and seeds the demo clinic on its first run.
//
// With NODE_ENV=production it runs the compiled build instead (`npm run build` made it; a
// deployment ships it, scripts/deployment.mjs): plain node, no install, no build, no tsx
// (docs/decisions/0055). The configuration must then be production's (apps/server/src/infra/config.ts).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ensureDependencies, has, root, run, serverNodeArgs } from './lib.mjs';

const production = process.env.NODE_ENV === 'production';
let args;
// Production takes its relay from its configuration (TURN_URLS, TURN_SECRET: docs/deployment.md).
const turnEnv = {};
if (production) {
  const missing = ['apps/server/dist/server.js', 'packages/shared/dist/index.js', 'apps/web/dist/index.html'].filter(
    (f) => !fs.existsSync(path.join(root, f)),
  );
  if (missing.length > 0) {
    console.error(`Falta la compilación de producción (${missing.join(', ')}). Ejecute antes: npm run build`);
    process.exit(1);
  }
  args = [...serverNodeArgs, 'apps/server/dist/server.js'];
} else {
  ensureDependencies();
  run('npm run build -w @clinica/web');
  args = ['--import', 'tsx', 'apps/server/src/server.ts'];
  // Video calls in the demo go through a real relay: coturn on loopback (decision 0053), unless
  // TURN_URLS is given. Without coturn (not installed and not root) the demo still starts: calls
  // then connect directly on this machine.
  if (!process.env.TURN_URLS && (has('turnserver') || process.getuid?.() === 0)) {
    try {
      const { startCoturnAlone } = await import('./services.mjs');
      const turn = await startCoturnAlone();
      Object.assign(turnEnv, { TURN_URLS: turn.urls, TURN_SECRET: turn.secret });
    } catch (err) {
      console.warn(`Videollamadas sin relé TURN: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
const env = { WEB_DIST_DIR: path.join(root, 'apps/web/dist'), ...turnEnv, ...process.env };

const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
console.log(`\nClínica en http://${env.HOST ?? 'localhost'}:${env.PORT ?? 3000}`);
