/**
 * The load generator, in a process of its own (forked by measure.ts): its CPU is then not counted
 * as the server's, and it does not share an event loop with the server it drives.
 */
import autocannon from 'autocannon';

process.once('message', (opts: autocannon.Options) => {
  autocannon(opts).then(
    (r) => {
      const summary = {
        requestsPerSecond: r.requests.average,
        total: r.requests.total,
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
        errors: r.errors + r.timeouts + r.non2xx,
      };
      process.send?.(summary, () => process.exit(0));
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
