// First, so that every component's own styles, bundled after them, can refine them.
import './styles/fonts.css';
import './styles/global.css';
import './styles/primitives.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter } from './app/router';
import { defaultFilters } from '#core/festival-filters';
import { fetchFestivalPage, festivalPageUrl } from './lib/festival-lists';
import { festivalImage } from './lib/festival-image';

// The home's first page is already on its way (index.html asks for it with the code). Its first
// card's picture is the largest paint: ask for it as soon as the page is known.
if (window.location.pathname === '/' && !window.location.search) {
  fetchFestivalPage(festivalPageUrl(defaultFilters)).then(
    (page) => {
      const first = page.items[0];
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
