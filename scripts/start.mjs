// `npm start`: the whole product on http://localhost:3000 with the embedded database and the demo
// clinic. Installs dependencies when missing, builds the web app, then starts the server, which
// migrates the database under DATA_DIR (./data) and seeds the demo clinic on its first run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, has, root, run } from './lib.mjs';

ensureDependencies();
run('npm run build');

// Video calls in the demo go through a real relay: coturn on loopback (decision 0053), unless
// TURN_URLS is given. Without coturn (not installed and not root) the demo still starts: calls
// then connect directly on this machine.
const turnEnv = {};
if (!process.env.TURN_URLS && (has('turnserver') || process.getuid?.() === 0)) {
  try {
    const { startCoturnAlone } = await import('./services.mjs');
    const turn = await startCoturnAlone();
    Object.assign(turnEnv, { TURN_URLS: turn.urls, TURN_SECRET: turn.secret });
  } catch (err) {
    console.warn(`Videollamadas sin relé TURN: ${err instanceof Error ? err.message : String(err)}`);
  }
}
const env = { WEB_DIST_DIR: path.join(root, 'apps/web/dist'), ...turnEnv, ...process.env };
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
console.log(`\nClínica en http://${env.HOST ?? 'localhost'}:${env.PORT ?? 3000}`);
