import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { fetchFestivals } from './lib/catalog';
import './styles/fonts.css';
import './styles/global.css';

// The list screens need the catalogue: start the request now, in parallel with their code.
if (/^\/(favorites\/?)?$/.test(window.location.pathname)) void fetchFestivals().catch(() => undefined);

function start() {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProvider>
        <AppRouter />
      </AppProvider>
    </StrictMode>,
  );
}

// Let the browser paint the static header of index.html first, then start the app.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
