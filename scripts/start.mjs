// `npm start`: the whole product on http://localhost:3000 with the embedded database and the demo
// clinic. Installs dependencies when missing, builds the web app, then starts the server, which
// migrates the database under DATA_DIR (./data) and seeds the demo clinic on its first run.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies, root, run } from './lib.mjs';

ensureDependencies();
run('npm run build');

const env = { WEB_DIST_DIR: path.join(root, 'apps/web/dist'), ...process.env };
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit', env });
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
console.log(`\nClínica en http://${env.HOST ?? 'localhost'}:${env.PORT ?? 3000}`);
