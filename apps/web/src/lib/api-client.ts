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

async function request<T>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: Body): Promise<T> {
  const init: RequestInit = { method, credentials: 'same-origin', headers: { accept: 'application/json' } };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    init.body = JSON.stringify(body);
    init.headers = { ...init.headers, 'content-type': 'application/json' };
  }
  let res: Response;
  try {
    res = await fetch(path, init);
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
