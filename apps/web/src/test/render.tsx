import { Suspense, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from '../lib/router.js';
import { afterEach, vi } from 'vitest';
import uiEs from '../components/ui/locales/es.json';
import frameEs from '../app/locales/es.json';
import { AlertHost } from '../components/ui/alert-dialog.js';
import { bundleCatalogue, setLanguage } from '../lib/i18n.js';

/**
 * Component and page tests without a browser (issue 21's fast loop): the page inside the app's
 * providers, its Spanish catalogues loaded as in the app, and the API answered by `fakeApi`.
 * What needs layout, real focus or a real network stays in the Playwright suite.
 */
bundleCatalogue('frame', 'es', frameEs);
bundleCatalogue('ui', 'es', uiEs);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The page in Spanish (the DOM's browser says en-US), inside the providers. */
export async function renderPage(ui: ReactNode, { route = '/' }: { route?: string } = {}) {
  await setLanguage('es');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <Suspense fallback={<p>Cargando la prueba</p>}>{ui}</Suspense>
        <AlertHost />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}
type Answer = { status?: number; json: unknown } | (() => Promise<{ status?: number; json: unknown }>);

/**
 * Replaces `fetch` for the test: each "METHOD /path?query", exactly as the page asks it, answers its
 * JSON; any other call fails the test with its path. Returns the calls made.
 */
export function fakeApi(routes: Record<string, Answer>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : init.body;
    calls.push({ method, path: input, body });
    const answer = routes[`${method} ${input}`];
    if (!answer) throw new Error(`unexpected call in the test: ${method} ${input}`);
    const { status = 200, json } = typeof answer === 'function' ? await answer() : answer;
    return new Response(JSON.stringify(json), { status, headers: { 'content-type': 'application/json' } });
  });
  return calls;
}
