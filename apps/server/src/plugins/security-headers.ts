import fp from 'fastify-plugin';

/**
 * Security headers, computed once and set in one onSend hook: @fastify/helmet costs more than
 * half the throughput of a small route on this machine (DESIGN.md).
 */
export default fp(
  async (app) => {
    const frameSources = [...new Set(app.config.clinic.videoUrls.map((u) => new URL(u).origin))];
    const csp = [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      `frame-src 'self' ${frameSources.join(' ')}`.trim(),
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; ');
    const headers: Record<string, string> = {
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'cross-origin-opener-policy': 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    };
    if (app.config.production) headers['strict-transport-security'] = 'max-age=63072000; includeSubDomains';
    const entries = Object.entries(headers);

    app.addHook('onSend', async (_request, reply, payload) => {
      for (const [name, value] of entries) {
        if (!reply.hasHeader(name)) reply.header(name, value);
      }
      return payload;
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
