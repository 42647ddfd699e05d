import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
import { firstPageReady } from './app/router.js';
import { i18nReady } from './lib/i18n.js';
import './styles.css';

// Spanish is bundled (ready at once); a visitor in another language waits for the frame's catalogues
// rather than seeing it in Spanish first. A failed catalogue load still shows the site.
const render = () => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
};
// The first page's chunk and session check started when the router loaded; waiting for them (not
// longer than FIRST_PAGE_WAIT_MS, so a slow network still sees the frame and "Cargando...") makes the
// first render whole: React shows content that suspended no sooner than 300 ms after its fallback.
const FIRST_PAGE_WAIT_MS = 1500;
const firstPage = Promise.race([firstPageReady, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
void Promise.all([i18nReady, firstPage]).then(render, render);
