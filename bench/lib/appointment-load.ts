/**
 * The load generator of bench/appointments.ts, in a process of its own (like load-generator.ts):
 * transfer bookings, each request for a slot of its own, or a burst of requests all for one slot.
 */
import autocannon from 'autocannon';

export interface BookingSlot {
  id_doctor: string;
  fecha: string;
  hora: string;
}

export interface AppointmentLoad {
  url: string;
  /** Session cookies of the patients who book, used in turn. */
  cookies: string[];
  /** 'book': every request the next slot of `slots`, for `durationSeconds`; 'burst': one request per connection, all for `slots[0]`. */
  mode: 'book' | 'burst';
  slots: BookingSlot[];
  connections: number;
  durationSeconds?: number;
}

export interface AppointmentLoadSummary {
  total: number;
  ok: number;
  refused: number;
  errors: number;
  requestsPerSecond: number;
  wallMs: number;
  p50Ms: number;
  p99Ms: number;
}

// The 1x1 PNG of the tests: a real image by its magic bytes, as the receipt.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const BOUNDARY = '----clinicabench7d1f';

function body(slot: BookingSlot) {
  const fields: Record<string, string> = {
    servicio: 'consulta_general',
    id_doctor: slot.id_doctor,
    fecha: slot.fecha,
    hora: slot.hora,
    mensaje: 'Control general',
    metodo_de_pago: 'Transferencia',
    monto: '10',
  };
  const parts = Object.entries(fields).map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  return Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="comprobante_tranferencia"; filename="recibo.png"\r\nContent-Type: image/png\r\n\r\n`),
    PNG,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  ]);
}

process.once('message', (load: AppointmentLoad) => {
  let next = 0;
  const started = performance.now();
  autocannon({
    url: load.url,
    connections: load.connections,
    ...(load.mode === 'burst' ? { amount: load.connections } : { duration: load.durationSeconds ?? 10 }),
    requests: [
      {
        method: 'POST',
        path: '/api/appointments/receipt',
        setupRequest: (request) => {
          const n = next++;
          const slot = load.mode === 'burst' ? load.slots[0]! : load.slots[n % load.slots.length]!;
          return {
            ...request,
            headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, cookie: load.cookies[n % load.cookies.length]! },
            body: body(slot),
          };
        },
      },
    ],
  }).then(
    (r) => {
      const wallMs = performance.now() - started;
      const summary: AppointmentLoadSummary = {
        total: r.requests.total,
        ok: r['2xx'],
        refused: r.non2xx,
        errors: r.errors + r.timeouts,
        requestsPerSecond: load.mode === 'burst' ? (r.requests.total * 1000) / wallMs : r.requests.average,
        wallMs,
        p50Ms: r.latency.p50,
        p99Ms: r.latency.p99,
      };
      process.send?.(summary, () => process.exit(0));
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
