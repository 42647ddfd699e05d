import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';

// The web build as the server serves it: precompressed hashed assets cached for a year, index.html
// compressed and never cached (a phone on a mobile network downloads a third of the bytes).
describe('serving the web build', () => {
  let t: TestApp;
  let dist: string;
  const entryTag = '<script type="module" crossorigin src="/assets/index-abc123.js"></script>';
  const html = `<!doctype html><html><head>${entryTag}<style>${'.a{color:red}'.repeat(200)}</style></head><body></body></html>`;
  // The build's route map (apps/web/src/app/route-preloads.ts); one name that is not a built asset.
  const routePreloads = {
    '/Consultas': ['assets/consultations-list-page-X1.js', 'assets/consultations-list-page-X1.css', 'assets/messages-M2.js', '/api/consultations'],
    '/psicologia': ['assets/psicologia-page-P3.js', 'assets/x.js"><script src="//evil.example/a.js', '/api/x"><script src="//evil.example/b.js'],
    // The signed-in patient's frame stylesheets (session 16); the first is also /Consultas' own.
    'patient-frame': ['assets/consultations-list-page-X1.css', 'assets/email-verification-E4.css'],
  };
  const js = `console.log(${JSON.stringify('x'.repeat(2000))});`;

  beforeAll(async () => {
    dist = await fs.mkdtemp(path.join(os.tmpdir(), 'clinica-web-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), html);
    await fs.writeFile(path.join(dist, 'route-preloads.json'), JSON.stringify(routePreloads));
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js'), js);
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js.br'), zlib.brotliCompressSync(js));
    await fs.writeFile(path.join(dist, 'assets', 'index-abc123.js.gz'), zlib.gzipSync(js));
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    await fs.rm(dist, { recursive: true, force: true });
  });

  it('serves an asset precompressed with brotli and caches it for a year', async () => {
    const res = await t.app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(js);
  });

  it('answers a page address with index.html, compressed when the browser accepts it, never cached', async () => {
    const br = await t.app.inject({ url: '/medicina-general', headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(html);
    expect(br.rawPayload.length).toBeLessThan(html.length / 3);

    const gz = await t.app.inject({ url: '/noticias', headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(html);

    const plain = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  // Decision 0046: a phone fetches the page's chunk and catalogues beside the entry, not after it.
  it("names the requested route's page chunk and catalogues in preload hints after the entry, its stylesheet in the head", async () => {
    const res = await t.app.inject({ url: '/Consultas?x=1', headers: { accept: 'text/html' } });
    const hints =
      // Its first GETs (session 14): the patient's session check as the page's first one asks it, and its data.
      '<link rel="preload" as="fetch" crossorigin href="/api/auth/session?activo=1">' +
      '<link rel="preload" as="fetch" crossorigin href="/api/consultations">' +
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/consultations-list-page-X1.js">' +
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/messages-M2.js">';
    expect(res.body).toContain(`${entryTag}${hints}`);
    // Its stylesheet applies from the first render (session 16), after the entry's own styles: Vite's
    // loader then finds it and inserts none in the middle of the page's render. A patient's page also
    // names the patient frame's stylesheets, each once.
    expect(res.body).toContain(
      '</style><link rel="stylesheet" crossorigin href="/assets/consultations-list-page-X1.css">' +
        '<link rel="stylesheet" crossorigin href="/assets/email-verification-E4.css"></head>',
    );
    expect(res.body).not.toContain('as="style"');
    // The router matches /consultas too; so do the hints.
    const lower = await t.app.inject({ url: '/consultas', headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(zlib.brotliDecompressSync(lower.rawPayload).toString()).toContain(hints);
  });

  it('adds no hint for an address without a page, nor a name that is not a built asset', async () => {
    const unknown = await t.app.inject({ url: '/no-existe', headers: { accept: 'text/html' } });
    expect(unknown.body).toBe(html);
    const psicologia = await t.app.inject({ url: '/psicologia', headers: { accept: 'text/html' } });
    expect(psicologia.body).toContain('<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/psicologia-page-P3.js">');
    expect(psicologia.body).not.toContain('evil.example');
    // A public page: no session check is named (its visitor may have none to ask about).
    expect(psicologia.body).not.toContain('as="fetch"');
  });

  it("names a staff page's session check though the build's map gives the page no data", async () => {
    const res = await t.app.inject({ url: '/Consultas_Admin_Doctor', headers: { accept: 'text/html' } });
    expect(res.body).toContain(`${entryTag}<link rel="preload" as="fetch" crossorigin href="/api/doctor/session?activo=1">`);
    // The patient's frame is not a doctor's.
    expect(res.body).not.toContain('email-verification-E4.css');
  });
});
