import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { routePreloads, type Manifest } from './src/app/route-preloads.js';

/**
 * Writes a .br and a .gz beside every text asset of the build, once: the server serves them
 * (@fastify/static preCompressed), so phones download about a third of the bytes at no CPU cost per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'clinica-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      const files = [path.join(outDir, 'favicon.svg'), ...fs.readdirSync(assets).map((f) => path.join(assets, f))];
      for (const file of files) {
        if (!/\.(js|css|svg|json)$/.test(file) || !fs.existsSync(file)) continue;
        const bytes = fs.readFileSync(file);
        fs.writeFileSync(`${file}.gz`, zlib.gzipSync(bytes, { level: 9 }));
        fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

/**
 * Writes dist/route-preloads.json (route -> the files it loads beside the entry: page chunk, data
 * modules, Spanish catalogues), read by the server to put per-route modulepreload hints into
 * index.html (apps/server/src/infra/web.ts, decision 0046). After the manifest is written.
 */
function routePreloadMap(): Plugin {
  let outDir = '';
  let srcDir = '';
  return {
    name: 'clinica-route-preloads',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      srcDir = path.resolve(config.root, 'src');
    },
    closeBundle() {
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
      const router = fs.readFileSync(path.join(srcDir, 'app', 'router.tsx'), 'utf8');
      const sessionWatch = fs.readFileSync(path.join(srcDir, 'app', 'layout', 'session-watch.tsx'), 'utf8');
      fs.writeFileSync(path.join(outDir, 'route-preloads.json'), JSON.stringify(routePreloads(router, manifest, sessionWatch)));
    },
  };
}

// In development the API runs on :3000 (npm run dev) and Vite proxies /api to it.
// zod: see src/lib/zod-mini-browser.ts (the web and the shared schemas use zod/mini only; ESLint refuses classic 'zod').
export default defineConfig({
  // The entry's stylesheet stays a <link> of index.html (session 16): Vite's loader puts the entry's CSS
  // among the dependencies of every chunk that imports the entry and adds it unless a <link> of it is in
  // the document; inlined as a <style>, it was downloaded and applied a second time on every page with such
  // a chunk (/consultas-virtuales, /ConsultaChat, /citas…), re-styling the whole page (decision 0046).
  plugins: [react(), precompress(), routePreloadMap()],
  resolve: {
    alias: [
      { find: /^zod\/mini$/, replacement: fileURLToPath(new URL('./src/lib/zod-mini-browser.ts', import.meta.url)) },
    ],
  },
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: { outDir: 'dist', sourcemap: false, assetsInlineLimit: 0, manifest: true, modulePreload: { polyfill: false }, minify: 'terser' },
});
