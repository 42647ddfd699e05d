import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { messages, PAGE_ROUTES, sessionCheckPath } from '@clinica/shared';

/** The build's route -> files map (apps/web/src/app/route-preloads.ts); empty when the build has none. */
function readRoutePreloads(dist: string): Map<string, string[]> {
  const file = path.join(dist, 'route-preloads.json');
  if (!fs.existsSync(file)) return new Map();
  const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string[]>;
  // Only the build's own hashed asset names and plain API paths reach the HTML (they are written into an attribute).
  const safe = (f: string) => /^assets\/[\w.-]+\.(js|css)$/.test(f) || /^\/api\/[\w/-]+(\?[\w=&-]*)?$/.test(f);
  return new Map(Object.entries(parsed).map(([route, files]) => [route.toLowerCase(), files.filter(safe)]));
}

/** route-preloads.json's entry of the signed-in patient's frame stylesheets (apps/web/src/app/route-preloads.ts). */
const PATIENT_FRAME_KEY = 'patient-frame';

/** The gate of each page (lower-cased path), for the session check a gated page makes as it opens. */
const GATES = new Map(PAGE_ROUTES.map((r) => [r.path.toLowerCase(), r.access]));

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached,
 * and every other GET that wants HTML answered with index.html (history fallback), carrying
 * `<link rel="modulepreload">` hints for the requested route's page chunk, data modules and Spanish
 * catalogues, `<link rel="stylesheet">` for its stylesheets, and `<link rel="preload" as="fetch">` hints
 * for its first GETs (its session check and its data), so a phone fetches them in parallel with the
 * entry rather than after it (decision 0046).
 */
export default fp(
  async (app) => {
    const dist = app.config.webDistDir;
    const index = dist ? path.join(dist, 'index.html') : undefined;
    const hasWeb = index !== undefined && fs.existsSync(index);
    if (hasWeb && dist) {
      await app.register(fastifyStatic, {
        root: dist,
        wildcard: false,
        index: false,
        // The build writes .br/.gz beside each asset (apps/web/vite.config.ts): served as they are.
        preCompressed: true,
        // send's own 'public, max-age=0' would replace the cache-control set below (it is applied after setHeaders).
        cacheControl: false,
        setHeaders(res, file) {
          res.setHeader(
            'cache-control',
            file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
          );
        },
      });
    }
    const indexHtml = hasWeb && index ? fs.readFileSync(index, 'utf8') : undefined;
    const preloads = hasWeb && dist ? readRoutePreloads(dist) : new Map<string, string[]>();
    // One body per route (about sixty), built and compressed on its first request, not per request;
    // the router matches paths without regard to case (/sugerencias), and so do the hints.
    const bodies = new Map<string, { raw: Buffer; br: Buffer; gzip: Buffer }>();
    const bodyFor = (route: string) => {
      const key = preloads.has(route) || GATES.has(route) ? route : '';
      let body = bodies.get(key);
      if (!body && indexHtml) {
        // fetchpriority=low: the entry (which paints the frame) keeps the bandwidth first; the page's
        // files still leave at once instead of after it (measured: consent box 5.2 s -> 4.0 s).
        const files = preloads.get(key) ?? [];
        const gate = GATES.get(key);
        // The first GETs (session 14): the gated page's session check (main.tsx waits for it before the
        // first render) and the data its router line prefetches. `crossorigin` (anonymous) is the credentials
        // mode of the app's same-origin fetch, so that fetch takes the preloaded answer instead of asking again
        // (a preload of another mode is not used: measured in Chromium). The answer leaves with the entry, not
        // after its download and evaluation: the consent box 3700 -> 3274 ms on a throttled phone (median of 9).
        // Only with the build's route map, as the other hints (a build without it is served as it was before them).
        const gets = [...(gate && gate !== 'anonymous' && preloads.size > 0 ? [sessionCheckPath(gate, true)] : []), ...files.filter((f) => f.startsWith('/api/'))];
        const hints =
          gets.map((get) => `<link rel="preload" as="fetch" crossorigin href="${get}">`).join('') +
          files
            .filter((f) => f.endsWith('.js'))
            .map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}">`)
            .join('');
        // The page's stylesheets as stylesheets of the document (session 16), not preloads that Vite's
        // loader turns into <link rel=stylesheet> when the page's chunk loads: inserted then, in the middle
        // of React's render, each was parsed and re-styled the whole page inside that task (Lighthouse's
        // longest tasks on the chat page, 120 ms at 1x). Here they are applied before the first render,
        // which waits for the entry (a far larger file) anyway, and the loader, finding them, adds none.
        // At the end of <head>: after the entry's own styles, the order in which the loader appended them.
        // A patient's page also names the frame's stylesheets for a signed-in patient (the verification
        // banner, the way back to the open chats: route-preloads.json's 'patient-frame'), for the same reason.
        const frameStyles = gate === 'patient' ? (preloads.get(PATIENT_FRAME_KEY) ?? []) : [];
        const stylesheets = [...new Set([...files, ...frameStyles].filter((f) => f.endsWith('.css')))]
          .map((f) => `<link rel="stylesheet" crossorigin href="/${f}">`)
          .join('');
        // Right after the entry's <script>: the entry is requested first, its page's files beside it.
        let html = hints ? indexHtml.replace(/(<script type="module"[^>]*><\/script>)/, `$1${hints}`) : indexHtml;
        if (stylesheets) html = html.replace('</head>', `${stylesheets}</head>`);
        const raw = Buffer.from(html);
        body = { raw, br: zlib.brotliCompressSync(raw), gzip: zlib.gzipSync(raw, { level: 9 }) };
        bodies.set(key, body);
      }
      return body;
    };

    app.setNotFoundHandler((request, reply) => {
      const wantsHtml = request.method === 'GET' && !request.url.startsWith('/api') && request.headers.accept?.includes('text/html');
      if (indexHtml && wantsHtml) {
        const body = bodyFor((request.url.split('?')[0] ?? '').toLowerCase())!;
        const accepts = String(request.headers['accept-encoding'] ?? '');
        const [encoding, bytes] = /\bbr\b/.test(accepts) ? ['br', body.br] : /\bgzip\b/.test(accepts) ? ['gzip', body.gzip] : [undefined, body.raw];
        reply.code(200).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(bytes);
      }
      return reply.code(404).send({ success: false, message: messages.notFound });
    });
  },
  { name: 'web', dependencies: ['config'] },
);
