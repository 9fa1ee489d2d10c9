// First, so that every component's own styles, bundled after them, can refine them.
import './styles/fonts.css';
import './styles/global.css';
import './styles/primitives.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { defaultFilters, filterFestivals } from '#core/festival-filters';
import { fetchFestivals } from './lib/catalog';
import { festivalImage } from './lib/festival-image';

// The list screens need the catalogue: start the request now, in parallel with their code. On the
// home, the first card's picture is the largest paint: ask for it as soon as the list is known.
if (/^\/(favorites\/?)?$/.test(window.location.pathname)) {
  fetchFestivals().then(
    (list) => {
      const first = window.location.pathname === '/' ? filterFestivals(list, defaultFilters)[0] : undefined;
      if (!first) return;
      const image = festivalImage(first);
      const link = Object.assign(document.createElement('link'), { rel: 'preload', as: 'image', href: image.src, fetchPriority: 'high' });
      if (image.srcSet) {
        link.setAttribute('imagesrcset', image.srcSet);
        link.setAttribute('imagesizes', '(max-width: 640px) 100vw, 400px');
      }
      document.head.appendChild(link);
    },
    () => undefined,
  );
}

// index.html paints a static header first and imports this module after that paint (web/vite.config.ts).
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider>
      <AppRouter />
    </AppProvider>
  </StrictMode>,
);
