import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, startGet } from './api-client.js';

/** The server: each call answers with its own number, so a test sees which request an answer came from. */
let calls: { method: string; path: string }[] = [];
const json = (n: number) => new Response(JSON.stringify({ n }), { headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((path: string, init: RequestInit) => {
      calls.push({ method: init.method ?? 'GET', path });
      return Promise.resolve(json(calls.length));
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

// Decision 0046, session 11: the first page's data GETs leave from the entry, beside the session check.
describe('a GET started before the module that reads it', () => {
  it('is sent at once, as api.get sends it, and its answer is the first api.get of that path (no second request)', async () => {
    startGet('/api/receipts');
    expect(calls).toEqual([{ method: 'GET', path: '/api/receipts' }]);
    expect(vi.mocked(fetch).mock.calls[0]![1]).toEqual({
      method: 'GET',
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    expect(await api.get('/api/receipts')).toEqual({ n: 1 });
    expect(calls).toHaveLength(1);
    // Taken once: a later read asks the server again.
    expect(await api.get('/api/receipts')).toEqual({ n: 2 });
  });

  it('is not used for another path, nor once it is too old', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    startGet('/api/appointments');
    expect(await api.get('/api/appointments?cursor=x')).toEqual({ n: 2 });
    vi.advanceTimersByTime(16_000);
    expect(await api.get('/api/appointments')).toEqual({ n: 3 });
  });

  it('is dropped by a change sent after it, which may have made it out of date', async () => {
    startGet('/api/consultations/active');
    await api.post('/api/consultations', { a: 1 });
    expect(await api.get('/api/consultations/active')).toEqual({ n: 3 });
  });

  it('reports a refusal to the api.get that takes it, with the server message', async () => {
    vi.mocked(fetch).mockImplementationOnce(() =>
      Promise.resolve(
        new Response(JSON.stringify({ success: false, message: 'Debe iniciar sesión.' }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
      ),
    );
    startGet('/api/consultations');
    await expect(api.get('/api/consultations')).rejects.toMatchObject({ status: 401, message: 'Debe iniciar sesión.' });
  });
});
