/**
 * The one way the web app talks to the API: same-origin fetch with the session cookies, JSON or
 * FormData bodies, and every refusal turned into an ApiError carrying the server's Spanish message.
 */

/** A refused or failed call. `status` is 0 when the server could not be reached. */
import { translateMessage } from './i18n.js';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly errors: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** True when the server answered (its message is then worth showing to the person). */
  get fromServer() {
    return this.status > 0 && this.message !== '';
  }
}

type Body = FormData | Record<string, unknown> | undefined;

interface Envelope {
  success?: boolean;
  message?: string;
  mensaje?: string;
  errors?: Record<string, string>;
}

const requestInit = (method: string): RequestInit => ({
  method,
  credentials: 'same-origin',
  headers: { accept: 'application/json' },
});

/**
 * GETs sent before the module that reads them has loaded (`startGet`: app/router.tsx, the data of the
 * page the app opens on). Their modules wait for the shared schemas (zod, the catalogue) before they
 * can ask; sent from the entry, the request's round trip runs beside that download instead of after it.
 */
const started = new Map<string, { at: number; response: Promise<Response> }>();
/** An answer started earlier than this is not used: the module that reads it comes within a few seconds of the start. */
const STARTED_GET_MAX_AGE_MS = 15_000;

/**
 * Sends GET `path` now, exactly as `api.get(path)` would; the first `api.get` of the same path takes
 * its answer instead of asking again (once, within STARTED_GET_MAX_AGE_MS, and only while no change
 * has been sent since: any POST, PUT, PATCH or DELETE drops the answers not yet taken).
 */
export function startGet(path: string): void {
  if (started.has(path)) return;
  const response = fetch(path, requestInit('GET'));
  // Read (and its failure reported) by the api.get that takes it; one never taken must not be reported as unhandled.
  response.catch(() => undefined);
  started.set(path, { at: Date.now(), response });
}

/** The answer of a GET started earlier for `path`, taken once; undefined when there is none or it is too old. */
function takeStarted(path: string): Promise<Response> | undefined {
  const early = started.get(path);
  if (!early) return undefined;
  started.delete(path);
  return Date.now() - early.at <= STARTED_GET_MAX_AGE_MS ? early.response : undefined;
}

async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: Body): Promise<T> {
  const init = requestInit(method);
  // After a change an answer fetched before it may be out of date.
  if (method !== 'GET') started.clear();
  const early = method === 'GET' ? takeStarted(path) : undefined;
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  let res: Response;
  try {
    res = await (early ?? fetch(path, init));
  } catch {
    throw new ApiError('', 0);
  }
  let data: unknown = undefined;
  if (res.headers.get('content-type')?.includes('application/json')) {
    try {
      data = await res.json();
    } catch {
      data = undefined;
    }
  }
  const envelope = (typeof data === 'object' && data !== null ? data : {}) as Envelope;
  if (!res.ok || envelope.success === false) {
    throw new ApiError(envelope.message ?? envelope.mensaje ?? '', res.status, envelope.errors ?? {});
  }
  return data as T;
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: Body) => request<T>('POST', path, body),
  put: <T>(path: string, body?: Body) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: Body) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
};

/** The server's message when it gave one, otherwise the fallback (a network failure, say), in the current language. */
export const messageOf = (error: unknown, fallback: string) =>
  translateMessage(error instanceof ApiError && error.fromServer ? error.message : fallback);
