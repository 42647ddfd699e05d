import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';

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

// In development the API runs on :3000 (npm run dev) and Vite proxies /api to it.
// The production build takes react-router's production files (its package exports only name the
// development ones, which keep dev warnings in the bundle).
export default defineConfig(({ command }) => ({
  plugins: [react(), precompress()],
  resolve:
    command === 'build'
      ? { alias: { 'react-router': fileURLToPath(import.meta.resolve('react-router').replace('/development/', '/production/')) } }
      : {},
  server: { port: 5173, proxy: { '/api': 'http://127.0.0.1:3000' } },
  build: { outDir: 'dist', sourcemap: false, assetsInlineLimit: 0, manifest: true, modulePreload: { polyfill: false }, minify: 'terser' },
}));
