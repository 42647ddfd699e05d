import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.js';
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
void i18nReady.then(render, render);
