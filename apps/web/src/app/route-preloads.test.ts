import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '@clinica/shared';
import { PATIENT_FRAME_KEY, routeLines, routePreloads, type Manifest } from './route-preloads.js';

const routerSource = fs.readFileSync(path.join(import.meta.dirname, 'router.tsx'), 'utf8');

// Decision 0046: the server's per-route modulepreload hints come from the route table's lines.
describe('route preloads read from the route table', () => {
  it('finds a page import for every route of the specification that has a page, with its catalogues and data modules', () => {
    const lines = new Map(routeLines(routerSource).map((l) => [l.path, l]));
    const withPage = PAGE_ROUTES.filter((r) => lines.has(r.path));
    // Every route the router gives a page (all but the few that show the 'not available' notice).
    expect(withPage.length).toBeGreaterThan(PAGE_ROUTES.length - 5);
    for (const route of withPage) expect(lines.get(route.path)!.imports.length, route.path).toBeGreaterThan(0);
    expect(lines.get('/')).toEqual({ path: '/', imports: ['../features/site/components/home-page.js'], namespaces: ['site'], gets: [] });
    expect(lines.get('/Recibo_pagos')).toEqual({
      path: '/Recibo_pagos',
      imports: ['../features/patient-area/components/receipts-page.js', '../features/patient-area/api/get-receipts.js'],
      namespaces: ['messages', 'patient-area'],
      gets: ['/api/receipts'],
    });
    expect(lines.get('/consultas-virtuales')!.gets).toEqual(['/api/consultations/active', '/api/consultations/session']);
  });

  it("maps a route to its page chunk's closure and stylesheets, data module and Spanish catalogues, leaving out what the entry loads", () => {
    const manifest: Manifest = {
      'index.html': { file: 'assets/index-E.js', isEntry: true, imports: ['_vendor.js'] },
      '_vendor.js': { file: 'assets/vendor-V.js' },
      '_button.js': { file: 'assets/button-B.js', imports: ['_vendor.js'] },
      'src/features/patient-area/components/receipts-page.tsx': { file: 'assets/receipts-page-R.js', css: ['assets/receipts-page-R.css'], imports: ['_button.js', 'index.html'] },
      'src/features/patient-area/api/get-receipts.ts': { file: 'assets/get-receipts-G.js' },
      'src/features/patient-area/locales/es.json': { file: 'assets/es-P.js' },
      'src/lib/messages-es.ts': { file: 'assets/messages-M.js' },
      'src/features/site/components/home-page.tsx': { file: 'assets/home-page-H.js' },
      'src/features/site/locales/es.json': { file: 'assets/es-S.js' },
    };
    const table = [
      "const home = publicPage(() => import('../features/site/components/home-page.js'), 'HomePage', ['site']);",
      "  '/': home,",
      "  '/Recibo_pagos': page(() => import('../features/patient-area/components/receipts-page.js'), 'ReciboPagosPage', ['patient-area'], { data: [prefetch(() => import('../features/patient-area/api/get-receipts.js'), (m) => queryClient.prefetchQuery(m.getReceiptsQueryOptions()), '/api/receipts')] }),",
    ].join('\n');
    // Session 14: the page's early GET last, for the server's fetch preload.
    expect(routePreloads(table, manifest)).toEqual({
      '/': ['assets/home-page-H.js', 'assets/es-S.js'],
      '/Recibo_pagos': ['assets/receipts-page-R.js', 'assets/receipts-page-R.css', 'assets/button-B.js', 'assets/get-receipts-G.js', 'assets/messages-M.js', 'assets/es-P.js', '/api/receipts'],
    });
  });

  // Session 16: what session-watch.tsx loads for a signed-in patient after the first paint brings
  // stylesheets the server names in every patient page's head; only theirs, not the entry's, not scripts.
  it("lists the signed-in patient's frame stylesheets under 'patient-frame'", () => {
    const manifest: Manifest = {
      'index.html': { file: 'assets/index-E.js', isEntry: true, css: ['assets/index-E.css'] },
      'src/app/layout/signed-in-widgets.tsx': { file: 'assets/signed-in-widgets-W.js', imports: ['index.html'] },
      'src/features/email-verification/components/email-verification-banner.tsx': {
        file: 'assets/email-verification-banner-B.js',
        css: ['assets/email-verification-V.css'],
        imports: ['index.html'],
      },
    };
    const sessionWatch = [
      "const SignedInWatch = lazy(async () => ({ default: (await import('./signed-in-widgets.js')).SignedInWatch }));",
      "const Banner = lazy(async () => ({ default: (await import('../../features/email-verification/components/email-verification-banner.js')).EmailVerificationBanner }));",
    ].join('\n');
    expect(routePreloads('', manifest, sessionWatch)).toEqual({ [PATIENT_FRAME_KEY]: ['assets/email-verification-V.css'] });
  });

  it('refuses a module that is not in the build rather than leaving a route without hints', () => {
    const manifest: Manifest = { 'index.html': { file: 'assets/index-E.js', isEntry: true } };
    expect(() => routePreloads("  '/x': page(() => import('./missing-page.js'), 'X'),", manifest)).toThrow(/missing-page/);
  });
});

// Session 11: a data line's GET path (the third argument of `prefetch`) is sent from the entry; the
// module's query takes that answer only when it asks for exactly that path.
describe("the route table's early GETs", () => {
  it('name a path the prefetched module itself requests', () => {
    const early = [...routerSource.matchAll(/prefetch\(\(\) => import\('([^']+)'\)(?:(?!prefetch\().)*?, '(\/api\/[^']*)'\)/g)];
    expect(early.length).toBeGreaterThanOrEqual(7);
    for (const [, module, get] of early) {
      const source = fs.readFileSync(path.join(import.meta.dirname, module!.replace(/\.js$/, '.ts')), 'utf8');
      // A literal path, or a template that adds nothing for the first page (`${listQuery(...)}` with no cursor).
      expect(source.includes(`'${get}'`) || source.includes(`\`${get}\${`), `${module} asks for ${get}`).toBe(true);
    }
  });
});
