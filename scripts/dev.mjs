// `npm run dev`: the API with reload on :3000 and Vite's dev server on :5173 (it proxies /api).
import { spawn } from 'node:child_process';
import { ensureDependencies, root } from './lib.mjs';

ensureDependencies();
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/server/src/server.ts'], { cwd: root, stdio: 'inherit' }),
  spawn('npx', ['vite', 'apps/web'], { cwd: root, stdio: 'inherit' }),
];
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => children.forEach((c) => c.kill(signal)));
