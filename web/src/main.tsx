import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { fetchFestivals } from './lib/catalog';
import './styles/fonts.css';
import './styles/global.css';

// The list screens need the catalogue: start the request now, in parallel with their code.
if (/^\/(favorites\/?)?$/.test(window.location.pathname)) void fetchFestivals().catch(() => undefined);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
