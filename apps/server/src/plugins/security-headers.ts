import fp from 'fastify-plugin';

/**
 * Security headers, computed once and set in one onSend hook: @fastify/helmet costs more than
 * half the throughput of a small route on this machine (DESIGN.md).
 */
export default fp(
  async (app) => {
    const frameSources = [...new Set(app.config.clinic.videoUrls.map((u) => new URL(u).origin))];
    // PayPal's JS SDK (payments module): its script, frames, calls and images. The demo's
    // stand-in is same-origin and needs nothing.
    const paypal = app.config.paypal;
    const paypalSources: string[] = [];
    if (paypal.mode === 'rest') {
      const sdk = new URL(paypal.sdkUrl, 'http://localhost');
      paypalSources.push(sdk.origin);
      if (sdk.hostname === 'paypal.com' || sdk.hostname.endsWith('.paypal.com')) {
        paypalSources.push('https://*.paypal.com', 'https://*.paypalobjects.com');
      }
    }
    const withPaypal = (directive: string) => [directive, ...paypalSources].join(' ');
    const csp = [
      "default-src 'self'",
      withPaypal("script-src 'self'"),
      "style-src 'self' 'unsafe-inline'",
      withPaypal("img-src 'self' data: blob:"),
      "font-src 'self'",
      withPaypal("connect-src 'self'"),
      withPaypal(`frame-src 'self' ${frameSources.join(' ')}`.trim()),
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
      // PayPal's checkout window talks back to its opener; the demo opens no window.
      'cross-origin-opener-policy': paypal.mode === 'rest' ? 'same-origin-allow-popups' : 'same-origin',
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
    };
    if (app.config.production) headers['strict-transport-security'] = 'max-age=63072000; includeSubDomains';
    const entries = Object.entries(headers);

    // Callback style: an async hook would cost every answer a promise and a microtask.
    app.addHook('onSend', (_request, reply, payload, done) => {
      for (const [name, value] of entries) {
        if (!reply.hasHeader(name)) reply.header(name, value);
      }
      done(null, payload);
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
