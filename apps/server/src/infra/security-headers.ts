import fp from 'fastify-plugin';

/**
 * Security headers, computed once and set in one onSend hook: @fastify/helmet costs more than
 * half the throughput of a small route on this machine (docs/design.md).
 */
export default fp(
  async (app) => {
    const frameSources = [...new Set([...app.config.clinic.videoUrls, app.config.clinic.playlistUrl].map((u) => new URL(u).origin))];
    // PayPal's JS SDK and Yappy's web component (payments module): their scripts, frames, calls and images. The demo's
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
    // Yappy's web component (decision 0058): its script from Yappy's CDN and, from the page, Yappy's
    // API. The demo's stand-in (/yappy-sandbox) is same-origin and needs nothing.
    const yappy = app.config.yappy;
    if (yappy.mode === 'api') {
      for (const u of [yappy.cdnUrl, yappy.apiBase]) paypalSources.push(new URL(u).origin);
    }
    const sources = [...new Set(paypalSources)];
    const withPaypal = (directive: string) => [directive, ...sources].join(' ');
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
      // Camera and microphone for the consultation's video call (issue 25, decision 0054): this origin only, never an embedded frame.
      'permissions-policy': 'camera=(self), microphone=(self), geolocation=(), payment=(self)',
    };
    // Answers of /api are data, never a document: no page can render, frame or script through
    // them, so they need only the headers that keep them data (nosniff, a CSP that allows
    // nothing, no embedding by other sites). The document-only headers (referrer, permissions,
    // opener policy) mean nothing on JSON; leaving them off keeps the session check, polled by
    // every open page every 5 s, small and cheap (issue 12).
    const apiHeaders: Record<string, string> = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    };
    if (app.config.production) {
      const hsts = 'max-age=63072000; includeSubDomains';
      headers['strict-transport-security'] = hsts;
      apiHeaders['strict-transport-security'] = hsts;
    }
    const documentEntries = Object.entries(headers);
    const apiEntries = Object.entries(apiHeaders);

    // Callback style: an async hook would cost every answer a promise and a microtask.
    app.addHook('onSend', (request, reply, payload, done) => {
      const api = request.url.startsWith('/api/');
      const entries = api ? apiEntries : documentEntries;
      for (const [name, value] of entries) {
        if (!reply.hasHeader(name)) reply.header(name, value);
      }
      // Personal data is never kept by a browser or a proxy (decision 0030), decided here once: every
      // API answer is no-store unless an anonymous route chose its own caching (published pictures,
      // news); a gated route's answer is no-store whatever its handler said.
      if (api) {
        const given = reply.getHeader('cache-control');
        const gated = request.routeOptions.config.access !== 'anonymous';
        if (given === undefined || (gated && !String(given).includes('no-store'))) reply.header('cache-control', 'no-store');
      }
      done(null, payload);
    });
  },
  { name: 'security-headers', dependencies: ['config'] },
);
