import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { messages } from '@clinica/shared';

/**
 * Serves the built single-page app: hashed assets cached for a year, index.html never cached,
 * and every other GET that wants HTML answered with index.html (history fallback).
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
    const indexHtml = hasWeb && index ? fs.readFileSync(index) : undefined;
    // index.html carries the inlined entry CSS: compressed once here, not per request.
    const indexBr = indexHtml && zlib.brotliCompressSync(indexHtml);
    const indexGzip = indexHtml && zlib.gzipSync(indexHtml, { level: 9 });

    app.setNotFoundHandler((request, reply) => {
      const wantsHtml = request.method === 'GET' && !request.url.startsWith('/api') && request.headers.accept?.includes('text/html');
      if (indexHtml && wantsHtml) {
        const accepts = String(request.headers['accept-encoding'] ?? '');
        const [encoding, body] =
          indexBr && /\bbr\b/.test(accepts)
            ? ['br', indexBr]
            : indexGzip && /\bgzip\b/.test(accepts)
              ? ['gzip', indexGzip]
              : [undefined, indexHtml];
        reply.code(200).header('cache-control', 'no-cache').header('vary', 'accept-encoding').type('text/html; charset=utf-8');
        if (encoding) reply.header('content-encoding', encoding);
        return reply.send(body);
      }
      return reply.code(404).send({ success: false, message: messages.notFound });
    });
  },
  { name: 'web', dependencies: ['config'] },
);
