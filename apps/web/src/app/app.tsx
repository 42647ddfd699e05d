import { Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from '../lib/router.js';
import { bundleCatalogue } from '../lib/i18n.js';
import { queryClient } from '../lib/query-client.js';
import uiEs from '../components/ui/locales/es.json';
import frameEs from './locales/es.json';
import { AppRoutes } from './router.js';

// Spanish of the frame and the primitives ships in the entry: a Spanish first paint requests no catalogue.
bundleCatalogue('frame', 'es', frameEs);
bundleCatalogue('ui', 'es', uiEs);

/** Providers, then the router: the only place features meet. */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        {/* A catalogue still loading above the page's own boundary (rare: the frame's is loaded before the first render). */}
        <Suspense fallback={null}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
